import { atom } from 'nanostores';
import type { SessionSummary, SigningSession } from '../session/signing-session.ts';

/** The current session as the UI may see it (ids and expiry; nothing that can sign), or null. */
export const $session = atom<SessionSummary | null>(null);

export function setSession(summary: SessionSummary | null): void {
  $session.set(summary);
}

/**
 * Mirrors `session` into `$session` now and on every refresh, adoption from another tab and
 * logout, until the returned function is called. `null` empties the store.
 */
export function trackSession(session: SigningSession | null): () => void {
  if (!session) {
    $session.set(null);
    return () => {};
  }
  const update = (): void => $session.set(session.summary);
  update();
  session.addEventListener('change', update);
  return () => session.removeEventListener('change', update);
}
