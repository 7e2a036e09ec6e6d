/**
 * delete_wallet_accounts (ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS, the hosted
 * v1DeleteWalletAccountsIntent): removes accounts of the organization's wallets by
 * walletAccountId; their addresses sign nothing afterwards (signing finds the account by address).
 * The hosted v1WalletAccount carries no `exported` flag: an account counts as exported when its
 * wallet's mnemonic was, and any other is refused unless `deleteWithoutExport` is true. One
 * unknown (or another organization's) id refuses the whole request, before anything is staged.
 */
import { invalidRequest, notFound } from '../http/service-error.ts';
import { optionalBoolean, requireStringArray } from '../http/fields.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const deleteWalletAccounts: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const walletAccountIds = requireStringArray(p, 'walletAccountIds', 'parameters');
    if (walletAccountIds.length === 0) throw invalidRequest('parameters.walletAccountIds must not be empty.');
    const deleteWithoutExport = optionalBoolean(p, 'deleteWithoutExport', 'parameters') ?? false;
    const accounts = [...new Set(walletAccountIds)].map((id) => {
      const account = tx.walletAccounts.get(id);
      if (!account || account.organizationId !== organization.id) throw notFound('NOT_FOUND', 'No wallet account with this walletAccountId in the organization.');
      return account;
    });
    const unexported = accounts.filter((a) => !tx.wallets.get(a.walletId)?.exported).length;
    if (unexported > 0 && !deleteWithoutExport) {
      throw invalidRequest(`${unexported} of these accounts belong to wallets never exported: export them first, or set deleteWithoutExport to delete them anyway.`);
    }
    for (const account of accounts) tx.walletAccounts.delete(account.id);
    return { walletAccountIds };
  },
};
