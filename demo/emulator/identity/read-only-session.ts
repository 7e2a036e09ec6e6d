/**
 * Read-only sessions (create_read_only_session): a session JWT of type SESSION_TYPE_READ_ONLY,
 * signed by the emulator's notarizer, that the hosted clients send unstamped in an `X-Session`
 * header (sdk-browser's `readOnlySession`). It answers queries as its user, and nothing else: an
 * activity needs a stamp, so a submit with only X-Session is refused (SIGNATURE_MISSING) as any
 * unstamped one. A token expires, dies with its user, and counts only for its organization (or a
 * sub-organization of it), as the user's keys do.
 */
import { unauthenticated } from '../http/service-error.ts';
import { decodeJwt } from '../../../src/tokens/jwt.ts';
import { parseSessionJwt, signSessionJwt, type SessionClaims } from '../../../src/tokens/session-jwt.ts';
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { importP256PublicKey, verifyP256 } from '../../../src/stamp/ecdsa.ts';
import type { EmulatorContext } from '../context.ts';
import type { StateView } from '../state/store.ts';
import type { Principal } from '../api/principal.ts';

/** The hosted read-only session lasts one hour. */
export const READ_ONLY_SESSION_SECONDS = 3600;

export function issueReadOnlySession(ctx: EmulatorContext, claims: Omit<SessionClaims, 'session_type'>): Promise<string> {
  return signSessionJwt({ ...claims, session_type: 'SESSION_TYPE_READ_ONLY' }, ctx.keys.notarizer.privateKey);
}

/** The user an `X-Session` token stands for, or UNAUTHENTICATED. */
export async function readOnlyPrincipal(ctx: EmulatorContext, view: StateView, token: string): Promise<Principal> {
  let claims: SessionClaims;
  let valid = false;
  try {
    const { signingInput, signature } = decodeJwt(token);
    claims = parseSessionJwt(token);
    valid = await verifyP256(await importP256PublicKey(ctx.keys.notarizer.publicKeyHex), signature, await sha256(utf8Encode(signingInput)));
  } catch (error) {
    throw unauthenticated('SESSION_INVALID', 'The X-Session token is not a session token of this service.', error);
  }
  if (!valid) throw unauthenticated('SESSION_INVALID', 'The X-Session token is not signed by this service.');
  if (claims.session_type !== 'SESSION_TYPE_READ_ONLY') throw unauthenticated('SESSION_INVALID', 'The X-Session token is not a read-only session.');
  if (claims.exp * 1000 <= ctx.now()) throw unauthenticated('SESSION_EXPIRED', 'The read-only session has expired.');
  const user = view.users.get(claims.user_id);
  if (!user || user.organizationId !== claims.organization_id) throw unauthenticated('SESSION_INVALID', "The read-only session's user no longer exists.");
  return { kind: 'API_KEY', userId: user.id, organizationId: user.organizationId, credential: claims.public_key };
}
