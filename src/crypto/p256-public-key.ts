/**
 * The P-256 public point of a private scalar (d·G), in BigInt Jacobian arithmetic.
 *
 * Only a fallback: the kit lets WebCrypto derive the point by importing a PKCS #8 key without
 * one, which Chromium and WebKit do natively. Firefox refuses such a PKCS #8 key (its NSS
 * import wants the public point inside), so there the point is computed here and the pair
 * imported as a JWK. Loaded with a dynamic import, so the bundles of the other engines never
 * fetch it. BigInt arithmetic is not constant-time; the scalar is already in page memory at this
 * point (it was just decrypted), and this runs once per login, never per signature.
 */
import { LatchError } from '../errors/latch-error.ts';
import { fromHex } from '../encoding/hex.ts';
import { P, bytesToBigInt, mod } from './p256-point.ts';

const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const GX = 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n;
const GY = 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n;

/** A point in Jacobian coordinates (x = X/Z², y = Y/Z³); Z = 0 is the point at infinity. */
type Jacobian = readonly [bigint, bigint, bigint];

function double([x1, y1, z1]: Jacobian): Jacobian {
  if (z1 === 0n || y1 === 0n) return [0n, 1n, 0n];
  // dbl-2001-b, for curves with a = -3.
  const delta = mod(z1 * z1);
  const gamma = mod(y1 * y1);
  const beta = mod(x1 * gamma);
  const alpha = mod(3n * (x1 - delta) * (x1 + delta));
  const x3 = mod(alpha * alpha - 8n * beta);
  const z3 = mod((y1 + z1) * (y1 + z1) - gamma - delta);
  const y3 = mod(alpha * (4n * beta - x3) - 8n * gamma * gamma);
  return [x3, y3, z3];
}

/** R + Q where Q is affine (Z = 1): madd-2007-bl. */
function addAffine(r: Jacobian, qx: bigint, qy: bigint): Jacobian {
  const [x1, y1, z1] = r;
  if (z1 === 0n) return [qx, qy, 1n];
  const z1z1 = mod(z1 * z1);
  const u2 = mod(qx * z1z1);
  const s2 = mod(qy * z1 * z1z1);
  const h = mod(u2 - x1);
  const rr = mod(2n * (s2 - y1));
  if (h === 0n) return rr === 0n ? double(r) : [0n, 1n, 0n];
  const hh = mod(h * h);
  const i = 4n * hh;
  const j = mod(h * i);
  const v = mod(x1 * i);
  const x3 = mod(rr * rr - j - 2n * v);
  const y3 = mod(rr * (v - x3) - 2n * y1 * j);
  const z3 = mod((z1 + h) * (z1 + h) - z1z1 - hh);
  return [x3, y3, z3];
}

function invert(a: bigint): bigint {
  // Fermat: a^(p-2) mod p.
  let result = 1n;
  let base = mod(a);
  let e = P - 2n;
  while (e > 0n) {
    if (e & 1n) result = (result * base) % P;
    base = (base * base) % P;
    e >>= 1n;
  }
  return result;
}

/** 32-byte big-endian private scalar → 65-byte uncompressed public key (0x04 || X || Y). */
export function p256PublicKey(privateKey: Uint8Array): Uint8Array {
  const d = privateKey.length === 32 ? bytesToBigInt(privateKey) : 0n;
  if (d === 0n || d >= N) throw new LatchError('ERR_KEY_FORMAT', 'A P-256 private key is a 32-byte scalar between 1 and n - 1.');
  let r: Jacobian = [0n, 1n, 0n];
  for (let bit = 255; bit >= 0; bit -= 1) {
    r = double(r);
    if ((d >> BigInt(bit)) & 1n) r = addAffine(r, GX, GY);
  }
  const zInv = invert(r[2]);
  const zInv2 = mod(zInv * zInv);
  const x = mod(r[0] * zInv2);
  const y = mod(r[1] * zInv2 * zInv);
  return fromHex('04' + x.toString(16).padStart(64, '0') + y.toString(16).padStart(64, '0'));
}
