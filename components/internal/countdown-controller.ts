/**
 * A whole-second countdown that re-renders its host every second ("Resend in 12 s", "Session ends
 * in 3 minutes"). It counts to a deadline rather than decrementing, so a throttled background tab
 * shows the right number when it wakes. It pauses while the host is detached.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface CountdownOptions {
  /** Called once when the count reaches zero by itself (not after `stop()`). */
  onDone?: () => void;
  /** Milliseconds since the epoch; injectable for tests of the arithmetic. */
  now?: () => number;
}

export class CountdownController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #onDone: (() => void) | undefined;
  readonly #now: () => number;
  #deadline = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #connected = false;

  constructor(host: ReactiveControllerHost, options: CountdownOptions = {}) {
    this.#host = host;
    this.#onDone = options.onDone;
    this.#now = options.now ?? Date.now;
    host.addController(this);
  }

  /** Whole seconds left (rounded up), 0 when not running. */
  get remaining(): number {
    return Math.max(0, Math.ceil((this.#deadline - this.#now()) / 1000));
  }

  get running(): boolean {
    return this.remaining > 0;
  }

  /** (Re)starts the count at `seconds`. Zero or less stops it. */
  start(seconds: number): void {
    this.#deadline = this.#now() + Math.max(0, seconds) * 1000;
    this.#schedule();
    this.#host.requestUpdate();
  }

  stop(): void {
    this.#deadline = 0;
    this.#clear();
    this.#host.requestUpdate();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#schedule();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#clear();
  }

  #clear(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    this.#clear();
    if (!this.#connected) return;
    const left = this.#deadline - this.#now();
    if (left <= 0) return;
    // Wake at the next whole-second boundary of the deadline, when the displayed number changes.
    this.#timer = setTimeout(() => this.#tick(), left % 1000 || 1000);
  }

  #tick(): void {
    this.#timer = undefined;
    this.#host.requestUpdate();
    if (this.remaining > 0) this.#schedule();
    else this.#onDone?.();
  }
}
