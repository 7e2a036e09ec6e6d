/**
 * The kit's side of automatic refresh (LatchKitOptions.autoRefresh, `<latch-session
 * auto-refresh>`), loaded only when one of them is on: keeps the kit's session refreshed while
 * it is the kit's (session-auto-refresh.ts does the work).
 */
import type { LatchError } from '../errors/latch-error.ts';
import type { SigningSession } from '../session/signing-session.ts';
import { autoRefresh } from '../session/session-auto-refresh.ts';
import type { LatchKit } from './latch-kit.ts';

/**
 * Refreshes `session` automatically (with the kit's `autoRefresh` options) until it is no longer
 * `kit`'s session (a logout, another login, `dispose()`) or the returned function is called.
 */
export function follow(kit: LatchKit, session: SigningSession, onError?: (error: LatchError) => void): () => void {
  const options = kit.options.autoRefresh;
  const stop = autoRefresh(session, { ...(typeof options === 'object' ? options : {}), ...(onError ? { onError } : {}), isCurrent: () => kit.session === session });
  const end = (): void => {
    stop();
    kit.removeEventListener('login', check);
    kit.removeEventListener('logout', check);
  };
  const check = (): void => {
    if (kit.session !== session) end();
  };
  kit.addEventListener('login', check);
  kit.addEventListener('logout', check);
  check();
  return end;
}
