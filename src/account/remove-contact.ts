/**
 * Removes the user's email address or phone number (issue 24): removeFromAccount with the one
 * rule every removal follows, so ERR_ACCOUNT_LAST_CREDENTIAL, nothing sent, when the user could
 * then no longer log in (the service applies the same rule again). ERR_INPUT_INVALID when there
 * is nothing to remove.
 */
import { LatchError } from '../errors/latch-error.ts';
import { removeFromAccount, type AccountView } from './user-account.ts';
import type { SigningSession } from '../session/signing-session.ts';

/** Removes the email address; `view` is what loadAccount read. */
export async function removeEmail(session: SigningSession | null, view: AccountView): Promise<void> {
  if (!view.user.userEmail) throw new LatchError('ERR_INPUT_INVALID', 'There is no email address to remove.');
  await removeFromAccount(session, view, { kind: 'email' });
}

/** Removes the phone number; `view` is what loadAccount read. */
export async function removePhone(session: SigningSession | null, view: AccountView): Promise<void> {
  if (!view.user.userPhoneNumber) throw new LatchError('ERR_INPUT_INVALID', 'There is no phone number to remove.');
  await removeFromAccount(session, view, { kind: 'phone' });
}
