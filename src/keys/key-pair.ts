/**
 * What every key store does the same way: generate a non-extractable signing pair, name it
 * by its compressed public key. The checks on a pair a page brings are in assert-storable-pair.ts.
 */
import { LatchError } from '../errors/latch-error.ts';
import { toHex } from '../encoding/hex.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { compressPublicKey } from '../crypto/p256-point.ts';
import type { KeyMetadata, StoredKey } from './key-store.ts';

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

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
