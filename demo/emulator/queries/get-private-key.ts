/** get_private_key {organizationId, privateKeyId} → {privateKey}: one key of the organization, as list_private_keys shows it. */
import { notFound } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { wirePrivateKey } from '../custody/wire-private-key.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getPrivateKey: QueryHandler = {
  run({ view, organization, body }) {
    const key = view.privateKeys.get(requireString(body, 'privateKeyId'));
    if (!key || key.organizationId !== organization.id) throw notFound('NOT_FOUND', 'No private key with this privateKeyId in the organization.');
    return { privateKey: wirePrivateKey(key) };
  },
};
