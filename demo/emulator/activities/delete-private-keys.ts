/**
 * delete_private_keys (ACTIVITY_TYPE_DELETE_PRIVATE_KEYS, the hosted v1DeletePrivateKeysIntent):
 * removes private keys of the organization; their addresses sign nothing afterwards. As
 * delete_wallets, a key never exported is refused unless `deleteWithoutExport` is true, and one
 * unknown (or another organization's) id refuses the whole request before anything is staged.
 */
import { invalidRequest, notFound } from '../http/service-error.ts';
import { optionalBoolean, requireStringArray } from '../http/fields.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const deletePrivateKeys: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const privateKeyIds = requireStringArray(p, 'privateKeyIds', 'parameters');
    if (privateKeyIds.length === 0) throw invalidRequest('parameters.privateKeyIds must not be empty.');
    const deleteWithoutExport = optionalBoolean(p, 'deleteWithoutExport', 'parameters') ?? false;
    const keys = [...new Set(privateKeyIds)].map((id) => {
      const key = tx.privateKeys.get(id);
      if (!key || key.organizationId !== organization.id) throw notFound('NOT_FOUND', 'No private key with this privateKeyId in the organization.');
      return key;
    });
    const unexported = keys.filter((k) => !k.exported).length;
    if (unexported > 0 && !deleteWithoutExport) {
      throw invalidRequest(`${unexported} of these private keys were never exported: export them first, or set deleteWithoutExport to delete them anyway.`);
    }
    for (const key of keys) tx.privateKeys.delete(key.id);
    return { privateKeyIds };
  },
};
