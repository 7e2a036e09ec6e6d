/**
 * Deletes the logged-in user's account: their sub-organization (delete_sub_organization, issue
 * 24). The hosted service refuses while any wallet or private key in it was never exported,
 * unless `deleteWithoutExport`; that is checked here first (list_wallets, list_private_keys) and
 * is ERR_ACCOUNT_NOT_EXPORTED with nothing sent. The service also wants the request from one of
 * the sub-organization's own root users, and the emulator a fresh login (ERR_STEP_UP_REQUIRED).
 * Afterwards the session's key no longer exists anywhere: the caller logs out (everywhere).
 */
import { activityResult } from '../clients/activity-client.ts';
import { LatchError } from '../errors/latch-error.ts';
import type { SigningSession } from '../session/signing-session.ts';

export interface DeleteAccountOptions {
  /** Delete even wallets and private keys that were never exported (they are lost). Default false. */
  deleteWithoutExport?: boolean;
}

/** What deleting the account loses: its wallets and private keys, and how many were never exported. */
export interface AccountLosses {
  wallets: number;
  privateKeys: number;
  /** Wallets and private keys never exported (export_wallet / export_private_key). */
  unexported: number;
}

/** Counts what deleteAccount would delete (list_wallets, list_private_keys). */
export async function accountLosses(session: SigningSession | null): Promise<AccountLosses> {
  if (!session?.active || !session.claims) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
  const [{ wallets }, { privateKeys }] = await Promise.all([session.query('list_wallets', {}), session.query('list_private_keys', {})]);
  const unexported = wallets.filter((w) => !w.exported).length + privateKeys.filter((k) => !k.exported).length;
  return { wallets: wallets.length, privateKeys: privateKeys.length, unexported };
}

/** Returns the deleted organization's id. */
export async function deleteAccount(session: SigningSession | null, options: DeleteAccountOptions = {}): Promise<string> {
  if (!session?.active || !session.claims) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
  const deleteWithoutExport = options.deleteWithoutExport === true;
  if (!deleteWithoutExport) {
    const { unexported } = await accountLosses(session);
    if (unexported > 0) throw new LatchError('ERR_ACCOUNT_NOT_EXPORTED', `${unexported} wallet(s) or private key(s) were never exported: export them first, or delete without export.`);
  }
  return activityResult(await session.submit('delete_sub_organization', { deleteWithoutExport })).subOrganizationUuid;
}
