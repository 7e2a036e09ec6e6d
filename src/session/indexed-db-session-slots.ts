import { IndexedDbObjectStore } from '../keys/indexed-db-object-store.ts';
import { IndexedDbSessionStore, isPersisted, type IndexedDbSessionStoreOptions } from './indexed-db-session-store.ts';
import type { HintedStore } from './saved-session-hint.ts';
import { noteSavedSessions } from './note-saved-sessions.ts';
import type { PersistedSession, SessionStore } from './session-store.ts';
import { isSessionKey, type SessionSlots } from './session-slots.ts';

/** The record that names the active session key; never a session key itself (see isSessionKey). */
const ACTIVE = 'active';

/** A slot of the kit's: its saves set the saved-session hint of its store (see saved-session-hint.ts). */
class HintedSlot extends IndexedDbSessionStore {
  readonly #hinted: HintedStore;

  constructor(options: IndexedDbSessionStoreOptions) {
    super(options);
    this.#hinted = [options.dbName, options.storeName];
  }

  override async save(session: PersistedSession): Promise<void> {
    await super.save(session);
    noteSavedSessions({ until: session.claims.exp * 1000 }, this.#hinted);
  }
}

/**
 * The accounts' slots in IndexedDB, beside the one-account slot in the same object store: each
 * account's session is one record keyed by its session key (`current` for the first), and the
 * active one is named by one more record. Every change is one put or delete, so a crash or a
 * closed tab leaves each record whole: at worst the pointer names a slot that is empty, which
 * reads as "nobody active".
 */
export class IndexedDbSessionSlots implements SessionSlots {
  readonly #options: IndexedDbSessionStoreOptions;
  readonly #db: IndexedDbObjectStore;
  readonly #slots = new Map<string, IndexedDbSessionStore>();
  /** The slots' records share the store, and its saved-session hint (see saved-session-hint.ts). */
  readonly #hinted: HintedStore;

  constructor(options: IndexedDbSessionStoreOptions = {}) {
    this.#options = options;
    this.#db = new IndexedDbObjectStore(options, options.storeName ?? 'sessions', 'slot');
    this.#hinted = [options.dbName, options.storeName];
  }

  slot(sessionKey: string): SessionStore {
    let store = this.#slots.get(sessionKey);
    if (!store) this.#slots.set(sessionKey, (store = new HintedSlot({ ...this.#options, slot: sessionKey })));
    return store;
  }

  async list(): Promise<Record<string, PersistedSession>> {
    const records = await this.#db.run<{ slot?: unknown; session?: unknown }[]>('readonly', (store) => store.getAll());
    const all: Record<string, PersistedSession> = {};
    for (const { slot, session } of records) if (isSessionKey(slot) && isPersisted(session)) all[slot] = session;
    // Every session is here: the hint learns when the last of them expires.
    const sessions = Object.values(all);
    noteSavedSessions(sessions.length > 0 && { until: Math.max(...sessions.map((s) => s.claims.exp * 1000)), every: true }, this.#hinted);
    return all;
  }

  async keys(): Promise<string[]> {
    const keys = (await this.#db.run<IDBValidKey[]>('readonly', (store) => store.getAllKeys())).filter(isSessionKey);
    // The restore asks this first, a logout's choice of the next account asks list(): each keeps
    // the hint to what it read. A hint lost over saved sessions (cleared storage, a session an
    // older kit saved) is set again; one left after the last session went is dropped.
    noteSavedSessions(keys.length > 0, this.#hinted);
    return keys;
  }

  async getActive(): Promise<string | undefined> {
    const record = await this.#db.run<{ sessionKey?: unknown } | undefined>('readonly', (store) => store.get(ACTIVE));
    return isSessionKey(record?.sessionKey) ? record.sessionKey : undefined;
  }

  async setActive(sessionKey: string | undefined): Promise<void> {
    await this.#db.run('readwrite', (store) => (sessionKey === undefined ? store.delete(ACTIVE) : store.put({ slot: ACTIVE, sessionKey })));
  }

  async close(): Promise<void> {
    await Promise.all([this.#db.close(), ...[...this.#slots.values()].map((s) => s.close())]);
  }
}
