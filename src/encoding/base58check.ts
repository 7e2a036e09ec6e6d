/**
 * Base58Check (Bitcoin alphabet; checksum = first 4 bytes of SHA-256(SHA-256(payload))), the
 * text form of the service's credential bundles (docs/protocol.md §6). Synchronous, so it hashes
 * with @noble/hashes rather than WebCrypto; it is not on the signing path, so the extra bytes
 * do not count against the logged-in page's budget.
 */
import { base58 } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { LatchError } from '../errors/latch-error.ts';
import { bytesEqual, concatBytes } from './utf8.ts';

const CHECKSUM_LENGTH = 4;
const BASE58_ALPHABET = /^[1-9A-HJ-NP-Za-km-z]*$/;

const checksum = (payload: Uint8Array): Uint8Array => sha256(sha256(payload)).subarray(0, CHECKSUM_LENGTH);

export function toBase58Check(bytes: Uint8Array): string {
  return base58.encode(concatBytes(bytes, checksum(bytes)));
}

/**
 * Decodes and checks the checksum. A character outside the alphabet is ERR_ENCODING_BASE58;
 * a wrong (or missing: fewer than 4 bytes) checksum is ERR_ENCODING_CHECKSUM.
 */
export function fromBase58Check(text: string): Uint8Array {
  if (typeof text !== 'string' || !BASE58_ALPHABET.test(text)) {
    throw new LatchError('ERR_ENCODING_BASE58', 'Expected a base58 string (Bitcoin alphabet).');
  }
  // Not only the alphabet: @scure/base also refuses a text past its length cap (a few thousand
  // characters), with a plain Error that must not leave here untyped (the verifier sweep's
  // oversized bundle found it when this catch was taken out as unreachable).
  let decoded: Uint8Array;
  try {
    decoded = base58.decode(text);
  } catch (cause) {
    throw new LatchError('ERR_ENCODING_BASE58', 'Expected a base58 string (Bitcoin alphabet).', { cause });
  }
  if (decoded.length < CHECKSUM_LENGTH) {
    throw new LatchError('ERR_ENCODING_CHECKSUM', 'The base58check string is too short to carry a checksum.');
  }
  const payload = decoded.subarray(0, decoded.length - CHECKSUM_LENGTH);
  if (!bytesEqual(checksum(payload), decoded.subarray(decoded.length - CHECKSUM_LENGTH))) {
    throw new LatchError('ERR_ENCODING_CHECKSUM', 'The base58check checksum does not match.');
  }
  return payload.slice();
}
