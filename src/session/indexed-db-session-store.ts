import { IndexedDbObjectStore, type IndexedDbOptions } from '../keys/indexed-db-object-store.ts';
import type { PersistedSession, SessionStore } from './session-store.ts';

export interface IndexedDbSessionStoreOptions extends IndexedDbOptions {
  /** Object store name. Default `sessions` (beside the `keys` store in the `latchkey` database). */
  storeName?: string;
  /** The slot's key, for pages that keep more than one kit apart. Default `current`. */
  slot?: string;
}

/** A saved session's shape (its claims are checked again when it is restored). */
export const isPersisted = (value: unknown): value is PersistedSession => {
  const v = value as Partial<PersistedSession> | undefined;
  return !!v && typeof v.claims === 'object' && v.claims !== null && (v.jwt === undefined || typeof v.jwt === 'string');
};

/**
 * The session slot in IndexedDB, shared by every tab of the origin and surviving reloads.
 * Deliberately not localStorage: it is readable synchronously by any script and by extensions'
 * content scripts in more ways, and nothing here needs synchronous access.
 */
export class IndexedDbSessionStore implements SessionStore {
  readonly #db: IndexedDbObjectStore;
  readonly #slot: string;

  constructor(options: IndexedDbSessionStoreOptions = {}) {
    this.#db = new IndexedDbObjectStore(options, options.storeName ?? 'sessions', 'slot');
    this.#slot = options.slot ?? 'current';
  }

  async load(): Promise<PersistedSession | undefined> {
    const record = await this.#db.run<{ session?: unknown } | undefined>('readonly', (store) => store.get(this.#slot));
    return isPersisted(record?.session) ? record.session : undefined;
  }

  async save(session: PersistedSession): Promise<void> {
    await this.#db.run('readwrite', (store) => store.put({ slot: this.#slot, session }));
  }

  async clear(): Promise<void> {
    await this.#db.run('readwrite', (store) => store.delete(this.#slot));
  }

  async clearIfHolds(publicKey: string): Promise<boolean> {
    // The read and the delete share one readwrite transaction: another tab's save cannot land
    // between them (IndexedDB runs overlapping readwrite transactions one after the other).
    let empty = true;
    await this.#db.run('readwrite', (store) => {
      const read = store.get(this.#slot);
      read.onsuccess = () => {
        const session = (read.result as { session?: unknown } | undefined)?.session;
        if (isPersisted(session) && session.claims.public_key !== publicKey) empty = false;
        else store.delete(this.#slot);
      };
    });
    return empty;
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}
