/**
 * ECDSA P-256 SHA-256 through WebCrypto, shared by stamps, client signatures and tokens.
 * WebCrypto neither produces nor demands low-S signatures, which is what the service's
 * clients need (PROTOCOL.md §4): verifiers must accept high-S.
 */
import { LatchError } from '../errors/latch-error.ts';
import { decompressPublicKey } from '../crypto/p256.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { fromHex } from '../encoding/hex.ts';

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** Signs `data` (hashed once with SHA-256 by WebCrypto); returns raw r||s, 64 bytes. */
export async function signP256(privateKey: CryptoKey, data: Uint8Array): Promise<Uint8Array> {
  const algorithm = privateKey.algorithm as Partial<EcKeyAlgorithm>;
  if (algorithm.name !== 'ECDSA' || algorithm.namedCurve !== 'P-256' || privateKey.type !== 'private') {
    throw new LatchError('ERR_KEY_FORMAT', 'Expected an ECDSA P-256 private key.');
  }
  const s = subtle();
  try {
    return new Uint8Array(await s.sign(ECDSA_SHA256, privateKey, data.slice()));
  } catch (cause) {
    throw new LatchError('ERR_KEY_FORMAT', 'The key cannot sign (it needs the "sign" usage).', { cause });
  }
}

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
