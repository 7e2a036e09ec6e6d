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

/** Returns the deleted organization's id. */
export async function deleteAccount(session: SigningSession | null, options: DeleteAccountOptions = {}): Promise<string> {
  if (!session?.active || !session.claims) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
  const deleteWithoutExport = options.deleteWithoutExport === true;
  if (!deleteWithoutExport) {
    const [{ wallets }, { privateKeys }] = await Promise.all([session.query('list_wallets', {}), session.query('list_private_keys', {})]);
    const wallet = wallets.filter((w) => !w.exported).length;
    const keys = privateKeys.filter((k) => !k.exported).length;
    if (wallet + keys > 0) {
      throw new LatchError('ERR_ACCOUNT_NOT_EXPORTED', `${wallet} wallet(s) and ${keys} private key(s) were never exported: export them first, or delete without export.`);
    }
  }
  return activityResult(await session.submit('delete_sub_organization', { deleteWithoutExport })).subOrganizationUuid;
}
