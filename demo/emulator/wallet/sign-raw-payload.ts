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
import { randomFillSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ecdsa as ecdsaOf, weierstrass } from '@noble/curves/abstract/weierstrass.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { assertPrivateKey } from './keys.ts';
import { Curve, HashFunction, PayloadEncoding, assertCurve } from './wallet-enums.ts';
import { WalletError } from './wallet-error.ts';

/**
 * The randomness noble's signing draws on every signature (it blinds the nonce multiplication
 * and the nonce inversion; RFC 6979 makes the signature itself deterministic, so the blinding
 * never changes it): 64 bytes a signature, each time one getRandomValues call of its own, which
 * costs about as much as the bytes' share of a 4 KiB fill. So the bytes come from a pool filled
 * from the same CSPRNG, each byte handed out once and wiped from the pool as it leaves.
 */
const pool = new Uint8Array(4096);
let poolAt = pool.length;
function pooledRandomBytes(length = 32): Uint8Array<ArrayBuffer> {
  if (length > pool.length) return randomFillSync(new Uint8Array(length));
  if (poolAt + length > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const out = pool.slice(poolAt, poolAt + length);
  pool.fill(0, poolAt, poolAt + length);
  poolAt += length;
  return out;
}

/**
 * The ECDSA signers of sign_raw_payload (secp256k1's only without the native library below):
 * noble's secp256k1 and P-256 (same curves, same RFC 6979 signatures, same constant-time
 * blinded multiplication) over curve instances of their own, so that they take the pooled randomness above, with wider base-point tables than
 * noble's default (W=6): built once per process on the first signature (~0.1 s, ~2 MB each),
 * they make each signature about a sixth cheaper, and signing dominates a stamped
 * sign_raw_payload. P-256's is widened on its first signature: the emulator's own keys use
 * noble's shared P-256 instance, untouched here, at every start.
 */
function signerOf(curve: typeof secp256k1 | typeof p256) {
  const Point = weierstrass(curve.Point.CURVE(), { Fp: curve.Point.Fp, randomBytes: pooledRandomBytes });
  return { Point, ecdsa: ecdsaOf(Point, sha256, { randomBytes: pooledRandomBytes }) };
}
const secp256k1Signer = signerOf(secp256k1);
secp256k1Signer.Point.BASE.precompute(8);
const p256Signer = signerOf(p256);
let p256Widened = false;
function widenP256(): void {
  if (p256Widened) return;
  p256Widened = true;
  p256Signer.Point.BASE.precompute(8);
}

/** What sign_raw_payload uses of the `secp256k1` package: libsecp256k1 through its N-API addon. */
export interface NativeSecp256k1 {
  ecdsaSign(msg32: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
  contextRandomize(seed: Uint8Array | null): void;
}

/**
 * secp256k1 signatures from libsecp256k1 (the `secp256k1` package's N-API addon, prebuilt for
 * Linux x64, macOS arm64 and Windows x64; an optional dependency): about 0.05 ms a signature
 * against about 0.5 ms for noble's, which was half the emulator's CPU per stamped
 * sign_raw_payload. Same signatures: libsecp256k1 signs with RFC 6979 nonces (HMAC-SHA256 over
 * key || message), always low-S, with the same recovery id; given the digest reduced modulo the
 * group order, as noble seeds RFC 6979 with it, its r, s and v are noble's byte for byte (a test
 * compares them over hundreds of random keys, and the noble path below stays as the fallback).
 * Its context is randomized once (libsecp256k1's blinding of the nonce multiplication). Only the
 * addon is loaded (`secp256k1/bindings`), never the package's JavaScript fallback: without the
 * addon, noble signs as before.
 */
function loadNativeSecp256k1(): { native: NativeSecp256k1; path: string } | undefined {
  try {
    const require = createRequire(import.meta.url);
    const path = require.resolve('secp256k1/bindings');
    const native = require(path) as NativeSecp256k1;
    native.contextRandomize(randomFillSync(new Uint8Array(32)));
    return { native, path };
  } catch {
    return undefined;
  }
}
const loaded = loadNativeSecp256k1();
export const nativeSecp256k1: NativeSecp256k1 | undefined = loaded?.native;
/** Where the addon was loaded from (the emulator's crypto worker loads the same file). */
export const nativeSecp256k1Path: string | undefined = loaded?.path;

const SECP256K1_ORDER = secp256k1.Point.Fn.ORDER;

/**
 * A secp256k1 RFC 6979 low-S signature of a 32-byte digest: recovery id || r || s (noble's
 * 'recovered' format), from libsecp256k1 when `native` is given, else from noble.
 */
export function signSecp256k1Digest(digest: Uint8Array, privateKey: Uint8Array, native: NativeSecp256k1 | undefined = nativeSecp256k1): Uint8Array {
  if (!native) return secp256k1Signer.ecdsa.sign(digest, privateKey, { prehash: false, lowS: true, format: 'recovered' });
  return recoveredSignature(native.ecdsaSign(reducedSecp256k1Digest(digest), privateKey));
}

/**
 * What libsecp256k1 is given to sign `digest`: RFC 6979's seed takes the digest as an integer
 * modulo the group order (bits2octets), as noble does; libsecp256k1 seeds with the bytes given,
 * so it is given them reduced (the same number to sign, and the same bytes for all but the
 * ~2^-128 of digests at or above the order). The order begins with four 0xff bytes: a digest
 * that does not is below it.
 */
export function reducedSecp256k1Digest(digest: Uint8Array): Uint8Array {
  if (digest[0] === 0xff && digest[1] === 0xff && digest[2] === 0xff && digest[3] === 0xff) {
    const m = BigInt(`0x${hex.encode(digest)}`);
    if (m >= SECP256K1_ORDER) return hex.decode((m - SECP256K1_ORDER).toString(16).padStart(64, '0'));
  }
  return digest;
}

/** libsecp256k1's answer as noble's 'recovered' format: recovery id || r || s. */
export function recoveredSignature({ signature, recid }: { signature: Uint8Array; recid: number }): Uint8Array {
  const out = new Uint8Array(65);
  out[0] = recid;
  out.set(signature, 1);
  return out;
}

/**
 * A secp256k1 signature made ahead of signRawPayload (by libsecp256k1 on the emulator's crypto
 * worker, before the activity's transaction): signRawPayload uses it only when the key and the
 * digest it meets are the ones it was made for, and signs itself otherwise. RFC 6979 makes the
 * signature a function of key and digest, so the answer is the same either way.
 */
export interface PresignedSecp256k1 {
  /** A copy of the key that signed (signRawPayload wipes it once compared). */
  privateKey: Uint8Array;
  digest: Uint8Array;
  /** recovery id || r || s. */
  recovered: Uint8Array;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * The digest signRawPayload would sign for a secp256k1 `input`, or undefined (another curve's,
 * or a payload or hash it would refuse): what a signature made ahead needs. The key is not
 * checked here (signRawPayload checks everything before it looks at a made-ahead signature).
 */
export function secp256k1DigestOf(input: SignRawPayloadInput): Uint8Array | undefined {
  if (input.curve !== Curve.SECP256K1 || !(Object.values(HashFunction) as string[]).includes(input.hashFunction)) return undefined;
  try {
    return ecdsaDigest(decodePayload(input.payload, input.encoding), input.hashFunction);
  } catch {
    return undefined;
  }
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

/** The payload's bytes (the byte encodings only). Hex may carry a 0x prefix, as EVM clients send digests. */
export function decodePayload(payload: string, encoding: string): Uint8Array {
  if (typeof payload !== 'string' || payload.length === 0) {
    throw new WalletError('PAYLOAD_INVALID', 'The payload must be a non-empty string.');
  }
  if (encoding === PayloadEncoding.TEXT_UTF8) return new TextEncoder().encode(payload);
  if (encoding === PayloadEncoding.EIP712 || encoding === PayloadEncoding.EIP7702_AUTHORIZATION) {
    // JSON the service hashes itself (structured-payload.ts), never bytes to sign as given.
    throw new WalletError('PAYLOAD_ENCODING_UNSUPPORTED', 'EIP-712 and EIP-7702 payloads are signed by signStructuredPayload.');
  }
  if (encoding !== PayloadEncoding.HEXADECIMAL) {
    throw new WalletError(
      'PAYLOAD_ENCODING_UNSUPPORTED',
      'The encoding must be PAYLOAD_ENCODING_HEXADECIMAL, PAYLOAD_ENCODING_TEXT_UTF8, PAYLOAD_ENCODING_EIP712 or PAYLOAD_ENCODING_EIP7702_AUTHORIZATION.',
    );
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

/** Every check of signRawPayload, in its order, and what it signs: the message (Ed25519) or the digest (ECDSA). */
function checkedDigest(input: SignRawPayloadInput): { curve: Curve; digest: Uint8Array } {
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
  return { curve, digest: curve === Curve.ED25519 ? message : ecdsaDigest(message, hashFunction) };
}

/** The made-ahead signature if it is `privateKey`'s over `digest`; its key copy is wiped either way. */
function presignedFor(presigned: PresignedSecp256k1 | undefined, privateKey: Uint8Array, digest: Uint8Array): Uint8Array | undefined {
  if (!presigned) return undefined;
  const same = sameBytes(presigned.privateKey, privateKey) && sameBytes(presigned.digest, digest);
  presigned.privateKey.fill(0);
  return same ? presigned.recovered : undefined;
}

/** `presigned`: a secp256k1 signature made ahead (PresignedSecp256k1), used only if it is this key's over this digest. */
export function signRawPayload(input: SignRawPayloadInput, presigned?: PresignedSecp256k1): RawSignature {
  const { curve, digest } = checkedDigest(input);
  if (curve === Curve.ED25519) {
    const signature = ed25519.sign(digest, input.privateKey);
    return { r: hex.encode(signature.subarray(0, 32)), s: hex.encode(signature.subarray(32)), v: '00' };
  }
  if (curve === Curve.P256) widenP256();
  // 'recovered' = recovery id || r || s.
  const signature =
    curve === Curve.SECP256K1
      ? presignedFor(presigned, input.privateKey, digest) ?? signSecp256k1Digest(digest, input.privateKey)
      : p256Signer.ecdsa.sign(digest, input.privateKey, { prehash: false, lowS: true, format: 'recovered' });
  return {
    r: hex.encode(signature.subarray(1, 33)),
    s: hex.encode(signature.subarray(33)),
    v: curve === Curve.SECP256K1 ? byteHex(signature[0]) : '00',
  };
}
