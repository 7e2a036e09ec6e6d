/**
 * The service side of a logout (SigningSession.logout), loaded only when a logout runs: the
 * logged-in signing path does not carry it. Stamped by the session key itself, for the session's
 * user: `get_user` lists the user's API keys, then one `delete_api_keys` removes the session's
 * own key or, with `everywhere`, every session key of the user.
 *
 * A session key is an expiring P-256 API key: what every login and refresh makes, and what the
 * service itself evicts when a user holds more than ten (docs/protocol.md §4), so no one can count on
 * one surviving anyway. Keys without an expiry are credentials the user (or an administrator)
 * made on purpose with create_api_keys, like passkeys: `everywhere` leaves them, and the user's
 * passkeys, email, phone and OAuth logins, alone.
 */
// Types only: failures are rethrown as they came, and SigningSession.logout (which has
// LatchError at hand) wraps anything else.
import type { LatchError } from '../errors/latch-error.ts';
import type { ApiKey } from '../clients/activity-types.ts';
import type { SessionClaims } from '../tokens/session-jwt.ts';
import type { LogoutOptions, LogoutResult, SessionClient } from './signing-session.ts';

/** How long a logout waits for the service before clearing locally anyway. */
export const REMOTE_LOGOUT_TIMEOUT_MS = 10_000;

const isSessionKey = (key: ApiKey): boolean => key.expirationSeconds !== undefined && key.credential?.type === 'CREDENTIAL_TYPE_API_KEY_P256';

const codeOf = (error: unknown): Partial<LatchError> => (error ?? {}) as Partial<LatchError>;

/**
 * Deletes the session's key (or, with `everywhere`, every session key of its user) on the service;
 * `now` is the service's time as the session knows it.
 * Rejects with the LatchError that stopped it (ERR_NETWORK_*, ERR_SERVICE_*, ERR_ACTIVITY_*);
 * SigningSession.logout turns that into `{remote: 'failed', error}`.
 */
export async function endOnService(client: SessionClient, claims: SessionClaims, publicKey: string, options: LogoutOptions, now: number): Promise<LogoutResult> {
  // An expired key can no longer act on the service (and is evicted there first): nothing to send.
  if (claims.exp * 1000 <= now) return { remote: 'expired' };
  const signal = options.signal ?? AbortSignal.timeout(options.timeoutMs ?? REMOTE_LOGOUT_TIMEOUT_MS);
  const organizationId = claims.organization_id;
  const userId = claims.user_id;
  try {
    for (let attempt = 0; ; attempt++) {
      const { user } = await client.query('get_user', { organizationId, userId }, { signal });
      const apiKeyIds = (user?.apiKeys ?? []).filter((k) => k.credential?.publicKey === publicKey || (options.everywhere && isSessionKey(k))).map((k) => k.apiKeyId);
      if (apiKeyIds.length === 0) return { remote: 'deleted' };
      try {
        await client.submit('delete_api_keys', { organizationId, parameters: { userId, apiKeyIds } }, { signal });
        return { remote: 'deleted' };
      } catch (error) {
        // A key another login evicted (or another logout deleted) in between: list again, once.
        if (attempt > 0 || codeOf(error).code !== 'ERR_SERVICE_NOT_FOUND') throw error;
      }
    }
  } catch (cause) {
    // The service no longer knows the key: what the logout wanted (unless other keys had to go too).
    if (!options.everywhere && codeOf(cause).serviceErrorCode === 'PUBLIC_KEY_NOT_FOUND') return { remote: 'deleted' };
    throw cause;
  }
}
