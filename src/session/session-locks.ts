/** Runs `work` while holding the named lock, across tabs where the platform allows. */
export interface SessionLocks {
  request<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** Web Locks: exclusive across every tab and worker of the origin. */
export function webLocks(locks: Pick<LockManager, 'request'>): SessionLocks {
  // The lock is held until the promise `work` returns settles; the typing nests it needlessly.
  return { request: <T>(name: string, work: () => Promise<T>) => locks.request(name, work) as unknown as Promise<T> };
}

const queues = new Map<string, Promise<unknown>>();

/** One queue per name in this JavaScript realm: the fallback where Web Locks are missing (Node). */
export const processLocks: SessionLocks = {
  request<T>(name: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(name) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    queues.set(name, tail);
    void tail.then(() => {
      if (queues.get(name) === tail) queues.delete(name);
    });
    return run;
  },
};

export function defaultSessionLocks(): SessionLocks {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? webLocks(locks) : processLocks;
}
