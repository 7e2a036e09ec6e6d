/**
 * The new half of a session refresh (SigningSession.refresh): a new non-extractable key, a
 * `stamp_login` for it stamped by the current key, the new JWT verified and held to the same key,
 * user and organization. A chunk of its own, loaded by the first refresh: a page that stamps
 * with a session needs none of it before then (the signing path's initial size has a budget).
 * Fails with ERR_SESSION_REFRESH (cause chained), and the new key is deleted then.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { StoredKey } from '../keys/key-store.ts';
import type { SessionClaims } from '../tokens/session-jwt.ts';
import type { SessionClient, SigningSessionOptions } from './signing-session.ts';
import type { PersistedSession } from './session-store.ts';

export interface RenewedSession {
  saved: PersistedSession;
  next: StoredKey;
}

/**
 * `verify` checks the notarizer's signature; `ended` says (as an error) that the session ended
 * while this ran, so the new one must not be switched to.
 */
export async function renewSession(
  old: { claims: SessionClaims; client: SessionClient },
  options: SigningSessionOptions,
  now: number,
  verify: (jwt: string) => Promise<SessionClaims>,
  ended: () => LatchError | undefined,
): Promise<RenewedSession> {
  const seconds = options.refreshExpirationSeconds ?? 900;
  const next = await options.keyStore.create({ purpose: 'session', expiresAt: now + seconds * 1000 });
  try {
    const { session } = await old.client.stampLogin(old.claims.organization_id, { publicKey: next.id, expirationSeconds: String(seconds), invalidateExisting: false });
    const claims = await verify(session);
    if (claims.public_key !== next.id || claims.user_id !== old.claims.user_id || claims.organization_id !== old.claims.organization_id) {
      throw new LatchError('ERR_JWT_CLAIMS', 'The new session is for another key or user.');
    }
    const error = ended();
    if (error) throw error;
    return { saved: { jwt: session, claims }, next };
  } catch (error) {
    await options.keyStore.delete(next.id).catch(() => undefined);
    throw new LatchError('ERR_SESSION_REFRESH', 'The session could not be refreshed.', { cause: error });
  }
}
