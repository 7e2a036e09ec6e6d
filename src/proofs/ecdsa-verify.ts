/**
 * ECDSA verification over P-256 and P-384 through WebCrypto (raw r||s, IEEE P1363), for the
 * App Proof signature (P-256/SHA-256), COSE ES384 (P-384/SHA-384) and certificate chains.
 * WebCrypto accepts high-S signatures, as the enclave's signatures need.
 */
import { subtle } from '../crypto/webcrypto.ts';
import type { EcCurve } from './x509.ts';

const SIZES: Record<EcCurve, number> = { 'P-256': 32, 'P-384': 48 };

/**
 * True when `signature` (raw r||s) verifies over `data` with the uncompressed point
 * `publicKey`; false for a wrong signature, a wrong size or a point WebCrypto refuses.
 */
export async function verifyEcdsa(curve: EcCurve, hash: 'SHA-256' | 'SHA-384', publicKey: Uint8Array, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  const size = SIZES[curve];
  if (signature.length !== size * 2 || publicKey.length !== size * 2 + 1) return false;
  const s = subtle();
  let key: CryptoKey;
  try {
    key = await s.importKey('raw', publicKey.slice(), { name: 'ECDSA', namedCurve: curve }, false, ['verify']);
  } catch {
    return false;
  }
  try {
    return await s.verify({ name: 'ECDSA', hash }, key, signature.slice(), data.slice());
  } catch {
    return false;
  }
}
