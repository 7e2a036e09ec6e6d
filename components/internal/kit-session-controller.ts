/**
 * Finds the logged-in session of the kit an element works with (its `resolvedKit`, see
 * resolve-kit.ts), and tells the element when the session changes (login, logout, another
 * tab). On connect, a kit with no session yet picks up the one an earlier page load left
 * (`restoreSession`). Elements never fetch: they call this session.
 *
 * For elements that act through the logged-in session (`<latch-wallet>`, `<latch-onramp>`,
 * `<latch-tx-status>`): they show a "log in" prompt until `onChange` hands them a session.
 *
 * A new session may be the same user's: a step-up logs the user in again (a fresh login, a new
 * session object), and so does the same user logging in again in another tab. `onChange` says
 * so (`sameUser`), so that elements keep what they show and what was typed instead of each
 * comparing user ids. (A refresh keeps the session object: no change at all.)
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { $session } from '../../src/state/session-state.ts';

/** How the session changed. */
export interface SessionChange {
  /**
   * True when the new session is another login of the user (same user id and organization) the
   * previous one was for; false for a first login, another user's, or a logout.
   */
  readonly sameUser: boolean;
}

/** What the host element exposes: the kit it works with now (a LatchKitAwareElement has it). */
export interface KitHost extends ReactiveControllerHost {
  readonly resolvedKit: LatchKit | undefined;
}

export class KitSessionController implements ReactiveController {
  readonly #host: KitHost;
  readonly #onChange: (session: SigningSession | null, change: SessionChange) => void;
  #unsubscribe: (() => void) | undefined;
  #current: SigningSession | null = null;
  /** Whose `#current` is, read when it was handed over (a closed session may no longer say). */
  #currentUser: string | undefined;
  #restoring: Promise<unknown> | undefined;
  #checked = false;
  #generation = 0;
  /** Kits already asked to restore: each is asked once (a kit set later is asked when it arrives). */
  readonly #asked = new WeakSet<LatchKit>();

  /** `onChange` runs (during the host's update) when the usable session becomes another one or none. */
  constructor(host: KitHost, onChange: (session: SigningSession | null, change: SessionChange) => void) {
    this.#host = host;
    this.#onChange = onChange;
    host.addController(this);
  }

  /** The kit the host works with, or undefined when none is configured. */
  get kit(): LatchKit | undefined {
    return this.#host.resolvedKit;
  }

  /** The logged-in session, or null. */
  get session(): SigningSession | null {
    const session = this.kit?.session ?? null;
    return session?.active ? session : null;
  }

  /**
   * Counts the changes to another user or to nobody. What was asked for at one count is still the
   * user's while the count holds, even when the session object changed meanwhile (the same user's
   * fresh login, a step-up's): keep such answers, for nothing asks again then.
   */
  get generation(): number {
    return this.#generation;
  }

  /** True while an earlier page's session is being looked for. */
  get restoring(): boolean {
    return this.#restoring !== undefined;
  }

  hostConnected(): void {
    // `$session` changes before the kit swaps its session in: re-check at the next update.
    this.#unsubscribe = $session.listen(() => this.#host.requestUpdate());
    this.#restore();
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  hostUpdate(): void {
    this.#restore();
    const session = this.session;
    if (this.#checked && session === this.#current) return;
    this.#checked = true;
    const summary = session?.summary;
    const user = summary ? `${summary.organizationId}/${summary.userId}` : undefined;
    const sameUser = user !== undefined && user === this.#currentUser;
    this.#current = session;
    this.#currentUser = user;
    if (!sameUser) this.#generation++;
    this.#onChange(session, { sameUser });
  }

  #restore(): void {
    const kit = this.kit;
    if (!kit || kit.session || this.#restoring || this.#asked.has(kit)) return;
    this.#asked.add(kit);
    this.#restoring = kit
      .restoreSession()
      // A failed restore (IndexedDB blocked…) is the kit's to report (its `error` event); here it means nobody is logged in.
      .catch(() => undefined)
      .finally(() => {
        this.#restoring = undefined;
        this.#host.requestUpdate();
      });
  }
}
