/**
 * Compact JWS (JWT) decoding and encoding. Segments are base64url: they are decoded with the
 * URL-safe alphabet, never with plain `atob`, which mangles `-` and `_` (docs/protocol.md §4).
 */
import { LatchError } from '../errors/latch-error.ts';
import { fromBase64Url, textToBase64Url } from '../encoding/base64url.ts';
import { utf8Decode } from '../encoding/utf8.ts';

export type JwtObject = Record<string, unknown>;

export interface DecodedJwt {
  header: JwtObject;
  payload: JwtObject;
  /** `header.payload` exactly as received: the bytes the signature covers. */
  signingInput: string;
  signature: Uint8Array;
}

function decodeSegment(segment: string): JwtObject {
  let value: unknown;
  try {
    value = JSON.parse(utf8Decode(fromBase64Url(segment)));
  } catch (cause) {
    throw new LatchError('ERR_JWT_MALFORMED', 'A JWT segment is not base64url JSON.', { cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LatchError('ERR_JWT_MALFORMED', 'A JWT segment is not a JSON object.');
  }
  return value as JwtObject;
}

/** Splits and decodes without verifying anything. Errors: ERR_JWT_MALFORMED. */
export function decodeJwt(token: string): DecodedJwt {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) {
    throw new LatchError('ERR_JWT_MALFORMED', 'Expected a JWT of three non-empty dot-separated parts.');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeSegment(headerPart);
  const payload = decodeSegment(payloadPart);
  let signature: Uint8Array;
  try {
    signature = fromBase64Url(signaturePart);
  } catch (cause) {
    throw new LatchError('ERR_JWT_MALFORMED', 'The JWT signature is not base64url.', { cause });
  }
  // "=" and "==" decode to no bytes: a token with no signature, refused here whatever the
  // verifier after it does with an empty one (issue 39).
  if (signature.length === 0) throw new LatchError('ERR_JWT_MALFORMED', 'The JWT signature is empty.');
  return { header, payload, signingInput: `${headerPart}.${payloadPart}`, signature };
}

/** `base64url(JSON header).base64url(JSON payload)`: what an issuer signs. */
export function jwtSigningInput(header: JwtObject, payload: JwtObject): string {
  return `${textToBase64Url(JSON.stringify(header))}.${textToBase64Url(JSON.stringify(payload))}`;
}

/** The ES256 header the service uses for its tokens. */
export const ES256_HEADER = { alg: 'ES256', typ: 'JWT' } as const;

/** Throws ERR_JWT_EXPIRED when `exp` (seconds) is not after `nowMs`. */
export function assertNotExpired(exp: number, nowMs: number): void {
  if (nowMs >= exp * 1000) throw new LatchError('ERR_JWT_EXPIRED', 'The token has expired.');
}
