/**
 * CopyController: a copy button's memory. `copy(text, key)` copies through `copyText` and, when
 * the browser allowed it, remembers `key` for a moment so the button can read "Copied" before it
 * turns back (the host re-renders at both ends). Announcing the copy is the element's (its own
 * announcer, its own words). Used by `<latch-session>` (the user id) and `<latch-signup>` (one key
 * per address).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { copyText } from './copy-text.ts';

/** How long a button reads "Copied". */
export const COPIED_MS = 2000;

export class CopyController<Key> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #holdMs: number;
  #copied: { key: Key } | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost, holdMs = COPIED_MS) {
    this.#host = host;
    this.#holdMs = holdMs;
    host.addController(this);
  }

  /** True while `key` is what was copied last (for `holdMs` after the copy). */
  isCopied(key: Key): boolean {
    return this.#copied !== null && this.#copied.key === key;
  }

  /** Copies `text` and marks `key` as copied; false, and nothing marked, when the browser refused. */
  async copy(text: string, key: Key): Promise<boolean> {
    if (!(await copyText(text))) return false;
    this.#copied = { key };
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#copied = null;
      this.#host.requestUpdate();
    }, this.#holdMs);
    this.#host.requestUpdate();
    return true;
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }
}
