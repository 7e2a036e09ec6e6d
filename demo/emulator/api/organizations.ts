/** Organization lookups: existence and the parent chain (a parent's users act on its children). */
import { notFound } from '../http/service-error.ts';
import type { OrganizationRecord } from '../state/records.ts';
import type { StateView } from '../state/store.ts';

/** Deep enough for any real hierarchy, and a guard against a cycle in a hand-edited data file. */
const MAX_DEPTH = 16;

export function requireOrganization(view: StateView, organizationId: string): OrganizationRecord {
  const organization = view.organizations.get(organizationId);
  if (!organization) throw notFound('ORGANIZATION_NOT_FOUND', 'No organization with this organizationId.');
  return organization;
}

/** True when `memberOrgId` is `targetOrgId` itself or one of its ancestors. */
export function governs(view: StateView, memberOrgId: string, targetOrgId: string): boolean {
  let current: string | undefined = targetOrgId;
  for (let depth = 0; current !== undefined && depth < MAX_DEPTH; depth++) {
    if (current === memberOrgId) return true;
    current = view.organizations.get(current)?.parentId;
  }
  return false;
}
