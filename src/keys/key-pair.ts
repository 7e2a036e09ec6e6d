/**
 * What every key store does the same way: generate a non-extractable signing pair, name it
 * by its compressed public key, and refuse pairs that would leak or could not sign.
 */
import { LatchError } from '../errors/latch-error.ts';
import { toHex } from '../encoding/hex.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { compressPublicKey } from '../crypto/p256-point.ts';
import type { KeyMetadata, StoredKey } from './key-store.ts';

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** A new ECDSA P-256 pair whose private key can never be exported (the public key can). */
export function generateSigningKeyPair(): Promise<CryptoKeyPair> {
  return subtle().generateKey(ECDSA_P256, false, ['sign', 'verify']);
}

/** The key id: compressed public key, lowercase hex. */
export async function keyIdOf(publicKey: CryptoKey): Promise<string> {
  let raw: ArrayBuffer;
  try {
    raw = await subtle().exportKey('raw', publicKey);
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The public key cannot be read.', { cause: error });
  }
  return toHex(compressPublicKey(new Uint8Array(raw)));
}

const isP256Ecdsa = (key: CryptoKey | undefined, type: KeyType): boolean => {
  const algorithm = key?.algorithm as EcKeyAlgorithm | undefined;
  return key?.type === type && algorithm?.name === 'ECDSA' && algorithm.namedCurve === 'P-256';
};

/**
 * Checks a pair before it is stored. An extractable private key is refused outright
 * (ERR_STORE_EXTRACTABLE): storing it would let any script on the origin read it out.
 * `verifyMatch` signs and verifies once so a private key never sits under another key's id.
 */
export async function assertStorablePair(pair: CryptoKeyPair, verifyMatch: boolean): Promise<void> {
  if (!pair || !isP256Ecdsa(pair.privateKey, 'private') || !isP256Ecdsa(pair.publicKey, 'public')) {
    throw new LatchError('ERR_KEY_FORMAT', 'Expected an ECDSA P-256 key pair.');
  }
  if (pair.privateKey.extractable) {
    throw new LatchError('ERR_STORE_EXTRACTABLE', 'Refusing to store an extractable private key.');
  }
  if (!verifyMatch) return;
  const probe = utf8Encode('latchkey key pair check');
  let matches = false;
  try {
    const signature = await subtle().sign(SHA256, pair.privateKey, probe.slice());
    matches = await subtle().verify(SHA256, pair.publicKey, signature, probe.slice());
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The key pair cannot sign and verify.', { cause: error });
  }
  if (!matches) throw new LatchError('ERR_KEY_MISMATCH', 'The private key does not belong to the public key.');
}

let lastCreatedAt = 0;
// Strictly increasing within a page, so keys made in the same millisecond still list in order.
const nextCreatedAt = (): number => (lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1));

export function toStoredKey(id: string, pair: CryptoKeyPair, metadata?: KeyMetadata): StoredKey {
  return { ...metadata, id, privateKey: pair.privateKey, publicKey: pair.publicKey, createdAt: nextCreatedAt() };
}

/** Validates a key id as given by a caller (any case), returning the canonical lowercase form. */
export function normalizeKeyId(id: string): string {
  if (typeof id !== 'string' || !/^0[23][0-9a-fA-F]{64}$/.test(id)) {
    throw new LatchError('ERR_KEY_FORMAT', 'A key id is a compressed P-256 public key in hex.');
  }
  return id.toLowerCase();
}
