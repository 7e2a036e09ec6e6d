/**
 * Server side of `X-Stamp` (docs/protocol.md §5), used by the emulator on every request. Verifies
 * over the raw body bytes as received (before any JSON parsing), reads the stamp's JSON in any
 * key order, and accepts high-S signatures because WebCrypto clients produce them.
 */
import { LatchError } from '../errors/latch-error.ts';
import { derToRaw } from '../crypto/der.ts';
import { fromBase64Url } from '../encoding/base64url.ts';
import { fromHex } from '../encoding/hex.ts';
import { utf8Decode, utf8Encode } from '../encoding/utf8.ts';
import { API_KEY_STAMP_SCHEME } from './create-stamp.ts';
import { importP256PublicKey, verifyP256 } from './ecdsa.ts';

export interface VerifiedStamp {
  /** The signer's compressed public key, lowercase hex: the API key id to look up. */
  publicKey: string;
  scheme: string;
}

const malformed = (cause?: unknown): LatchError =>
  new LatchError('ERR_STAMP_MALFORMED', 'The X-Stamp header is not base64url JSON {publicKey, scheme, signature}.', { cause });

/**
 * The X-Stamp header's JSON value (base64url of UTF-8 JSON), not yet checked for its fields;
 * ERR_STAMP_MALFORMED when it is not that. For a host that reads the header's scheme before
 * choosing a verifier: it decodes once and passes the value to verifyDecodedStampWith.
 */
export function decodeStampHeader(headerValue: string): unknown {
  if (typeof headerValue !== 'string' || headerValue.length === 0) throw malformed();
  try {
    return JSON.parse(utf8Decode(fromBase64Url(headerValue)));
  } catch (cause) {
    throw malformed(cause);
  }
}

function stampFields(parsed: unknown): { publicKey: string; scheme: string; signature: string } {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw malformed();
  const { publicKey, scheme, signature } = parsed as Record<string, unknown>;
  if (typeof publicKey !== 'string' || typeof scheme !== 'string' || typeof signature !== 'string') throw malformed();
  return { publicKey, scheme, signature };
}

/**
 * The last step of a verification: whether raw r||s `signature` over `data` verifies under
 * `key` (imported and cached by importP256PublicKey). WebCrypto's, verifyP256, by default; a
 * host with a synchronous ECDSA of the same semantics may pass its own (the Node emulator does:
 * WebCrypto there hands each verification to libuv's thread pool and back, which costs more than
 * the verification).
 */
export type P256Verify = (key: CryptoKey, signature: Uint8Array, data: Uint8Array) => boolean | Promise<boolean>;

/**
 * Resolves with the signer's key and scheme when `headerValue` is a valid stamp of exactly
 * `body`. Errors: ERR_STAMP_MALFORMED (header), ERR_STAMP_SCHEME, ERR_KEY_FORMAT or
 * ERR_KEY_NOT_ON_CURVE (the key), ERR_STAMP_SIGNATURE (signature not DER, or not valid).
 * Only the body is signed: the caller must still check that the body's `type` fits the route.
 */
export function verifyStamp(body: string | Uint8Array, headerValue: string): Promise<VerifiedStamp> {
  return verifyStampWith(body, headerValue, verifyP256);
}

/** verifyStamp with the final signature check done by `verify`; every other step is the same. */
export async function verifyStampWith(body: string | Uint8Array, headerValue: string, verify: P256Verify): Promise<VerifiedStamp> {
  return verifyDecodedStampWith(body, decodeStampHeader(headerValue), verify);
}

/** verifyStampWith for a header already decoded by decodeStampHeader: every later step is the same. */
export async function verifyDecodedStampWith(body: string | Uint8Array, decoded: unknown, verify: P256Verify): Promise<VerifiedStamp> {
  const stamp = stampFields(decoded);
  if (stamp.scheme !== API_KEY_STAMP_SCHEME) {
    throw new LatchError('ERR_STAMP_SCHEME', 'The stamp scheme is not SIGNATURE_SCHEME_TK_API_P256.');
  }
  // Stamps carry the compressed key: that form is the API key's id on the service.
  if (!/^0[23][0-9a-fA-F]{64}$/.test(stamp.publicKey)) {
    throw new LatchError('ERR_KEY_FORMAT', 'The stamp public key is not a compressed P-256 key in hex.');
  }
  const publicKey = stamp.publicKey.toLowerCase();
  // Imported once per key and kept (bounded): see importP256PublicKey.
  const key = await importP256PublicKey(publicKey);
  let signature: Uint8Array;
  try {
    signature = derToRaw(fromHex(stamp.signature));
  } catch (cause) {
    throw new LatchError('ERR_STAMP_SIGNATURE', 'The stamp signature is not hex DER.', { cause });
  }
  const bytes = typeof body === 'string' ? utf8Encode(body) : body;
  if (!(await verify(key, signature, bytes))) {
    throw new LatchError('ERR_STAMP_SIGNATURE', 'The stamp signature does not match the body.');
  }
  return { publicKey, scheme: stamp.scheme };
}
