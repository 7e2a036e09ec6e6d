/**
 * Sessions from credential bundles (otp_auth, oauth, create_read_write_session results): the
 * bundle carries a new API key's private key, sealed to a target key the caller made. Its own
 * module because decryption pulls in HPKE, which the logged-in page must not load up front.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { SessionClaims } from '../tokens/session-jwt.ts';
import { SigningSession, type SigningSessionOptions } from './signing-session.ts';

export interface CredentialBundleSessionOptions extends SigningSessionOptions {
  /** The ECDH pair whose public key was sent as `targetPublicKey`. */
  target: CryptoKeyPair;
  organizationId: string;
  userId: string;
  /** The lifetime asked for (`expirationSeconds`); the service's default is 900. */
  expirationSeconds?: number;
  sessionType?: SessionClaims['session_type'];
}

/**
 * Decrypts the bundle, stores its key (non-extractable) in the key store, and starts a session
 * for it. The service issues no JWT for these keys, so the session's claims are the ones given
 * here; `refresh()` later swaps it for a JWT session.
 */
export async function sessionFromCredentialBundle(credentialBundle: string, options: CredentialBundleSessionOptions): Promise<SigningSession> {
  const { target, organizationId, userId, expirationSeconds = 900, sessionType = 'SESSION_TYPE_READ_WRITE', ...sessionOptions } = options;
  if (!organizationId || !userId || !(expirationSeconds > 0)) {
    throw new LatchError('ERR_INPUT_INVALID', 'A credential bundle session needs organizationId, userId and a positive lifetime.');
  }
  const now = options.clock ? options.clock.now() : Date.now();
  const expiresAt = now + expirationSeconds * 1000;
  const { decryptCredentialBundle } = await import('../bundles/credential-bundle.ts');
  const { storedKey } = await decryptCredentialBundle(credentialBundle, target, {
    store: options.keyStore,
    metadata: { purpose: 'session', expiresAt },
  });
  const key = storedKey!;
  const claims: SessionClaims = {
    exp: Math.floor(expiresAt / 1000),
    public_key: key.id,
    session_type: sessionType,
    user_id: userId,
    organization_id: organizationId,
  };
  try {
    return await SigningSession.fromKey(claims, { ...sessionOptions, key });
  } catch (error) {
    await options.keyStore.delete(key.id).catch(() => undefined);
    throw error;
  }
}
