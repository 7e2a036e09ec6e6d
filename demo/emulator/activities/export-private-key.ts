/** export_private_key (ACTIVITY_TYPE_EXPORT_PRIVATE_KEY): the raw key, HPKE-sealed and enclave-signed (docs/protocol.md §6). */
import { createExportBundle } from '../../../src/bundles/export-bundle.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { notFound } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { checkTargetPublicKey } from '../custody/target-key.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const exportPrivateKey: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const privateKeyId = requireString(p, 'privateKeyId', 'parameters');
    const target = checkTargetPublicKey(p.targetPublicKey, 'parameters.targetPublicKey');
    const key = tx.privateKeys.get(privateKeyId);
    if (!key || key.organizationId !== organization.id) throw notFound('NOT_FOUND', 'No private key with this privateKeyId in the organization.');
    const exportBundle = await createExportBundle(fromHex(key.privateKeyHex), target, ctx.keys.enclave, organization.id);
    tx.privateKeys.put({ ...key, exported: true, updatedAt: now });
    return { privateKeyId, exportBundle };
  },
};
