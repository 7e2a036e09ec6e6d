/**
 * ECDSA P-256 SHA-256 verification through WebCrypto, shared by the stamp and token verifiers.
 * WebCrypto neither produces nor demands low-S signatures, which is what the service's
 * clients need (PROTOCOL.md §4): verifiers must accept high-S. Signing is in sign-p256.ts,
 * apart, so that a page that only stamps does not load public key decompression.
 */
import { LatchError } from '../errors/latch-error.ts';
import { decompressPublicKey } from '../crypto/p256.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { fromHex } from '../encoding/hex.ts';
import { ECDSA_SHA256 } from './sign-p256.ts';

export { signP256 } from './sign-p256.ts';

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * Imports a P-256 public key given as compressed (33 bytes) or uncompressed (65 bytes) hex.
 * Bad hex or length is ERR_KEY_FORMAT, a point off the curve ERR_KEY_NOT_ON_CURVE.
 */
export async function importP256PublicKey(publicKeyHex: string): Promise<CryptoKey> {
  let bytes: Uint8Array;
  try {
    bytes = fromHex(publicKeyHex);
  } catch (cause) {
    throw new LatchError('ERR_KEY_FORMAT', 'The public key is not hexadecimal.', { cause });
  }
  const uncompressed = decompressPublicKey(bytes);
  const s = subtle();
  try {
    return await s.importKey('raw', uncompressed.slice(), ECDSA_P256, false, ['verify']);
  } catch (cause) {
    throw new LatchError('ERR_KEY_FORMAT', 'The public key was refused by WebCrypto.', { cause });
  }
}

/** Verifies raw r||s over `data` (hashed once with SHA-256). False for any wrong signature. */
export async function verifyP256(publicKey: CryptoKey, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  if (signature.length !== 64) return false;
  return subtle().verify(ECDSA_SHA256, publicKey, signature.slice(), data.slice());
}
