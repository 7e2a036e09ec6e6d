/** create_wallet (ACTIVITY_TYPE_CREATE_WALLET): a new BIP39 wallet and its first accounts. */
import { parseWalletParams } from '../custody/wallet-params.ts';
import { stageWallet } from '../custody/stage-wallet.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const createWallet: ActivityHandler = {
  async run({ tx, organization, parameters, now }) {
    return stageWallet(tx, organization.id, parseWalletParams(parameters, 'parameters'), now);
  },
};
