import type { LatchKitOptions } from './latch-kit.ts';

/** The database the default session slots live in (indexed-db-object-store.ts's default name). */
const SESSIONS_DB = 'latchkey';

/**
 * True when no session can have been saved in this origin: the default stores are in use and
 * IndexedDB lists no `latchkey` database (a first visit; `indexedDB.databases()` opens nothing
 * and creates nothing). Lets the restore say "nobody" without its chunk and database open, which
 * `<latch-auth>`'s first methods wait for. False when unsure: the kit's own stores, no
 * `databases()` (older Firefox), or an error; the restore then reads the stores.
 */
export async function nothingSaved(options: Pick<LatchKitOptions, 'sessionSlots' | 'sessionStore'>, factory?: Pick<IDBFactory, 'databases'>): Promise<boolean> {
  if (options.sessionSlots || options.sessionStore) return false;
  try {
    const idb = factory ?? globalThis.indexedDB;
    if (typeof idb?.databases !== 'function') return false;
    return !(await idb.databases()).some((database) => database.name === SESSIONS_DB);
  } catch {
    return false; // a sandboxed frame, a browser that refuses: ask the stores
  }
}
