/**
 * Step-up (`reauthenticate`): a fresh login must be the user who is logged in, checked before
 * anything of it is saved. A lazy chunk of its own, with the JWT parser: it loads with the first
 * step-up (LatchKit imports it then), not with the page.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { LoginResult } from '../flows/login-result.ts';
import { parseSessionJwt } from '../tokens/session-jwt.ts';

/** Throws ERR_SESSION_MISSING without `expected` (nobody logged in), ERR_STEP_UP_USER when `result` is another user's. */
export function requireSameUser(result: LoginResult, expected: string | undefined): void {
  if (!expected) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in: there is no session to confirm.');
  if (parseSessionJwt(result.sessionJwt).user_id !== expected) {
    throw new LatchError('ERR_STEP_UP_USER', 'That login is another account: confirm with the account that is logged in.');
  }
}
