/**
 * ECDSA P-256 SHA-256 verification through WebCrypto, shared by the stamp and token verifiers.
 * WebCrypto neither produces nor demands low-S signatures, which is what the service's
 * clients need (docs/protocol.md §4): verifiers must accept high-S. Signing is in sign-p256.ts,
 * apart, so that a page that only stamps does not load public key decompression.
 */
import { LatchError } from '../errors/latch-error.ts';
import { decompressPublicKey } from '../crypto/p256.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { fromHex } from '../encoding/hex.ts';
import { ECDSA_SHA256 } from './sign-p256.ts';

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * Imported verification keys by lowercase hex. Verifiers see the same few keys again and again
 * (an API key stamping, the notarizer, the OTP signer), and decompressing and importing one
 * costs more than a verification (~0.4 ms). Only the parsing of a public key is remembered:
 * whether that key may act (it exists, it has not expired) is the caller's lookup, made on
 * every request, so a deleted or expired key gains nothing from being here. Bounded, least
 * recently used first out; failed imports are never cached.
 */
export const PUBLIC_KEY_CACHE_LIMIT = 1024;
const importedKeys = new Map<string, CryptoKey>();

/** How many imported public keys are held (tests: the cache stays bounded). */
export function publicKeyCacheSize(): number {
  return importedKeys.size;
}

/**
 * Imports a P-256 public key given as compressed (33 bytes) or uncompressed (65 bytes) hex.
 * Bad hex or length is ERR_KEY_FORMAT, a point off the curve ERR_KEY_NOT_ON_CURVE.
 */
export async function importP256PublicKey(publicKeyHex: string): Promise<CryptoKey> {
  const id = typeof publicKeyHex === 'string' ? publicKeyHex.toLowerCase() : '';
  const cached = importedKeys.get(id);
  if (cached) {
    // Map order is insertion order: re-inserting marks the key as the most recently used.
    importedKeys.delete(id);
    importedKeys.set(id, cached);
    return cached;
  }
  const key = await importUncached(publicKeyHex);
  if (!importedKeys.has(id) && importedKeys.size >= PUBLIC_KEY_CACHE_LIMIT) importedKeys.delete(importedKeys.keys().next().value!);
  importedKeys.set(id, key);
  return key;
}

async function importUncached(publicKeyHex: string): Promise<CryptoKey> {
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
