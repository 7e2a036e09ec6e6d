/** get_wallet {organizationId, walletId} → {wallet}: one wallet of the organization, as list_wallets shows it (the hosted v1GetWalletResponse). */
import { requireString } from '../http/fields.ts';
import { requireWallet } from '../custody/require-wallet.ts';
import { wireWallet } from '../custody/wire-wallet.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getWallet: QueryHandler = {
  run({ view, organization, body }) {
    return { wallet: wireWallet(requireWallet(view, organization.id, requireString(body, 'walletId'))) };
  },
};
