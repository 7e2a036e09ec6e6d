import { noteSavedSessions } from '../session/note-saved-sessions.ts';
import type { HintStorage } from '../session/saved-session-hint.ts';
import type { LatchKitOptions } from './latch-kit-options.ts';

/** The database and object store the default session slots live in (indexed-db-object-store.ts's defaults). */
const SESSIONS_DB = 'latchkey';
const SESSIONS_STORE = 'sessions';

type Factory = Pick<IDBFactory, 'databases' | 'open'>;

/**
 * True when no session can have been saved in this origin, asked of IndexedDB directly so that
 * the restore can say "nobody" without its chunks and the key store (`<latch-auth>`'s first
 * methods wait for that answer). A first visit: `indexedDB.databases()` lists no `latchkey`
 * database. A returning visitor who is logged out: the database is there (the OAuth buttons'
 * prepared keys make it) but its `sessions` store holds no record. False when unsure: the kit's
 * own stores, no `databases()` (older Firefox), an error; the restore then reads the stores.
 * `factory` and `hintStorage` stand in for IndexedDB and localStorage (tests).
 */
export async function nothingSaved(options: Pick<LatchKitOptions, 'sessionSlots' | 'sessionStore'>, factory?: Factory, hintStorage?: HintStorage): Promise<boolean> {
  if (options.sessionSlots || options.sessionStore) return false;
  try {
    const idb = factory ?? globalThis.indexedDB;
    if (typeof idb?.databases !== 'function') return false;
    const none = !(await idb.databases()).some((database) => database.name === SESSIONS_DB) || (await savedRecords(idb)) === 0;
    // The saved-session hint a clear left over the empty store goes (saved-session-hint.ts).
    if (none) noteSavedSessions(false, [], hintStorage); // the default store's hint
    return none;
  } catch {
    return false; // a sandboxed frame, a browser that refuses: ask the stores
  }
}

/** How many records the sessions store holds (the slots and the active pointer); rejects when unsure. */
function savedRecords(idb: Factory): Promise<number> {
  return new Promise((resolve, reject) => {
    // No version: an existing database opens as it is. Were it deleted since the listing, the
    // open would create it: that upgrade is aborted, so this question never makes a database.
    const open = idb.open(SESSIONS_DB);
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onblocked = () => reject(new Error('blocked'));
    open.onerror = () => reject(open.error ?? new Error('open failed'));
    open.onsuccess = () => {
      const db = open.result;
      // Closed as soon as asked: an open connection would block the kit's own upgrades.
      const done = (settle: () => void): void => (db.close(), settle());
      if (!db.objectStoreNames.contains(SESSIONS_STORE)) return done(() => resolve(0));
      try {
        const count = db.transaction(SESSIONS_STORE, 'readonly').objectStore(SESSIONS_STORE).count();
        count.onsuccess = () => done(() => resolve(count.result));
        count.onerror = () => done(() => reject(count.error ?? new Error('count failed')));
      } catch (error) {
        done(() => reject(error));
      }
    };
  });
}
