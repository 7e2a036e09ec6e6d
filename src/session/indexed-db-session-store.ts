import { IndexedDbObjectStore, type IndexedDbOptions } from '../keys/indexed-db-object-store.ts';
import { savedSessionHint, type SavedSessionHint } from './saved-session-hint.ts';
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
  /** Kept with every write: whether the store may hold a session (see saved-session-hint.ts). */
  readonly #hint: SavedSessionHint;

  constructor(options: IndexedDbSessionStoreOptions = {}) {
    this.#db = new IndexedDbObjectStore(options, options.storeName ?? 'sessions', 'slot');
    this.#slot = options.slot ?? 'current';
    this.#hint = savedSessionHint(options.dbName, options.storeName);
  }

  async load(): Promise<PersistedSession | undefined> {
    const record = await this.#db.run<{ session?: unknown } | undefined>('readonly', (store) => store.get(this.#slot));
    if (!isPersisted(record?.session)) return undefined;
    this.#hint.note(true); // a hint lost since the save (cleared storage) is set again
    return record.session;
  }

  async save(session: PersistedSession): Promise<void> {
    await this.#db.run('readwrite', (store) => store.put({ slot: this.#slot, session }));
    this.#hint.note(true);
  }

  async clear(): Promise<void> {
    // What is left is counted in the same transaction: the hint goes with the last record.
    const left = await this.#db.run<number>('readwrite', (store) => (store.delete(this.#slot), store.count()));
    this.#hint.note(left > 0);
  }

  async clearIfHolds(publicKey: string): Promise<boolean> {
    // The read and the delete share one readwrite transaction: another tab's save cannot land
    // between them (IndexedDB runs overlapping readwrite transactions one after the other).
    let empty = true;
    let left = 1;
    await this.#db.run('readwrite', (store) => {
      const read = store.get(this.#slot);
      read.onsuccess = () => {
        const session = (read.result as { session?: unknown } | undefined)?.session;
        if (isPersisted(session) && session.claims.public_key !== publicKey) return void (empty = false);
        store.delete(this.#slot);
        const count = store.count();
        count.onsuccess = () => (left = count.result);
      };
    });
    this.#hint.note(left > 0);
    return empty;
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}
