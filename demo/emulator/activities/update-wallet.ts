/**
 * update_wallet (ACTIVITY_TYPE_UPDATE_WALLET, the hosted v1UpdateWalletIntent): renames a wallet
 * of the organization. `walletName` is optional in the hosted intent: without it (or empty, which
 * protobuf JSON reads as unset) nothing changes and the wallet's id is still the answer. Names
 * follow create_wallet's rule (at most 256 characters); another organization's wallet is
 * NOT_FOUND, as none is.
 */
import { optionalString, requireString } from '../http/fields.ts';
import { requireWallet } from '../custody/require-wallet.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const updateWallet: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const wallet = requireWallet(tx, organization.id, requireString(p, 'walletId', 'parameters'));
    const walletName = optionalString(p, 'walletName', 'parameters', { max: 256 });
    if (walletName !== undefined) tx.wallets.put({ ...wallet, walletName, updatedAt: now });
    return { walletId: wallet.id };
  },
};
