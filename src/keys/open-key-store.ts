import type { LatchError } from '../errors/latch-error.ts';
import { storeError } from './indexed-db-object-store.ts';
import { IndexedDbKeyStore, type IndexedDbKeyStoreOptions } from './indexed-db-key-store.ts';
import type { KeyStore } from './key-store.ts';
import { MemoryKeyStore } from './memory-key-store.ts';

export interface OpenedKeyStore {
  store: KeyStore;
  /** True when keys survive a reload (IndexedDB); false for the in-memory fallback. */
  persistent: boolean;
  /** Why IndexedDB could not be used, when it could not. */
  reason?: LatchError;
}

/**
 * The documented way to get a key store: an {@link IndexedDbKeyStore} when IndexedDB works here
 * (checked by storing and deleting a probe key), otherwise a {@link MemoryKeyStore} with the
 * reason (ERR_STORE_UNAVAILABLE in Node, private modes or sandboxed frames, ERR_STORE_BLOCKED,
 * ERR_STORE_DATA_CLONE…). With the fallback, keys die with the page: a reload, a closed tab or
 * another tab means logging in again, so show `persistent: false` to the user if it matters.
 */
export async function openKeyStore(options: IndexedDbKeyStoreOptions = {}): Promise<OpenedKeyStore> {
  const store = new IndexedDbKeyStore(options);
  try {
    // Proves CryptoKeys can be stored here (some browsers throw DataCloneError) before a login.
    await store.delete((await store.create({ purpose: 'probe' })).id);
    return { store, persistent: true };
  } catch (error) {
    await store.close();
    return { store: new MemoryKeyStore(), persistent: false, reason: storeError(error) };
  }
}
