/**
 * A one-bit hint, in localStorage, that an IndexedDB sessions store may hold a saved session.
 *
 * Why: `<latch-auth>` shows its login methods only once the session restore has settled (else a
 * logged-in visitor's view flips under their typing), and asking IndexedDB takes tens of ms on a
 * cold page, longer than the config's round trip. localStorage answers synchronously, and the kit
 * reads it on load anyway (the kept config). The hint is set after every write to the store and
 * dropped when a delete leaves the store empty, so "absent" means "nothing was saved here".
 *
 * Not secret: it says only that someone logged in on this origin, which any script of the
 * origin can learn from IndexedDB as well. The session itself never goes to localStorage.
 *
 * A hint, not the truth: storage cleared by the page, a session saved by a kit older than the
 * hint, or two tabs' writes landing in the other order can leave it absent over a saved session.
 * The restore still runs and still finds it (the view then changes to the logged-in one, as it
 * did before the wait) and sets the hint again.
 */
const PREFIX = 'latchkey:saved:';

export interface SavedSessionHint {
  /** False: nothing is saved in the store (the hint is absent). True: something may be. Undefined: no storage to ask. */
  read(): boolean | undefined;
  /** Records that the store holds a session now (`true`) or is empty (`false`). Never throws. */
  note(saved: boolean): void;
}

/** The hint of the sessions store `storeName` in database `dbName`. */
export function savedSessionHint(dbName = 'latchkey', storeName = 'sessions', storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): SavedSessionHint {
  const key = PREFIX + JSON.stringify([dbName, storeName]);
  // Private mode, a sandboxed frame, a blocked storage: reading localStorage itself can throw.
  const store = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined => {
    try {
      return storage ?? globalThis.localStorage ?? undefined;
    } catch {
      return undefined;
    }
  };
  return {
    read() {
      try {
        const s = store();
        return s ? s.getItem(key) !== null : undefined;
      } catch {
        return undefined;
      }
    },
    note(saved) {
      try {
        const s = store();
        if (saved) s?.setItem(key, '1');
        else s?.removeItem(key);
      } catch {
        // Quota or blocked storage: the hint stays as it was. Absent, the restore still finds
        // the session; present over an empty store, the first render waits for the restore.
      }
    },
  };
}
