/**
 * P-256 point helpers in plain BigInt arithmetic: compressing and decompressing public keys
 * with an on-curve check. Kept here (instead of pulling a curve library) because every byte
 * counts in the logged-in bundle; compression, the one part the signing path needs, is in
 * p256-point.ts so that the bundle does not carry decompression.
 */
import { LatchError } from '../errors/latch-error.ts';
import { fromHex, toHex } from '../encoding/hex.ts';
import { A, B, P, bytesToBigInt, compressPublicKey, mod } from './p256-point.ts';

export { bytesToBigInt, compressPublicKey };

/** Order of the group, for signature range checks and low-S questions. */
export const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

function powMod(base: bigint, exp: bigint, m = P): bigint {
  let result = 1n;
  let b = mod(base, m);
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return result;
}

export const bigIntToBytes = (n: bigint, length = 32): Uint8Array => fromHex(n.toString(16).padStart(length * 2, '0'));

/** 33-byte compressed → 65-byte uncompressed, refusing points that are not on the curve. */
export function decompressPublicKey(compressed: Uint8Array): Uint8Array {
  if (compressed.length === 65) {
    compressPublicKey(compressed); // validates
    return compressed.slice();
  }
  if (compressed.length !== 33 || (compressed[0] !== 0x02 && compressed[0] !== 0x03)) {
    throw new LatchError('ERR_KEY_FORMAT', 'Expected a 33-byte compressed P-256 public key.');
  }
  const x = bytesToBigInt(compressed.subarray(1));
  if (x >= P) throw new LatchError('ERR_KEY_NOT_ON_CURVE', 'The public key is not a point on P-256.');
  const rhs = mod(x * x * x + A * x + B);
  // P ≡ 3 (mod 4), so a square root is rhs^((P+1)/4) when one exists.
  let y = powMod(rhs, (P + 1n) / 4n);
  if (mod(y * y) !== rhs) throw new LatchError('ERR_KEY_NOT_ON_CURVE', 'The public key is not a point on P-256.');
  if ((y & 1n) !== BigInt(compressed[0] & 1)) y = P - y;
  const out = new Uint8Array(65);
  out[0] = 0x04;
  out.set(compressed.subarray(1), 1);
  out.set(bigIntToBytes(y), 33);
  return out;
}

/** Accepts compressed or uncompressed hex; returns the compressed hex form (the key id). */
export function toCompressedHex(publicKeyHex: string): string {
  const bytes = fromHex(publicKeyHex);
  if (bytes.length === 33) return toHex(compressPublicKey(decompressPublicKey(bytes)));
  return toHex(compressPublicKey(bytes));
}
