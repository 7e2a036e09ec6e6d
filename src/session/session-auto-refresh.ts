/**
 * Automatic refresh of a {@link SigningSession}, opt-in (the kit's `autoRefresh` option,
 * `<latch-session auto-refresh>`). Loaded only when it is on: the logged-in page's signing path
 * does not carry it.
 *
 * - It refreshes `beforeExpiryMs` before expiry (at most half-way through a session, so a
 *   short-lived one is never refreshed in a loop), while the tab is visible: a hidden tab waits
 *   until it is shown, and meanwhile a visible tab's refresh reaches it over the channel.
 * - Once across the origin's tabs: a tab takes a cross-tab lock, then looks at the expiry again;
 *   a session another tab refreshed meanwhile (adopted, or still to adopt from the saved session,
 *   which `refresh()` itself does under its own lock) is not refreshed again.
 * - A network failure (or a busy service) is retried after a jittered, doubling delay, a few
 *   times, never past expiry; any other failure ends the tries for that session key.
 * - It stops on logout, on expiry, and when the returned function is called.
 */
import type { LatchError } from '../errors/latch-error.ts';
import type { SessionChangeEvent } from './session-events.ts';
import type { SessionClock, SigningSession } from './signing-session.ts';
import { defaultSessionLocks, type SessionLocks } from './session-locks.ts';

/** Whether the page is shown, and word of when that changes. Default: `document.visibilityState`. */
export interface PageVisibility {
  visible(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface AutoRefreshOptions {
  /** How long before expiry the session is refreshed, in ms. Default 120 000 (the `expiring` event comes at 60 000). */
  beforeExpiryMs?: number;
  /** Retries after a network failure, each after a doubling, jittered delay. Default 4. */
  retries?: number;
  /** The first retry's delay before jitter, in ms. Default 2 000; the delay doubles up to 60 000. */
  retryDelayMs?: number;
  /** Told of a refresh that failed for good (after the retries, or at once when retrying cannot help). */
  onError?: (error: LatchError) => void;
  /** False once the caller no longer wants this session refreshed (a kit that moved on): stops at the next due time. */
  isCurrent?: () => boolean;
  /** Its timers. Times are the session's `serviceTime()`, as its expiry is (skew-corrected, C8). */
  clock?: SessionClock;
  visibility?: PageVisibility;
  /** Serializes the tabs' automatic refreshes. Default: Web Locks, or an in-process queue. */
  locks?: SessionLocks;
  /** A number in [0, 1): the jitter. Default `Math.random`. */
  random?: () => number;
}

/** The lock the tabs' automatic refreshes take (refresh() takes its own inside it). */
export const AUTO_REFRESH_LOCK = 'latchkey-session-auto-refresh';

export const DEFAULT_BEFORE_EXPIRY_MS = 120_000;
const MAX_RETRY_DELAY_MS = 60_000;

/** Failures that may pass: the network, or the service busy or failing inside. */
const RETRYABLE = new Set(['ERR_NETWORK_FAILED', 'ERR_NETWORK_TIMEOUT', 'ERR_SERVICE_RATE_LIMITED', 'ERR_SERVICE_INTERNAL']);

const codeOf = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;

/** A refresh failure worth retrying: ERR_SESSION_REFRESH caused by one of RETRYABLE. */
export function isRetryableRefreshError(error: unknown): boolean {
  return codeOf(error) === 'ERR_SESSION_REFRESH' && RETRYABLE.has(codeOf((error as { cause?: unknown }).cause) ?? '');
}

const documentVisibility: PageVisibility = {
  visible: () => (globalThis as { document?: Document }).document?.visibilityState !== 'hidden',
  subscribe(listener) {
    const doc = (globalThis as { document?: Document }).document;
    doc?.addEventListener('visibilitychange', listener);
    return () => doc?.removeEventListener('visibilitychange', listener);
  },
};

const systemClock: SessionClock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const MAX_TIMEOUT = 2 ** 31 - 1;

/**
 * Keeps one session refreshed until it ends or `stop()`. Use {@link autoRefresh}, which shares
 * one scheduler among the callers of the same session.
 */
export class AutoRefreshScheduler {
  readonly #session: SigningSession;
  readonly #options: AutoRefreshOptions;
  readonly #clock: SessionClock;
  readonly #visibility: PageVisibility;
  readonly #locks: SessionLocks;
  #timer: unknown;
  #unwatch: (() => void) | undefined;
  #stopped = false;
  /** The session key the due time was worked out for, its expiry, and that due time (ms since epoch). */
  #key: string | undefined;
  #expiresAt = 0;
  #dueAt = 0;
  #failures = 0;
  #running = false;

  constructor(session: SigningSession, options: AutoRefreshOptions = {}) {
    this.#session = session;
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#visibility = options.visibility ?? documentVisibility;
    this.#locks = options.locks ?? defaultSessionLocks();
    session.addEventListener('change', this.#onChange);
    session.addEventListener('expired', this.stop);
    this.#plan();
  }

  /** True until stopped (by `stop()`, a logout or the expiry). */
  get running(): boolean {
    return !this.#stopped;
  }

  /** When the next refresh is due (ms since epoch), or undefined when stopped. */
  get dueAt(): number | undefined {
    return this.#stopped ? undefined : this.#dueAt;
  }

  readonly stop = (): void => {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#cancel();
    this.#session.removeEventListener('change', this.#onChange);
    this.#session.removeEventListener('expired', this.stop);
  };

  readonly #onChange = (event: Event): void => {
    if ((event as SessionChangeEvent).reason === 'logout') this.stop();
    else this.#plan();
  };

  #cancel(): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#unwatch?.();
    this.#unwatch = undefined;
  }

  /** Works out when the current key is due (once per key) and waits for then. */
  #plan(): void {
    if (this.#stopped) return;
    const summary = this.#session.summary;
    if (!summary) return this.stop();
    const now = this.#session.serviceTime();
    if (summary.expiresAt <= now) return this.stop();
    if (summary.publicKey !== this.#key) {
      this.#key = summary.publicKey;
      this.#expiresAt = summary.expiresAt;
      this.#failures = 0;
      // A lead that is not a positive number (NaN from a page's arithmetic, say) would make every
      // session due at once, one refresh after another: the default instead.
      const wanted = this.#options.beforeExpiryMs ?? DEFAULT_BEFORE_EXPIRY_MS;
      const lead = Math.min(wanted > 0 && wanted < Number.POSITIVE_INFINITY ? wanted : DEFAULT_BEFORE_EXPIRY_MS, (summary.expiresAt - now) / 2);
      this.#dueAt = summary.expiresAt - lead;
    }
    this.#wait(this.#dueAt);
  }

  #wait(at: number): void {
    this.#cancel();
    if (this.#stopped) return;
    const delay = Math.max(0, at - this.#session.serviceTime());
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      if (delay > MAX_TIMEOUT) this.#wait(at);
      else this.#due();
    }, Math.min(delay, MAX_TIMEOUT));
  }

