import type { KeyMetadata, KeyStore, StoredKey } from './key-store.ts';
import { assertStorablePair } from './assert-storable-pair.ts';
import { generateSigningKeyPair, keyIdOf, normalizeKeyId, toStoredKey } from './key-pair.ts';

/**
 * Keys held in this JavaScript realm only: the store for Node and the fallback when IndexedDB
 * is unavailable. The keys are still non-extractable CryptoKeys, but they die with the page
 * (or process): a reload means logging in again.
 */
export class MemoryKeyStore implements KeyStore {
  readonly #keys = new Map<string, StoredKey>();

  async create(metadata?: KeyMetadata): Promise<StoredKey> {
    const pair = await generateSigningKeyPair();
    return this.#save(pair, metadata);
  }

  async put(pair: CryptoKeyPair, metadata?: KeyMetadata): Promise<StoredKey> {
    await assertStorablePair(pair);
    return this.#save(pair, metadata);
  }

  async get(id: string): Promise<StoredKey | undefined> {
    return this.#keys.get(normalizeKeyId(id));
  }

  async list(): Promise<StoredKey[]> {
    return [...this.#keys.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  async delete(id: string): Promise<void> {
    this.#keys.delete(normalizeKeyId(id));
  }

  async clear(): Promise<void> {
    this.#keys.clear();
  }

  async #save(pair: CryptoKeyPair, metadata?: KeyMetadata): Promise<StoredKey> {
    const key = toStoredKey(await keyIdOf(pair.publicKey), pair, metadata);
    this.#keys.set(key.id, key);
    return key;
  }
}
