import type { LatchKit } from '../../src/kit/latch-kit.ts';

/**
 * When `<latch-auth>` restores the session an earlier page load left (see planRestore): the
 * restore the methods wait for (it settles, whatever its outcome), or undefined when they need
 * not; and what to call once the methods (or the failure) are showing, to start the restore if it
 * waited for that (once).
 */
export type RestorePlan = [settled: Promise<void> | undefined, start: () => void];

/**
 * A session an earlier page load left shows the logged-in view: the methods wait for its restore
 * (else they flip under someone typing; a failure is the kit's to report), unless the kit can tell
 * at once that nothing is saved, or only expired sessions (its hint, read without waiting for
 * IndexedDB). Then the restore starts in a task after the first methods (or the failure) have
 * rendered (`rendered`): its chunk and IndexedDB probe are no work for the task that shows them.
 */
export function planRestore(kit: LatchKit, rendered: () => Promise<unknown>): RestorePlan {
  const restore = (): Promise<void> => kit.restoreSession().then(() => undefined, () => undefined);
  const settled = kit.mayHaveSavedSession() ? restore() : undefined;
  let later = !settled;
  return [
    settled,
    () => {
      if (later) void rendered().then(() => setTimeout(restore));
      later = false;
    },
  ];
}
