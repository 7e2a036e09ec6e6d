/**
 * The P-256 curve equation and public key compression: what the signing path needs (a new
 * key's id is its compressed public key). Decompression, which needs a modular square root,
 * lives in p256.ts so that it loads only with the verifiers and bundle code that use it.
 */
import { LatchError } from '../errors/latch-error.ts';
import { toHex } from '../encoding/hex.ts';

export const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
export const A = P - 3n;
export const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

export function mod(a: bigint, m = P): bigint {
  const r = a % m;
  return r >= 0n ? r : r + m;
}

export const bytesToBigInt = (bytes: Uint8Array): bigint => (bytes.length === 0 ? 0n : BigInt('0x' + toHex(bytes)));

function isOnCurve(x: bigint, y: bigint): boolean {
  if (x >= P || y >= P) return false;
  return mod(y * y) === mod(x * x * x + A * x + B);
}

/** 65-byte uncompressed (0x04 || X || Y) → 33-byte compressed (0x02/0x03 || X). */
export function compressPublicKey(uncompressed: Uint8Array): Uint8Array {
  if (uncompressed.length !== 65 || uncompressed[0] !== 0x04) {
    throw new LatchError('ERR_KEY_FORMAT', 'Expected a 65-byte uncompressed P-256 public key.');
  }
  const x = bytesToBigInt(uncompressed.subarray(1, 33));
  const y = bytesToBigInt(uncompressed.subarray(33));
  if (!isOnCurve(x, y)) throw new LatchError('ERR_KEY_NOT_ON_CURVE', 'The public key is not a point on P-256.');
  const out = new Uint8Array(33);
  out[0] = y & 1n ? 0x03 : 0x02;
  out.set(uncompressed.subarray(1, 33), 1);
  return out;
}
