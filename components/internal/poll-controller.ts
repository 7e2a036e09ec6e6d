/**
 * PollController: follows one thing that changes by itself (a purchase, a sent transaction)
 * until it is final. `start(run)` reads at once, then after `intervalMs`, each later pause half
 * as long again (up to 15 s, `pollStatus`), for at most `maxPolls` reads. One run at a time: a
 * new `start`, `stop()` or the host leaving the page ends the current run, and whatever that run
 * reads or fails with afterwards is dropped. Resuming when the host comes back is the host's
 * choice (its `connectedCallback`). Used by `<latch-onramp>` and `<latch-tx-status>`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LatchError } from '../../src/errors/latch-error.ts';
import { toLatchError } from '../../src/kit/to-latch-error.ts';
import { pollStatus } from '../../src/session/session-status.ts';

/** What to read and what to do with it. */
export interface PollRun<T> {
  /** One read; pass `signal` on to the request so `stop()` cancels it. */
  read(signal?: AbortSignal): Promise<T>;
  /** True when the value will not change any more (polling ends). */
  isFinal(value: T): boolean;
  /** Milliseconds before the second read (a `poll-interval` attribute); not a positive number: the default. */
  intervalMs: number;
  /** The most reads (a `max-polls` attribute); below 1 or not a number: the default. */
  maxPolls: number;
  /** Every value read by this run while it is the current one, final or not. */
  onValue(value: T): void;
  /** The reads ran out before a final value (offer "Check now"). */
  onExhausted(): void;
  /** A read failed for good (not a stop): a LatchError, for the element to show. */
  onError(error: LatchError): void;
}

export class PollController<T> implements ReactiveController {
  readonly #defaults: { intervalMs: number; maxPolls: number };
  #current: AbortController | undefined;

  constructor(host: ReactiveControllerHost, defaults: { intervalMs: number; maxPolls: number }) {
    this.#defaults = defaults;
    host.addController(this);
  }

  /** True while a run is reading or waiting to read again. */
  get running(): boolean {
    return this.#current !== undefined;
  }

  /** Ends the current run, if any, and starts `run`. */
  start(run: PollRun<T>): void {
    this.stop();
    const controller = new AbortController();
    this.#current = controller;
    const { intervalMs, maxPolls } = run;
    pollStatus((signal) => run.read(signal), (value) => run.isFinal(value), {
      signal: controller.signal,
      initialDelayMs: Number.isFinite(intervalMs) && intervalMs > 0 ? intervalMs : this.#defaults.intervalMs,
      maxAttempts: Number.isFinite(maxPolls) && maxPolls >= 1 ? Math.floor(maxPolls) : this.#defaults.maxPolls,
      onValue: (value) => {
        if (this.#current === controller) run.onValue(value);
      },
    }).then(
      (outcome) => {
        if (this.#current !== controller) return;
        this.#current = undefined;
        if (!outcome.final) run.onExhausted();
      },
      (error: unknown) => {
        if (this.#current !== controller || controller.signal.aborted) return;
        this.#current = undefined;
        run.onError(toLatchError(error));
      },
    );
  }

  /** Ends the current run (its request is aborted). */
  stop(): void {
    this.#current?.abort();
    this.#current = undefined;
  }

  hostDisconnected(): void {
    this.stop();
  }
}
