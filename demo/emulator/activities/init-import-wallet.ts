/**
 * init_import_wallet (ACTIVITY_TYPE_INIT_IMPORT_WALLET): the same enclave-signed import target
 * as init_import_private_key (v1InitImportWalletResult is the same `importBundle`), so a
 * mnemonic is sealed exactly as a key is. One live target per user, whichever asked for it.
 */
import { initImportPrivateKey } from './init-import-private-key.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const initImportWallet: ActivityHandler = {
  run: (input) => initImportPrivateKey.run(input),
};
