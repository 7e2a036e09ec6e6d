/** create_wallet_accounts (ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS): more accounts of an existing wallet. */
import { requireString } from '../http/fields.ts';
import { parseAccounts } from '../custody/wallet-params.ts';
import { stageAccounts } from '../custody/stage-wallet.ts';
import { requireWallet } from '../custody/require-wallet.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const createWalletAccounts: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const walletId = requireString(p, 'walletId', 'parameters');
    const accounts = parseAccounts(p, 'parameters', false);
    const wallet = requireWallet(tx, organization.id, walletId);
    return { addresses: stageAccounts(tx, wallet, accounts, now) };
  },
};
