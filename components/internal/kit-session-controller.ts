/**
 * Finds the logged-in session of the kit an element works with (its `resolvedKit`, see
 * resolve-kit.ts), and tells the element when the session changes (login, logout, another
 * tab). On connect, a kit with no session yet picks up the one an earlier page load left
 * (`restoreSession`). Elements never fetch: they call this session.
 *
 * For elements that act through the logged-in session (`<latch-wallet>`, `<latch-onramp>`,
 * `<latch-tx-status>`): they show a "log in" prompt until `onChange` hands them a session.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { $session } from '../../src/state/session-state.ts';

/** What the host element exposes: the kit it works with now (a LatchKitAwareElement has it). */
export interface KitHost extends ReactiveControllerHost {
  readonly resolvedKit: LatchKit | undefined;
}

export class KitSessionController implements ReactiveController {
  readonly #host: KitHost;
  readonly #onChange: (session: SigningSession | null) => void;
  #unsubscribe: (() => void) | undefined;
  #current: SigningSession | null = null;
  #restoring: Promise<unknown> | undefined;
  #checked = false;
  /** Kits already asked to restore: each is asked once (a kit set later is asked when it arrives). */
  readonly #asked = new WeakSet<LatchKit>();

  /** `onChange` runs (during the host's update) when the usable session becomes another one or none. */
  constructor(host: KitHost, onChange: (session: SigningSession | null) => void) {
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
    this.#current = session;
    this.#onChange(session);
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
