import type { KeyMetadata, KeyStore, StoredKey } from './key-store.ts';
import { generateSigningKeyPair, keyIdOf, normalizeKeyId, toStoredKey } from './key-pair.ts';
import { IndexedDbObjectStore, type IndexedDbOptions } from './indexed-db-object-store.ts';

export interface IndexedDbKeyStoreOptions extends IndexedDbOptions {
  /** Object store name. Default `keys`. */
  storeName?: string;
}

// Not ours (or damaged): never hand it out as a key.
const fromRecord = (record: Partial<StoredKey> | undefined): StoredKey | undefined =>
  typeof record?.id === 'string' && record.privateKey && record.publicKey && typeof record.createdAt === 'number' ? (record as StoredKey) : undefined;

/**
 * Keeps non-extractable ECDSA P-256 keys in IndexedDB, so they survive reloads while no script
 * (not even ours) can read the private key out: browsers store the CryptoKey itself.
 * Each key is one record keyed by its id, the compressed public key in hex.
 *
 * Nothing touches IndexedDB before the first call. Failures are LatchErrors:
 * ERR_STORE_UNAVAILABLE, ERR_STORE_BLOCKED (after `blockedTimeoutMs`), ERR_STORE_QUOTA,
 * ERR_STORE_DATA_CLONE, ERR_STORE_EXTRACTABLE (nothing written) or ERR_STORE_FAILED.
 */
export class IndexedDbKeyStore implements KeyStore {
  readonly #db: IndexedDbObjectStore;

  constructor(options: IndexedDbKeyStoreOptions = {}) {
    this.#db = new IndexedDbObjectStore(options, options.storeName ?? 'keys', 'id');
  }

  async create(metadata?: KeyMetadata): Promise<StoredKey> {
    return this.#save(await generateSigningKeyPair(), metadata);
  }

  async put(pair: CryptoKeyPair, metadata?: KeyMetadata): Promise<StoredKey> {
    // Only a page that brings its own pair needs the checks: they load with its first put.
    await (await import('./assert-storable-pair.ts')).assertStorablePair(pair);
    return this.#save(pair, metadata);
  }

  async get(id: string): Promise<StoredKey | undefined> {
    const key = normalizeKeyId(id);
    return fromRecord(await this.#db.run('readonly', (store) => store.get(key)));
  }

  async list(): Promise<StoredKey[]> {
    const records = await this.#db.run<StoredKey[]>('readonly', (store) => store.getAll());
    return records.flatMap((record) => fromRecord(record) ?? []).sort((a, b) => a.createdAt - b.createdAt);
  }

  async delete(id: string): Promise<void> {
    const key = normalizeKeyId(id);
    await this.#db.run('readwrite', (store) => store.delete(key));
  }

  async clear(): Promise<void> {
    await this.#db.run('readwrite', (store) => store.clear());
  }

  /** Closes the database connection; the next call opens it again. */
  close(): Promise<void> {
    return this.#db.close();
  }

  async #save(pair: CryptoKeyPair, metadata?: KeyMetadata): Promise<StoredKey> {
    const key = toStoredKey(await keyIdOf(pair.publicKey), pair, metadata);
    await this.#db.run('readwrite', (store) => store.put(key));
    return key;
  }
}
