/**
 * OTP verification tokens (PROTOCOL.md §2, `otp_verify`): standard ES256 JWTs, raw r||s over
 * SHA-256(header.payload). Carry `public_key` when the client bound a key in `otp_verify`;
 * then `otp_login` needs a client signature by that key.
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

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function toClaims(payload: JwtObject): VerificationTokenClaims {
  const { id, contact, verification_type, exp, public_key, organization_id } = payload;
  const valid =
    nonEmpty(id) &&
    nonEmpty(contact) &&
    nonEmpty(verification_type) &&
    typeof exp === 'number' &&
    Number.isSafeInteger(exp) &&
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
  if (header.alg !== 'ES256') throw new LatchError('ERR_JWT_SIGNATURE', 'The verification token is not ES256.');
  const key = await importP256PublicKey(signerPublicKeyHex);
  if (!(await verifyP256(key, signature, utf8Encode(signingInput)))) {
    throw new LatchError('ERR_JWT_SIGNATURE', 'The verification token signature is not valid.');
  }
  const claims = toClaims(payload);
  assertNotExpired(claims.exp, options.now ?? Date.now());
  return claims;
}

/** The emulator's issuer side. */
export async function signVerificationToken(claims: VerificationTokenClaims, privateKey: CryptoKey): Promise<string> {
  const checked = toClaims(claims as unknown as JwtObject);
  const signingInput = jwtSigningInput(ES256_HEADER, { ...checked });
  const signature = await signP256(privateKey, utf8Encode(signingInput));
  return `${signingInput}.${toBase64Url(signature)}`;
}
