/**
 * Step-up tests need a login older than the configuration's window (`stepUpMaxAgeSeconds`). The
 * emulator records a login's time (its key's `authenticatedAt`) before it answers, on the machine
 * clock the test reads too, so once `Date.now()` is past `loggedInAt + window` (with `loggedInAt`
 * read after the login's answer) the service sees a stale login. This waits for exactly that
 * instant: the condition itself, not a pause with a guessed margin.
 */
export async function untilLoginOlderThan(loggedInAt: number, windowSeconds: number): Promise<void> {
  const staleAt = loggedInAt + windowSeconds * 1000 + 1;
  for (let left = staleAt - Date.now(); left > 0; left = staleAt - Date.now()) {
    await new Promise((resolve) => setTimeout(resolve, left));
  }
}
