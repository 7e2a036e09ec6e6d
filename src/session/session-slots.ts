import { MemorySessionStore, type PersistedSession, type SessionStore } from './session-store.ts';

/**
 * The session key of the first account: the slot a one-account page has always used, so a page
 * that never adds an account reads and writes exactly what it did before.
 */
export const DEFAULT_SESSION_KEY = 'current';

/** Session keys other than the default one start with this (never `active`, the pointer's slot). */
export const ACCOUNT_KEY_PREFIX = 'account:';

/** True for a name that may hold an account's session (the default slot or an `account:` one). */
export const isSessionKey = (key: unknown): key is string =>
  key === DEFAULT_SESSION_KEY || (typeof key === 'string' && key.startsWith(ACCOUNT_KEY_PREFIX) && key.length > ACCOUNT_KEY_PREFIX.length);

/**
 * Several accounts' sessions, one slot per session key, and which one is active: what the hosted
 * drop-in kit keeps as `@turnkey/all-session-keys` and `@turnkey/active-session-key`. Each slot is
 * a whole {@link SessionStore} (with `clearIfHolds`), so what SECURITY.md D4 says of the one slot
 * holds for each account's. Every write is one record, written whole.
 */
export interface SessionSlots {
  /** The slot of `sessionKey` (the same object for the same key). */
  slot(sessionKey: string): SessionStore;
  /** Every saved session by its session key. */
  list(): Promise<Record<string, PersistedSession>>;
  /** The session keys that may hold a session, without reading any (a slot may be empty). */
  keys(): Promise<string[]>;
  /** The active session key; undefined when none was set (then the default one is used). */
  getActive(): Promise<string | undefined>;
  /** Points at `sessionKey`, or at nothing (undefined). */
  setActive(sessionKey: string | undefined): Promise<void>;
}

/**
 * The slots in memory: Node, tests, and a kit given one `sessionStore` (it becomes the default
 * slot; other accounts then last only as long as the page).
 */
export class MemorySessionSlots implements SessionSlots {
  readonly #slots = new Map<string, SessionStore>();
  #active: string | undefined;

  constructor(defaultSlot?: SessionStore) {
    if (defaultSlot) this.#slots.set(DEFAULT_SESSION_KEY, defaultSlot);
  }

  slot(sessionKey: string): SessionStore {
    let store = this.#slots.get(sessionKey);
    if (!store) this.#slots.set(sessionKey, (store = new MemorySessionStore()));
    return store;
  }

  async list(): Promise<Record<string, PersistedSession>> {
    const all: Record<string, PersistedSession> = {};
    for (const [key, store] of this.#slots) {
      const session = await store.load();
      if (session) all[key] = session;
    }
    return all;
  }

  async keys(): Promise<string[]> {
    return [...this.#slots.keys()];
  }

  async getActive(): Promise<string | undefined> {
    return this.#active;
  }

  async setActive(sessionKey: string | undefined): Promise<void> {
    this.#active = sessionKey;
  }
}
