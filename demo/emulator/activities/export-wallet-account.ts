/**
 * export_wallet_account (ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT): one account's private key,
 * HPKE-sealed and enclave-signed exactly as export_private_key seals an imported key, so the
 * hosted client's decryptExportBundle opens both the same way. The account is named by its
 * address (v1ExportWalletAccountIntent), inside the activity's organization only.
 */
import { createExportBundle } from '../../../src/bundles/export-bundle.ts';
import { notFound } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { checkTargetPublicKey } from '../custody/target-key.ts';
import { accountPrivateKey } from '../custody/seed-cache.ts';
import type { Curve } from '../wallet/index.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const exportWalletAccount: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p }) {
    const address = requireString(p, 'address', 'parameters');
    const target = checkTargetPublicKey(p.targetPublicKey, 'parameters.targetPublicKey');
    const account = tx.walletAccounts.findBy('address', address).find((a) => a.organizationId === organization.id);
    const wallet = account && tx.wallets.get(account.walletId);
    if (!account || !wallet) throw notFound('NOT_FOUND', 'No wallet account with this address in the organization.');
    const privateKey = accountPrivateKey(wallet.id, wallet.mnemonic, account.curve as Curve, account.path);
    // The hosted v1Wallet has an `exported` flag and v1WalletAccount none: exporting one account
    // is not exporting the wallet's mnemonic, so the wallet is left as it was.
    return { address, exportBundle: await createExportBundle(privateKey, target, ctx.keys.enclave, organization.id) };
  },
};
