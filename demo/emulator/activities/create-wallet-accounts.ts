/** create_wallet_accounts (ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS): more accounts of an existing wallet. */
import { notFound } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { parseAccounts } from '../custody/wallet-params.ts';
import { stageAccounts } from '../custody/stage-wallet.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const createWalletAccounts: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const wallet = tx.wallets.get(requireString(p, 'walletId', 'parameters'));
    const accounts = parseAccounts(p, 'parameters', false);
    if (!wallet || wallet.organizationId !== organization.id) throw notFound('NOT_FOUND', 'No wallet with this walletId in the organization.');
    return { addresses: stageAccounts(tx, wallet, accounts, now) };
  },
};
