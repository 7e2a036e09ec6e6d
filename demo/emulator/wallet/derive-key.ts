/**
 * Key derivation from a seed: BIP32 for secp256k1 (via @scure/bip32) and SLIP-10 for ed25519
 * (hardened levels only) and NIST P-256 ("nist256p1"). SLIP-10 is written out here because no
 * installed library implements it; the SLIP-0010 test vectors in the tests pin it down.
 */
import { HDKey } from '@scure/bip32';
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { childNumber, parseDerivationPath, type PathLevel } from './derivation-path.ts';
import { Curve, assertCurve } from './wallet-enums.ts';
import { WalletError } from './wallet-error.ts';
import { concatBytes } from '../../../src/encoding/utf8.ts';

export interface DerivedKey {
  /** 32-byte secret scalar (secp256k1, P-256) or 32-byte Ed25519 seed. */
  privateKey: Uint8Array;
  /** Compressed SEC1 point (33 bytes) for secp256k1 and P-256; 32 bytes for Ed25519. */
  publicKey: Uint8Array;
  chainCode: Uint8Array;
}

const encoder = new TextEncoder();

function assertSeed(seed: Uint8Array): void {
  // BIP32 allows 128 to 512 bits; a BIP39 seed is always 512.
  if (!(seed instanceof Uint8Array) || seed.length < 16 || seed.length > 64) {
    throw new WalletError('SEED_INVALID', 'The seed must be 16 to 64 bytes.');
  }
}

function ser32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, false);
  return out;
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function bigIntTo32Bytes(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return out;
}


function deriveSecp256k1(seed: Uint8Array, levels: PathLevel[]): DerivedKey {
  try {
    let key = HDKey.fromMasterSeed(seed);
    for (const level of levels) key = key.deriveChild(childNumber(level));
    return { privateKey: key.privateKey!, publicKey: key.publicKey!, chainCode: key.chainCode! };
  } catch (cause) {
    // Only reachable with probability ~2^-127 (an index giving an invalid key).
    throw new WalletError('DERIVATION_FAILED', 'The path gives no valid secp256k1 key.', { cause });
  }
}

function deriveEd25519(seed: Uint8Array, levels: PathLevel[]): DerivedKey {
  if (levels.some((level) => !level.hardened)) {
    throw new WalletError('PATH_NOT_HARDENED', 'Ed25519 (SLIP-10) derives hardened path levels only.');
  }
  let I = hmac(sha512, encoder.encode('ed25519 seed'), seed);
  for (const level of levels) {
    I = hmac(sha512, I.subarray(32), concatBytes(new Uint8Array([0]), I.subarray(0, 32), ser32(childNumber(level))));
  }
  const privateKey = I.slice(0, 32);
  return { privateKey, publicKey: ed25519.getPublicKey(privateKey), chainCode: I.slice(32) };
}

function deriveP256(seed: Uint8Array, levels: PathLevel[]): DerivedKey {
  const n = p256.Point.Fn.ORDER;
  // SLIP-10 master key: re-hash until IL is a valid scalar.
  let I = hmac(sha512, encoder.encode('Nist256p1 seed'), seed);
  while (bytesToBigInt(I.subarray(0, 32)) === 0n || bytesToBigInt(I.subarray(0, 32)) >= n) {
    I = hmac(sha512, encoder.encode('Nist256p1 seed'), I);
  }
  let k = bytesToBigInt(I.subarray(0, 32));
  let c = I.slice(32);
  for (const level of levels) {
    const index = ser32(childNumber(level));
    const kBytes = bigIntTo32Bytes(k);
    let data = level.hardened
      ? concatBytes(new Uint8Array([0]), kBytes, index)
      : concatBytes(p256.getPublicKey(kBytes, true), index);
    for (;;) {
      const J = hmac(sha512, c, data);
      const IL = bytesToBigInt(J.subarray(0, 32));
      const child = (IL + k) % n;
      if (IL < n && child !== 0n) {
        k = child;
        c = J.slice(32);
        break;
      }
      // SLIP-10's retry rule for an invalid child: hash 0x01 || IR || index instead.
      data = concatBytes(new Uint8Array([1]), J.subarray(32), index);
    }
  }
  const privateKey = bigIntTo32Bytes(k);
  return { privateKey, publicKey: p256.getPublicKey(privateKey, true), chainCode: c };
}

/** Derives the key at `path` from `seed` on `curve` (path format PATH_FORMAT_BIP32). */
export function deriveKey(seed: Uint8Array, curve: Curve, path: string): DerivedKey {
  assertSeed(seed);
  const checkedCurve = assertCurve(curve);
  const levels = parseDerivationPath(path);
  switch (checkedCurve) {
    case Curve.SECP256K1:
      return deriveSecp256k1(seed, levels);
    case Curve.ED25519:
      return deriveEd25519(seed, levels);
    case Curve.P256:
      return deriveP256(seed, levels);
  }
}
