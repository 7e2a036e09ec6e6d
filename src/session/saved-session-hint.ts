/**
 * A one-bit hint, in localStorage, that an IndexedDB sessions store may hold a saved session.
 *
 * Why: `<latch-auth>` shows its login methods only once the session restore has settled (else a
 * logged-in visitor's view flips under their typing), and asking IndexedDB takes tens of ms on a
 * cold page, longer than the config's round trip. localStorage answers synchronously, and the kit
 * reads it on load anyway (the kept config). The kit's slots set the hint with every save and
 * keep it to what they read (the restore reads their keys, a logout's choice of the next account
 * lists them); the restore's `nothingSaved` drops it over an empty store. A clear leaves it: the
 * next read drops it. So "absent" means nothing was saved, or the last look found nothing.
 *
 * Not secret: it says only that someone logged in on this origin, which any script of the
 * origin can learn from IndexedDB as well. The session itself never goes to localStorage.
 *
 * A hint, not the truth: storage cleared by the page, a session saved by a kit older than the
 * hint, or two tabs' writes landing in the other order can leave it absent over a saved session.
 * The restore still runs and still finds it (the view then changes to the logged-in one, as it
 * did before the wait) and sets the hint again.
 */
type HintStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Which store a hint is of: its database and object store names (the kit's by default). */
export type HintedStore = [dbName?: string, storeName?: string];

/**
 * Reads the hint of a sessions store: false when nothing is saved there (the hint is absent),
 * true when something may be, undefined when there is no storage to ask. With `saved`, records
 * instead that the store holds a session now (true) or is empty (false), and never throws.
 */
export function savedSessionHint(saved?: boolean, [dbName = 'latchkey', storeName = 'sessions']: HintedStore = [], storage?: HintStorage): boolean | undefined {
  const key = 'latchkey:saved:' + JSON.stringify([dbName, storeName]);
  // Private mode, a sandboxed frame, a blocked storage, a quota, no storage at all (Node): then
  // a read cannot tell, and a note leaves the hint as it was (absent over a saved session, the
  // restore still finds it; present over an empty store, the first render waits for the restore).
  try {
    const store = storage ?? localStorage;
    if (saved === undefined) return store.getItem(key) !== null;
    if (saved) store.setItem(key, '1');
    else store.removeItem(key);
  } catch {
    // Nothing to read, or the hint stays as it was (see above).
  }
  return undefined;
}
