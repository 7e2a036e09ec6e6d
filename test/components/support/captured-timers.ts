/**
 * Keeps the page's `setTimeout` callbacks instead of running them, until `restore()`: a test can
 * then run what was scheduled (`runDue`) at once, rather than wait for a timer it hopes has fired.
 * `clearTimeout` of a kept timer drops it, as the real one would. Only timers of the given delays
 * are kept, so the test runner's own timers go on as usual.
 */
export interface CapturedTimers {
  /** How many kept timers are still scheduled (not run, not cleared). */
  readonly pending: number;
  /** Runs every kept timer, and those they schedule in turn (at most `rounds` rounds). */
  runDue(rounds?: number): void;
  restore(): void;
}

export function captureTimers(delays: (ms: number) => boolean): CapturedTimers {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const kept = new Map<number, () => void>();
  // Ids far above the browser's, so clearTimeout can tell a kept timer from a real one.
  let nextId = 1_000_000_000;
  globalThis.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    if (typeof handler !== 'function' || !delays(ms ?? 0)) return realSet(handler, ms, ...args);
    const id = nextId++;
    kept.set(id, () => (handler as (...a: unknown[]) => void)(...args));
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id?: number) => {
    if (id === undefined || !kept.delete(id)) realClear(id);
  }) as typeof clearTimeout;
  return {
    get pending() {
      return kept.size;
    },
    runDue(rounds = 100) {
      for (let round = 0; round < rounds && kept.size > 0; round++) {
        const due = [...kept];
        kept.clear();
        for (const [, run] of due) run();
      }
    },
    restore() {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    },
  };
}
