/** list_wallets (the hosted SDK's getWallets): the organization's wallets. */
import { wireWallet } from '../custody/wire-wallet.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const listWallets: QueryHandler = {
  run({ view, organization }) {
    const wallets = view.wallets.findBy('organizationId', organization.id).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    return { wallets: wallets.map(wireWallet) };
  },
};
