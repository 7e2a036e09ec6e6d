/** Queries: same route, stamp and authorization checks as submits; nothing is written. */
import { forbidden, invalidRequest, notFound, unauthenticated } from '../http/service-error.ts';
import { readOnlyPrincipal } from '../identity/read-only-session.ts';
import { jsonResponse } from '../http/exchange.ts';
import { parseJsonObject } from '../http/parse-json.ts';
import { requireString } from '../http/fields.ts';
import { checkStamp } from './stamp-check.ts';
import { LOGIN_ADDRESSABLE, resolvePrincipal } from './principal.ts';
import { governs, requireOrganization } from './organizations.ts';
import { querySpec } from './operations.ts';
import type { EmulatorContext } from '../context.ts';
import type { EmuRequest, EmuResponse } from '../http/exchange.ts';
import type { QueryHandler } from './handler-types.ts';

export type QueryRegistry = ReadonlyMap<string, QueryHandler>;

const STAMP_HEADERS = ['x-stamp', 'x-stamp-webauthn', 'x-stamp-attested'] as const;

export async function runQuery(ctx: EmulatorContext, registry: QueryRegistry, operation: string, request: EmuRequest): Promise<EmuResponse> {
  const spec = querySpec(operation);
  const handler = registry.get(operation);
  if (!spec || !handler) throw notFound('NOT_FOUND', 'Unknown query operation.');
  // A read-only session (X-Session, unstamped) reads as its user; a stamp, when there is one, decides.
  const session = STAMP_HEADERS.some((h) => request.headers[h] !== undefined) ? undefined : request.headers['x-session'];
  const check = session === undefined ? await checkStamp(request) : undefined;
  if (check?.kind === 'ATTESTED') throw unauthenticated('SIGNATURE_INVALID', 'X-Stamp-Attested is accepted only by stamp_login.');
  const body = parseJsonObject(request.body);
  // Stamps cover the body, not the route (SECURITY.md B5): a captured activity body would
  // otherwise read data as its signer when replayed to a query. Submit routes check the body's
  // type; a query refuses the activity envelope, which no query body carries.
  if (['type', 'timestampMs', 'parameters'].some((field) => field in body)) {
    throw invalidRequest('A query body carries no activity envelope (type, timestampMs, parameters).');
  }
  for (const field of spec.required) requireString(body, field);
  const view = ctx.store.read;
  const addressed = requireOrganization(view, body.organizationId as string);
  const principal = check
    ? await resolvePrincipal(ctx, view, check, addressed.id, request.body, { fromAncestor: LOGIN_ADDRESSABLE.has(operation) })
    : await readOnlyPrincipal(ctx, view, session!);
  if (!check && !governs(view, principal.organizationId, addressed.id)) throw forbidden('The read-only session may not read this organization.');
  // whoami by a passkey addressed to the parent answers for the user's own sub-organization.
  const organization = governs(view, principal.organizationId, addressed.id) ? addressed : requireOrganization(view, principal.organizationId);
  return jsonResponse(200, await handler.run({ ctx, view, organization, principal, body }));
}
