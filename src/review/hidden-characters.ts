/**
 * The one filter for characters a person cannot see, applied to every string a page or a chain
 * chooses before the sheet shows it (typed data's domain, primary type, field names and values,
 * messages, token names): format characters (Unicode Cf: zero-width spaces and joiners, the
 * bidirectional marks, embeddings, overrides and isolates, the BOM, tag characters), controls
 * other than tab and line breaks, variation selectors and the blank "filler" letters. Each is
 * shown as ⟦U+XXXX⟧ in its place, so that "bank.example" with a zero-width space, or a name
 * reversed by U+202E, does not read as something it is not; the review adds `hidden-characters`.
 * Emoji sequences joined by U+200D and scripts that use ZWNJ are marked too: a warning too many
 * is better than a domain that reads as another.
 */

// Combining marks in the class are wanted one by one (each is hidden on its own).
// eslint-disable-next-line no-control-regex, no-misleading-character-class
const HIDDEN = /[\p{Cf}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2028\u2029\u3164\ufe00-\ufe0f\uffa0\ufff9-\ufffb\u{e0100}-\u{e01ef}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu'); // eslint-disable-line no-misleading-character-class

/** True when `text` holds a character the filter marks. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/** `text` with each hidden character written as ⟦U+XXXX⟧ (unchanged when it has none). */
export function revealHiddenCharacters(text: string): string {
  return text.replace(HIDDEN_ALL, (c) => `⟦U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧`);
}

/**
 * A string for the sheet: revealed, and `found()` called once when anything was hidden (so the
 * caller adds the warning where the string belongs).
 */
export function shownText(text: string, found: () => void): string {
  if (!hasHiddenCharacters(text)) return text;
  found();
  return revealHiddenCharacters(text);
}
