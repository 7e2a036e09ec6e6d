/**
 * When the user last proved presence for a request's credential (step-up, policy/step-up.ts): a
 * passkey assertion or an attested login is a proof made now; an API key carries the time of the
 * login that made it, and a session made by stamping with a key (a refresh) inherits that time.
 * A key that never expires (a backend's) is exempt from step-up, so what it makes is fresh.
 */
import type { Principal } from '../api/principal.ts';
import type { StateView } from '../state/store.ts';

export function proofTimeOf(view: StateView, principal: Principal, now: number): number {
  if (principal.kind !== 'API_KEY') return now;
  const key = principal.apiKeyId ? view.apiKeys.get(principal.apiKeyId) : undefined;
  if (!key || key.expiresAt === undefined) return now;
  return key.authenticatedAt ?? key.createdAt;
}
