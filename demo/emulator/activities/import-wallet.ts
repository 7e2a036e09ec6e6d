/**
 * import_wallet (ACTIVITY_TYPE_IMPORT_WALLET): opens `encryptedBundle` (a BIP39 mnemonic in
 * UTF-8, sealed to the user's import target as @turnkey/crypto's encryptWalletToBundle does),
 * checks it (English words, checksum) and stores it as a wallet with the requested accounts,
 * each derived from the phrase. The target is used once; a refused import keeps it.
 */
import { assertMnemonic } from '../wallet/index.ts';
import { invalidRequest } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { openImportBundle } from '../custody/open-import-bundle.ts';
import { parseAccounts } from '../custody/wallet-params.ts';
import { stageWallet } from '../custody/stage-wallet.ts';
import { walletCall } from '../custody/wallet-errors.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { MnemonicLength } from '../wallet/index.ts';

export const importWallet: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const walletName = requireString(p, 'walletName', 'parameters', { max: 256 });
    const encryptedBundle = requireString(p, 'encryptedBundle', 'parameters', { max: 10_000 });
    const accounts = parseAccounts(p, 'parameters', true);
    const plaintext = await openImportBundle(tx, organization.id, user.id, encryptedBundle, 'init_import_wallet');
    let phrase: string;
    try {
      phrase = new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
    } catch (error) {
      throw invalidRequest('The imported wallet is not a UTF-8 mnemonic.', error);
    } finally {
      plaintext.fill(0);
    }
    const mnemonic = walletCall(() => assertMnemonic(phrase));
    // assertMnemonic admits only lengths the service takes (12, 15, 18, 21, 24 words).
    const mnemonicLength = mnemonic.split(' ').length as MnemonicLength;
    return stageWallet(tx, organization.id, { walletName, accounts, mnemonicLength }, now, mnemonic);
  },
};
