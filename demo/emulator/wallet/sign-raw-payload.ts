/**
 * sign_raw_payload as the service answers it: `{ r, s, v }` as lowercase hex strings.
 * - secp256k1: ECDSA (RFC 6979, low-S); r and s 32 bytes each, v the recovery id ("00"/"01").
 * - P-256: ECDSA (RFC 6979, low-S); r, s, and v always "00" (no recovery is offered).
 * - Ed25519: RFC 8032 over the payload bytes; r and s are the two halves of the 64-byte
 *   signature (clients join them, as the service's Solana signer does), v "00".
 * ECDSA takes HASH_FUNCTION_NO_OP (the payload is already a 32-byte digest), _SHA256 or
 * _KECCAK256. EdDSA hashes internally, so Ed25519 takes HASH_FUNCTION_NOT_APPLICABLE, the value
 * the service's SDK sends, and also _NO_OP (the payload is signed as given either way).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { assertPrivateKey } from './keys.ts';
import { Curve, HashFunction, PayloadEncoding, assertCurve } from './wallet-enums.ts';
import { WalletError } from './wallet-error.ts';

// Wider base-point tables than noble's default (W=6) for the ECDSA curves signed with here:
// built once per process on the next multiplication (~0.1 s, ~2 MB each), they make each
// signature about a sixth cheaper, and signing dominates a stamped sign_raw_payload. They are
// shared by every use of the curve. P-256's waits for the first P-256 signature: the emulator's
// own keys use that curve at every start, where the bigger table would only slow starting.
secp256k1.Point.BASE.precompute(8);
let p256Widened = false;
function widenP256(): void {
  if (p256Widened) return;
  p256Widened = true;
  p256.Point.BASE.precompute(8);
}

export interface RawSignature {
  r: string;
  s: string;
  v: string;
}

export interface SignRawPayloadInput {
  privateKey: Uint8Array;
  curve: Curve;
  payload: string;
  encoding: PayloadEncoding | string;
  hashFunction: HashFunction | string;
}

/** The payload's bytes. Hex may carry a 0x prefix, as EVM clients send digests. */
export function decodePayload(payload: string, encoding: string): Uint8Array {
  if (typeof payload !== 'string' || payload.length === 0) {
    throw new WalletError('PAYLOAD_INVALID', 'The payload must be a non-empty string.');
  }
  if (encoding === PayloadEncoding.TEXT_UTF8) return new TextEncoder().encode(payload);
  if (encoding !== PayloadEncoding.HEXADECIMAL) {
    throw new WalletError('PAYLOAD_ENCODING_UNSUPPORTED', 'The encoding must be PAYLOAD_ENCODING_HEXADECIMAL or PAYLOAD_ENCODING_TEXT_UTF8.');
  }
  const digits = payload.startsWith('0x') || payload.startsWith('0X') ? payload.slice(2) : payload;
  if (digits.length === 0 || digits.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(digits)) {
    throw new WalletError('PAYLOAD_INVALID', 'A hexadecimal payload needs an even, non-zero number of hex digits.');
  }
  return hex.decode(digits.toLowerCase());
}

function ecdsaDigest(bytes: Uint8Array, hashFunction: string): Uint8Array {
  switch (hashFunction) {
    case HashFunction.SHA256:
      return sha256(bytes);
    case HashFunction.KECCAK256:
      return keccak_256(bytes);
    case HashFunction.NO_OP:
      if (bytes.length !== 32) {
        throw new WalletError('PAYLOAD_INVALID', 'With HASH_FUNCTION_NO_OP an ECDSA payload must be a 32-byte digest.');
      }
      return bytes;
    default:
      throw new WalletError('HASH_FUNCTION_UNSUPPORTED', 'ECDSA keys take HASH_FUNCTION_NO_OP, HASH_FUNCTION_SHA256 or HASH_FUNCTION_KECCAK256.');
  }
}

const byteHex = (value: number): string => value.toString(16).padStart(2, '0');

export function signRawPayload(input: SignRawPayloadInput): RawSignature {
  const curve = assertCurve(input.curve);
  assertPrivateKey(curve, input.privateKey);
  const { hashFunction } = input;
  if (!(Object.values(HashFunction) as string[]).includes(hashFunction)) {
    throw new WalletError('HASH_FUNCTION_UNSUPPORTED', 'Unknown hash function.');
  }
  if (curve === Curve.ED25519 && hashFunction !== HashFunction.NOT_APPLICABLE && hashFunction !== HashFunction.NO_OP) {
    throw new WalletError('HASH_FUNCTION_UNSUPPORTED', 'Ed25519 signs the message itself: use HASH_FUNCTION_NOT_APPLICABLE.');
  }
  const message = decodePayload(input.payload, input.encoding);

  if (curve === Curve.ED25519) {
    const signature = ed25519.sign(message, input.privateKey);
    return { r: hex.encode(signature.subarray(0, 32)), s: hex.encode(signature.subarray(32)), v: '00' };
  }
  const digest = ecdsaDigest(message, hashFunction);
  if (curve === Curve.P256) widenP256();
  const ecdsa = curve === Curve.SECP256K1 ? secp256k1 : p256;
  // 'recovered' = recovery id || r || s.
  const signature = ecdsa.sign(digest, input.privateKey, { prehash: false, lowS: true, format: 'recovered' });
  return {
    r: hex.encode(signature.subarray(1, 33)),
    s: hex.encode(signature.subarray(33)),
    v: curve === Curve.SECP256K1 ? byteHex(signature[0]) : '00',
  };
}
