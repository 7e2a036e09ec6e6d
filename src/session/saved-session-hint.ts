/**
 * A hint, in localStorage, that an IndexedDB sessions store may hold a saved session, and until
 * when: the latest expiry among the sessions saved there, when known.
 *
 * Why: `<latch-auth>` shows its login methods only once the session restore has settled (else a
 * logged-in visitor's view flips under their typing), and asking IndexedDB takes tens of ms on a
 * cold page, longer than the config's round trip. localStorage answers synchronously, and the kit
 * reads it on load anyway (the kept config). The kit's slots set the hint with every save and
 * keep it to what they read (the restore reads their keys, a logout's choice of the next account
 * lists them); the restore's `nothingSaved` drops it over an empty store. A clear leaves it: the
 * next read drops it. So "absent" means nothing was saved, or the last look found nothing.
 * The expiry: a visitor who comes back after their session has expired (most visits of someone
 * who logs in now and then) need not wait for a restore that can only find an expired session
 * (measured, script start to interactive: 31 and 38 ms, against 101 and 108 ms with a hint that
 * cannot tell; medians of 20 returning loads, two runs each). The hint's expiry is never moved
 * earlier (a save, another tab's included, only extends it; a listing of every slot replaces an
 * unknown one), so it can say "expired" only when every saved session has.
 *
 * Not secret: it says only that someone logged in on this origin, and until when, which any script
 * of the origin can learn from IndexedDB as well. The session itself never goes to localStorage.
 *
 * A hint, not the truth: storage cleared by the page, a session saved by a kit older than the
 * hint, or two tabs' writes landing in the other order can leave it absent over a saved session.
 * The restore still runs and still finds it (the view then changes to the logged-in one, as it
 * did before the wait) and sets the hint again.
 */
export type HintStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Which store a hint is of: its database and object store names (the kit's by default). */
export type HintedStore = [dbName?: string, storeName?: string];

/**
 * What a note says of a store: nothing saved (false); sessions saved, expiry unknown (true); or
 * sessions saved, the latest expiring at `until` (ms): `every` when that is all of them (a listing
 * of the slots), else one more (a save).
 */
export type SavedSessions = boolean | { until: number; every?: boolean };

/** The value written when the expiry is unknown. */
export const UNKNOWN = '1';

/** The expiry a hint's value holds (ms), or undefined when it holds none (unknown, or not ours). */
export function untilOf(value: string): number | undefined {
  const until = Number(value);
  return value !== UNKNOWN && Number.isSafeInteger(until) && until > 0 ? until : undefined;
}

/** The hint's localStorage key of a (database, store): the names as JSON, so that no name can make another's key. */
export const keyOf = ([dbName = 'latchkey', storeName = 'sessions']: HintedStore): string => 'latchkey:saved:' + JSON.stringify([dbName, storeName]);

// Private mode, a sandboxed frame, a blocked storage, a quota, no storage at all (Node): then a
// read cannot tell, and a note leaves the hint as it was (absent over a saved session, the
// restore still finds it; present over an empty store, the first render waits for the restore).
// Reading and noting are two modules: a page's first chunk reads the hint, and only the lazy
// session slots and restore write it (note-saved-sessions.ts).

/**
 * Reads the hint of a sessions store: false when nothing is saved there (the hint is absent) or
 * every session saved there had expired by now, true when something may be, undefined when there
 * is no storage to ask. Never throws.
 */
export function savedSessionHint(store: HintedStore = [], storage?: HintStorage): boolean | undefined {
  try {
    const held = (storage ?? localStorage).getItem(keyOf(store));
    // Expired when the latest expiry has passed, as the restore counts it (`exp` at or before
    // now); an unknown one never passes.
    return held !== null && !((untilOf(held) ?? Infinity) <= Date.now());
  } catch {
    // No storage to ask: cannot tell.
  }
  return undefined;
}
