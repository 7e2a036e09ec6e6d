/**
 * Keeps a lit host in sync with a nanostores store: the host re-renders when the value changes,
 * and listens only while connected (no leak from detached elements). (@nanostores/lit 0.2 ships
 * CommonJS only, which does not load unbundled in a browser, hence these few lines.)
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';

export class StoreController<T> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #store: ReadableAtom<T>;
  #unsubscribe: (() => void) | undefined;

  constructor(host: ReactiveControllerHost, store: ReadableAtom<T>) {
    this.#host = host;
    this.#store = store;
    host.addController(this);
  }

  /** The store's current value. */
  get value(): T {
    return this.#store.get();
  }

  hostConnected(): void {
    // `listen` (not `subscribe`): the first render already reads `value`; only changes matter.
    this.#unsubscribe = this.#store.listen(() => this.#host.requestUpdate());
    // The value may have changed while the host was detached.
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }
}
