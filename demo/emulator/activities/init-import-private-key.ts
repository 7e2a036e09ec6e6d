/**
 * init_import_private_key (ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY): a fresh HPKE receiver key for
 * this user, handed out as an enclave-signed import target. One live target per user.
 */
import { createImportTarget } from '../../../src/bundles/import-bundle.ts';
import { requireString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { newEcdhScalar } from '../custody/ecdh-pair.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const initImportPrivateKey: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    for (const old of tx.importTargets.findBy('userId', user.id)) tx.importTargets.delete(old.id);
    const { scalarHex, publicKeyHex } = newEcdhScalar();
    tx.importTargets.put({ id: crypto.randomUUID(), organizationId: organization.id, userId: user.id, privateKeyHex: scalarHex, publicKeyHex, createdAt: now, updatedAt: now });
    const importBundle = await createImportTarget({ targetPublicKeyHex: publicKeyHex, organizationId: organization.id, userId: user.id }, ctx.keys.enclave);
    return { importBundle };
  },
};
