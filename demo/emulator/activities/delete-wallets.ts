/**
 * delete_wallets (ACTIVITY_TYPE_DELETE_WALLETS, the hosted v1DeleteWalletsIntent): removes
 * wallets of the organization with all their accounts, so none of their addresses signs again.
 * As delete_sub_organization, a wallet whose mnemonic was never exported is refused unless
 * `deleteWithoutExport` is true (the service's guard against losing funds by accident). Every id
 * is checked before anything is staged: one unknown (or another organization's) wallet refuses
 * the whole request.
 */
import { invalidRequest } from '../http/service-error.ts';
import { optionalBoolean, requireStringArray } from '../http/fields.ts';
import { requireWallet } from '../custody/require-wallet.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const deleteWallets: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const walletIds = requireStringArray(p, 'walletIds', 'parameters');
    if (walletIds.length === 0) throw invalidRequest('parameters.walletIds must not be empty.');
    const deleteWithoutExport = optionalBoolean(p, 'deleteWithoutExport', 'parameters') ?? false;
    const wallets = [...new Set(walletIds)].map((id) => requireWallet(tx, organization.id, id));
    const unexported = wallets.filter((w) => !w.exported).length;
    if (unexported > 0 && !deleteWithoutExport) {
      throw invalidRequest(`${unexported} of these wallets were never exported: export them first, or set deleteWithoutExport to delete them anyway.`);
    }
    const ids = new Set(wallets.map((w) => w.id));
    for (const account of tx.walletAccounts.findBy('organizationId', organization.id)) if (ids.has(account.walletId)) tx.walletAccounts.delete(account.id);
    for (const id of ids) tx.wallets.delete(id);
    return { walletIds };
  },
};
