/** The sub-organization of a login, when the client did not name one: found like /v1/account finds it. */
import { notFound } from '../../http/service-error.ts';
import type { Upstream } from '../upstream.ts';

export async function findSubOrganization(upstream: Upstream, parentId: string, filterType: string, filterValue: string): Promise<string> {
  const answer = await upstream.query('get_sub_org_ids', { organizationId: parentId, filterType, filterValue });
  const ids = Array.isArray(answer.organizationIds) ? (answer.organizationIds as string[]) : [];
  if (ids.length === 0) throw notFound('ORGANIZATION_NOT_FOUND', 'No account matches: sign up first.');
  return ids[0]!;
}