  /** Due: refresh now if the tab is shown, else when it is. */
  #due(): void {
    if (this.#options.isCurrent?.() === false) this.stop();
    if (this.#stopped || this.#running) return;
    if (!this.#visibility.visible()) {
      this.#unwatch = this.#visibility.subscribe(() => {
        if (!this.#visibility.visible()) return;
        this.#unwatch?.();
        this.#unwatch = undefined;
        this.#due();
      });
      return;
    }
    void this.#run();
  }

  async #run(): Promise<void> {
    this.#running = true;
    // The session this refresh is for: the one the due time was worked out for. The session may
    // have moved on already (an adoption switches before its `change` event replans).
    const key = this.#key;
    const expiresAt = this.#expiresAt;
    let failure: unknown;
    try {
      await this.#locks.request(AUTO_REFRESH_LOCK, async () => {
        // Under the lock, the expiry again: another tab may have refreshed while this one waited,
        // and this one adopted its session (another key, a later expiry): nothing to do. Not
        // adopted yet: refresh() adopts the session that tab saved instead of refreshing again.
        const now = this.#session.summary;
        if (this.#stopped || !now || now.publicKey !== key || now.expiresAt > expiresAt) return;
        await this.#session.refresh();
      });
    } catch (error) {
      failure = error;
    } finally {
      this.#running = false;
    }
    const summary = this.#session.summary;
    // Refreshed or adopted: `change` plans (or has planned) the new key's refresh.
    if (this.#stopped || !summary || summary.publicKey !== key) return;
    const retries = this.#options.retries ?? 4;
    if (failure !== undefined && isRetryableRefreshError(failure) && this.#failures < retries) {
      const base = Math.min(MAX_RETRY_DELAY_MS, (this.#options.retryDelayMs ?? 2_000) * 2 ** this.#failures++);
      // Between half and all of `base`: tabs that failed together do not retry together.
      const retryAt = this.#session.serviceTime() + base * (0.5 + (this.#options.random ?? Math.random)() / 2);
      if (retryAt < summary.expiresAt) return this.#wait(retryAt);
    }
    // Given up on this key (a refresh that changed nothing is not tried again either, so this
    // never loops): the `expiring` event still lets the user refresh by hand.
    this.#cancel();
    this.#dueAt = Number.POSITIVE_INFINITY;
    if (failure !== undefined) this.#options.onError?.(failure as LatchError);
  }
}

interface Shared {
  scheduler: AutoRefreshScheduler;
  users: number;
  onError: Set<(error: LatchError) => void>;
}

const shared = new WeakMap<SigningSession, Shared>();

/**
 * Refreshes `session` automatically until it ends; returns the function that stops it. Callers
 * of the same session share one scheduler (the first caller's options; each caller's `onError`
 * is told), stopped when the last one stops.
 */
export function autoRefresh(session: SigningSession, options: AutoRefreshOptions = {}): () => void {
  let entry = shared.get(session);
  if (!entry || !entry.scheduler.running) {
    const onError = new Set<(error: LatchError) => void>();
    entry = { scheduler: new AutoRefreshScheduler(session, { ...options, onError: (error) => onError.forEach((tell) => tell(error)) }), users: 0, onError };
    shared.set(session, entry);
  }
  const current = entry;
  const tell = options.onError && ((error: LatchError) => options.onError?.(error));
  if (tell) current.onError.add(tell);
  current.users++;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (tell) current.onError.delete(tell);
    if (--current.users === 0) {
      current.scheduler.stop();
      if (shared.get(session) === current) shared.delete(session);
    }
  };
}
