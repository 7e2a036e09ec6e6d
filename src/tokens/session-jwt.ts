/**
 * Session JWTs (docs/protocol.md §4). The notarizer's signature is NOT plain ES256: raw r||s over
 * SHA-256(SHA-256(header.payload)), i.e. WebCrypto ECDSA-SHA256 applied to the first digest.
 * The JWT itself cannot sign anything; it tells the page which session key the service trusts.
 */
import { LatchError } from '../errors/latch-error.ts';
import { sha256 } from '../crypto/webcrypto.ts';
import { toBase64Url } from '../encoding/base64url.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import { importP256PublicKey, verifyP256 } from '../stamp/ecdsa.ts';
import { signP256 } from '../stamp/sign-p256.ts';
import { assertDevelopmentTrust } from '../crypto/development-trust.ts';
import { ES256_HEADER, assertNotExpired, decodeJwt, jwtSigningInput, type JwtObject } from './jwt.ts';

export const SessionTypes = ['SESSION_TYPE_READ_WRITE', 'SESSION_TYPE_READ_ONLY'] as const;
export type SessionType = (typeof SessionTypes)[number];

export interface SessionClaims {
  /** Expiry, seconds since epoch. */
  exp: number;
  /** Compressed P-256 public key (hex) of the session key that may stamp. */
  public_key: string;
  session_type: SessionType;
  user_id: string;
  organization_id: string;
}

/** The hosted service's notarizer key (uncompressed hex). The emulator has its own. */
export const HOSTED_NOTARIZER_PUBLIC_KEY =
  '04d498aa87ac3bf982ac2b5dd9604d0074905cfbda5d62727c5a237b895e6749205e9f7cd566909c4387f6ca25c308445c60884b788560b785f4a96ac33702a469';

const HOSTED_NOTARIZER_SPELLINGS = [HOSTED_NOTARIZER_PUBLIC_KEY, `03${HOSTED_NOTARIZER_PUBLIC_KEY.slice(2, 66)}`];

export interface VerifySessionJwtOptions {
  /** Trusted notarizer public key, hex (compressed or uncompressed). Default: the hosted one. */
  notarizerPublicKey?: string;
  /** Current time in milliseconds; default `Date.now()`. */
  now?: number;
  /** Skip the `exp` check (signature and claims are still checked). */
  ignoreExpiry?: boolean;
}

const COMPRESSED_KEY_HEX = /^0[23][0-9a-fA-F]{64}$/;

/**
 * `exp` is seconds (docs/protocol.md §4; the hosted vector and @turnkey/core's `parseSession`, which
 * multiplies it by 1000). A number at or above this is milliseconds written where seconds belong:
 * read as seconds it would lie some 50,000 years ahead, a token that never expires. 1e11 s is the
 * year 5138, so no real expiry comes near it.
 */
const MS_MAGNITUDE = 1e11;

function toSessionClaims(payload: JwtObject): SessionClaims {
  const { exp, public_key, session_type, user_id, organization_id } = payload;
  const valid =
    typeof exp === 'number' &&
    Number.isSafeInteger(exp) &&
    exp > 0 &&
    exp < MS_MAGNITUDE &&
    typeof public_key === 'string' &&
    COMPRESSED_KEY_HEX.test(public_key) &&
    typeof session_type === 'string' &&
    (SessionTypes as readonly string[]).includes(session_type) &&
    typeof user_id === 'string' &&
    user_id.length > 0 &&
    typeof organization_id === 'string' &&
    organization_id.length > 0;
  if (!valid) throw new LatchError('ERR_JWT_CLAIMS', 'The session token lacks a claim or has one of the wrong type.');
  return { exp, public_key, session_type: session_type as SessionType, user_id, organization_id };
}

/** Reads the claims without verifying the signature or expiry: for display only. */
export function parseSessionJwt(jwt: string): SessionClaims {
  return toSessionClaims(decodeJwt(jwt).payload);
}

/**
 * Verifies the header (`alg` ES256, `typ` JWT), the notarizer's signature, then the claims (`exp`
 * a whole number of seconds, not milliseconds), then expiry.
 * Errors: ERR_JWT_MALFORMED, ERR_JWT_SIGNATURE (also for another header), ERR_JWT_CLAIMS,
 * ERR_JWT_EXPIRED, and ERR_KEY_* when the configured notarizer key itself is unusable.
 */
export async function verifySessionJwt(jwt: string, options: VerifySessionJwtOptions = {}): Promise<SessionClaims> {
  const { header, payload, signingInput, signature } = decodeJwt(jwt);
  // The notarizer writes {"alg":"ES256","typ":"JWT"} (docs/protocol.md §4, the published vector); the
  // hosted library pins both for its other ES256 tokens. Anything else is not its session token,
  // whoever signed it.
  if (header.alg !== ES256_HEADER.alg || header.typ !== ES256_HEADER.typ) {
    throw new LatchError('ERR_JWT_SIGNATURE', 'The session token is not an ES256 JWT.');
  }
  const given = options.notarizerPublicKey;
  const key = await importP256PublicKey(given ?? HOSTED_NOTARIZER_PUBLIC_KEY);
  // importP256PublicKey accepted `given`, so it is one of the two spellings of a point.
  if (given !== undefined && !HOSTED_NOTARIZER_SPELLINGS.includes(given.toLowerCase())) assertDevelopmentTrust('A notarizer key');
  const firstDigest = await sha256(utf8Encode(signingInput));
  if (!(await verifyP256(key, signature, firstDigest))) {
    throw new LatchError('ERR_JWT_SIGNATURE', 'The session token is not signed by the trusted notarizer.');
  }
  const claims = toSessionClaims(payload);
  if (!options.ignoreExpiry) assertNotExpired(claims.exp, options.now ?? Date.now());
  return claims;
}

/** The emulator's notarizer: signs `claims` the way the hosted service does. */
export async function signSessionJwt(claims: SessionClaims, notarizerPrivateKey: CryptoKey): Promise<string> {
  const checked = toSessionClaims(claims as unknown as JwtObject);
  const signingInput = jwtSigningInput(ES256_HEADER, { ...checked });
  const signature = await signP256(notarizerPrivateKey, await sha256(utf8Encode(signingInput)));
  return `${signingInput}.${toBase64Url(signature)}`;
}
