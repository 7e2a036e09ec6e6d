/** list_private_keys {organizationId} → {privateKeys}: the organization's imported or created keys, as the hosted v1PrivateKey (never the key material). */
import { wirePrivateKey } from '../custody/wire-private-key.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const listPrivateKeys: QueryHandler = {
  run({ view, organization }) {
    const keys = view.privateKeys.findBy('organizationId', organization.id).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    return { privateKeys: keys.map(wirePrivateKey) };
  },
};
