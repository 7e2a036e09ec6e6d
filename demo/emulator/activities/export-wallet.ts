/** export_wallet (ACTIVITY_TYPE_EXPORT_WALLET): the mnemonic (UTF-8), HPKE-sealed and enclave-signed. */
import { createExportBundle } from '../../../src/bundles/export-bundle.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { invalidRequest } from '../http/service-error.ts';
import { optionalString, requireString } from '../http/fields.ts';
import { checkTargetPublicKey } from '../custody/target-key.ts';
import { requireWallet } from '../custody/require-wallet.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const exportWallet: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const walletId = requireString(p, 'walletId', 'parameters');
    const target = checkTargetPublicKey(p.targetPublicKey, 'parameters.targetPublicKey');
    const language = optionalString(p, 'language', 'parameters') ?? 'MNEMONIC_LANGUAGE_ENGLISH';
    if (language !== 'MNEMONIC_LANGUAGE_ENGLISH') throw invalidRequest('The emulator exports English mnemonics only.');
    const wallet = requireWallet(tx, organization.id, walletId);
    const exportBundle = await createExportBundle(utf8Encode(wallet.mnemonic), target, ctx.keys.enclave, organization.id);
    tx.wallets.put({ ...wallet, exported: true, updatedAt: now });
    return { walletId, exportBundle };
  },
};
