/**
 * import_private_key (ACTIVITY_TYPE_IMPORT_PRIVATE_KEY): opens `encryptedBundle` (sealed to the
 * user's import target, docs/protocol.md §6) and stores the raw key with its addresses. The target
 * is used once.
 */
import { toHex } from '../../../src/encoding/hex.ts';
import { privateKeyToAccount } from '../wallet/index.ts';
import { requireString, requireStringArray } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { openImportBundle } from '../custody/open-import-bundle.ts';
import { walletCall } from '../custody/wallet-errors.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { AddressFormat, Curve } from '../wallet/index.ts';

export const importPrivateKey: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const privateKeyName = requireString(p, 'privateKeyName', 'parameters', { max: 256 });
    const encryptedBundle = requireString(p, 'encryptedBundle', 'parameters', { max: 10_000 });
    const curve = requireString(p, 'curve', 'parameters') as Curve;
    const addressFormats = requireStringArray(p, 'addressFormats', 'parameters') as AddressFormat[];
    const plaintext = await openImportBundle(tx, organization.id, user.id, encryptedBundle, 'init_import_private_key');
    try {
      const account = walletCall(() => privateKeyToAccount({ privateKey: plaintext, curve, addressFormats }));
      const privateKeyId = crypto.randomUUID();
      tx.privateKeys.put({
        id: privateKeyId,
        organizationId: organization.id,
        privateKeyName,
        curve: account.curve,
        privateKeyHex: toHex(plaintext),
        publicKey: account.publicKey,
        addresses: account.addresses,
        exported: false,
        imported: true,
        createdAt: now,
        updatedAt: now,
      });
      return { privateKeyId, addresses: account.addresses };
    } finally {
      plaintext.fill(0);
    }
  },
};
