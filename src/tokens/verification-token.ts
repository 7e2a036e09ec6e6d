/**
 * OTP verification tokens (docs/protocol.md §2, `otp_verify`): standard ES256 JWTs, raw r||s over
 * SHA-256(header.payload). Carry `public_key` when the client bound a key in `otp_verify`;
 * then `otp_login` needs a client signature by that key.
 *
 * Two claim formats exist (docs/protocol.md §9). The current hosted one (the v2 OTP flow; what
 * `@turnkey/crypto`'s `verifyOtpVerificationToken` checks) carries every claim as a string and
 * `exp` as milliseconds; the older one carries `exp` as a number of seconds. Both parse; `exp`
 * is normalised to seconds, and an `exp` of the wrong magnitude for its format (seconds written
 * as a millisecond string, milliseconds as a number) is refused rather than guessed at.
 */
import { LatchError } from '../errors/latch-error.ts';
import { toBase64Url } from '../encoding/base64url.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import { importP256PublicKey, verifyP256 } from '../stamp/ecdsa.ts';
import { signP256 } from '../stamp/sign-p256.ts';
import { ES256_HEADER, assertNotExpired, decodeJwt, jwtSigningInput, type JwtObject } from './jwt.ts';

export interface VerificationTokenClaims {
  /** Token id: the `tokenId` that client signatures name. */
  id: string;
  /** The verified email address or phone number. */
  contact: string;
  /** e.g. `OTP_TYPE_EMAIL` / `OTP_TYPE_SMS` (as the issuer writes it). */
  verification_type: string;
  /** Expiry, seconds since epoch. */
  exp: number;
  /** Compressed P-256 hex of the key bound in `otp_verify`, when one was given. */
  public_key?: string;
  /** Present in hosted tokens; optional here. */
  organization_id?: string;
}

/** `legacy`: `exp` a number of seconds; `current`: every claim a string, `exp` in milliseconds. */
export type VerificationTokenFormat = 'legacy' | 'current';

/** Below this, a number is seconds; at or above, milliseconds (1e11 s is the year 5138). */
const MS_MAGNITUDE = 1e11;

/** `exp` in seconds, from either format; undefined when it is neither. */
function expSeconds(exp: unknown): number | undefined {
  if (typeof exp === 'number') return Number.isSafeInteger(exp) && exp > 0 && exp < MS_MAGNITUDE ? exp : undefined;
  if (typeof exp === 'string' && /^[1-9][0-9]{0,15}$/.test(exp)) {
    const ms = Number(exp);
    return ms >= MS_MAGNITUDE && Number.isSafeInteger(ms) ? Math.floor(ms / 1000) : undefined;
  }
  return undefined;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function toClaims(payload: JwtObject): VerificationTokenClaims {
  const { id, contact, verification_type, public_key, organization_id } = payload;
  const exp = expSeconds(payload.exp);
  const valid =
    nonEmpty(id) &&
    nonEmpty(contact) &&
    nonEmpty(verification_type) &&
    exp !== undefined &&
    (public_key === undefined || (typeof public_key === 'string' && /^0[23][0-9a-fA-F]{64}$/.test(public_key))) &&
    (organization_id === undefined || typeof organization_id === 'string');
  if (!valid) throw new LatchError('ERR_JWT_CLAIMS', 'The verification token lacks a claim or has one of the wrong type.');
  const claims: VerificationTokenClaims = { id, contact, verification_type, exp };
  if (public_key !== undefined) claims.public_key = public_key;
  if (organization_id !== undefined) claims.organization_id = organization_id;
  return claims;
}

/** Reads the claims without verifying anything (a client needs `id` and `public_key`). */
export function parseVerificationToken(token: string): VerificationTokenClaims {
  return toClaims(decodeJwt(token).payload);
}

/**
 * Verifies an ES256 token from `signerPublicKeyHex` (compressed or uncompressed), then claims
 * and expiry. Errors: ERR_JWT_MALFORMED, ERR_JWT_SIGNATURE, ERR_JWT_CLAIMS, ERR_JWT_EXPIRED, ERR_KEY_*.
 */
export async function verifyVerificationToken(token: string, signerPublicKeyHex: string, options: { now?: number } = {}): Promise<VerificationTokenClaims> {
  const { header, payload, signingInput, signature } = decodeJwt(token);
  if (header.alg !== 'ES256' || header.typ !== 'JWT') throw new LatchError('ERR_JWT_SIGNATURE', 'The verification token is not an ES256 JWT.');
  const key = await importP256PublicKey(signerPublicKeyHex);
  if (!(await verifyP256(key, signature, utf8Encode(signingInput)))) {
    throw new LatchError('ERR_JWT_SIGNATURE', 'The verification token signature is not valid.');
  }
  const claims = toClaims(payload);
  assertNotExpired(claims.exp, options.now ?? Date.now());
  return claims;
}

/** The emulator's issuer side, in either claim format (default: the older, `exp` in seconds). */
export async function signVerificationToken(claims: VerificationTokenClaims, privateKey: CryptoKey, format: VerificationTokenFormat = 'legacy'): Promise<string> {
  const checked = toClaims(claims as unknown as JwtObject);
  const payload = format === 'current' ? { ...checked, exp: String(checked.exp * 1000) } : { ...checked };
  const signingInput = jwtSigningInput(ES256_HEADER, payload);
  const signature = await signP256(privateKey, utf8Encode(signingInput));
  return `${signingInput}.${toBase64Url(signature)}`;
}
