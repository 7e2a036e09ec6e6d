/**
 * Clipboard and display helpers for the elements that show ids and addresses
 * (`<latch-session>`, `<latch-signup>`, `<latch-wallet>`). An element that shows "Copied" on
 * its button for a moment uses `CopyController` (copy-controller.ts), which calls `copyText`.
 */

/** Copies `text` to the clipboard; false when the browser refuses (no permission, no focus, no clipboard). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * `d0e1f2a3-…-9f` → `d0e1f2…c49f`: enough to recognize an id or an address, short enough for a
 * line. A value no longer than `head + tail + 1` characters is returned as it is.
 */
export function shortId(id: string, head = 6, tail = 4): string {
  return id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`;
}
