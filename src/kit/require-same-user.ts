/**
 * Step-up (`reauthenticate`): a fresh login must be the user who is logged in, checked before
 * anything of it is saved. The JWT parser loads only here, with the first step-up.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { LoginResult } from '../flows/login-result.ts';

/** Throws ERR_SESSION_MISSING without `expected` (nobody logged in), ERR_STEP_UP_USER when `result` is another user's. */
export async function requireSameUser(result: LoginResult, expected: string | undefined): Promise<void> {
  if (!expected) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in: there is no session to confirm.');
  const { parseSessionJwt } = await import('../tokens/session-jwt.ts');
  if (parseSessionJwt(result.sessionJwt).user_id !== expected) {
    throw new LatchError('ERR_STEP_UP_USER', 'That login is another account: confirm with the account that is logged in.');
  }
}
