/**
 * Writes the saved-session hint (saved-session-hint.ts, which reads it and says what it holds):
 * what a sessions store holds now. A module of its own so that only the lazy session slots and
 * restore carry it, not the first chunk that reads the hint.
 */
import { keyOf, UNKNOWN, untilOf, type HintedStore, type HintStorage, type SavedSessions } from './saved-session-hint.ts';

/** Records what a sessions store holds now (see SavedSessions). Never throws: a storage that cannot be written leaves the hint as it was. */
export function noteSavedSessions(saved: SavedSessions, store: HintedStore = [], storage?: HintStorage): void {
  try {
    const hints = storage ?? localStorage;
    const key = keyOf(store);
    if (saved === false) return hints.removeItem(key);
    const held = hints.getItem(key);
    const heldUntil = untilOf(held ?? UNKNOWN);
    // `true` carries neither (a boolean has no such properties).
    const { until: given, every = false } = saved as Exclude<SavedSessions, boolean>;
    const until = Number.isSafeInteger(given) && given > 0 ? given : undefined;
    // Known over known: the later. An unknown expiry stays unknown unless every session was listed.
    if (held === null) hints.setItem(key, until === undefined ? UNKNOWN : String(until));
    else if (until !== undefined && (heldUntil !== undefined || every)) hints.setItem(key, String(Math.max(until, heldUntil ?? 0)));
  } catch {
    // A storage that cannot be written: the hint stays as it was (saved-session-hint.ts says why
    // either way is safe).
  }
}
