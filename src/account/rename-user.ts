/**
 * Renames the logged-in user (update_user_name, issue 24). The name is trimmed; an empty or
 * over-long one (the service's 256-character limit) is ERR_INPUT_INVALID with nothing sent.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { SigningSession } from '../session/signing-session.ts';

const MAX_NAME = 256;

export async function renameUser(session: SigningSession | null, userName: string): Promise<void> {
  const claims = session?.active ? session.claims : undefined;
  if (!session || !claims) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
  const name = typeof userName === 'string' ? userName.trim() : '';
  if (!name) throw new LatchError('ERR_INPUT_INVALID', 'Enter a name.');
  if (name.length > MAX_NAME) throw new LatchError('ERR_INPUT_INVALID', `A name has at most ${MAX_NAME} characters.`);
  await session.submit('update_user_name', { userId: claims.user_id, userName: name });
}
