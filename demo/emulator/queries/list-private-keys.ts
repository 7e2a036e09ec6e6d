/** list_private_keys {organizationId} → {privateKeys}: the organization's imported or created keys, as the hosted v1PrivateKey (never the key material). */
import { timestamp } from '../api/envelope.ts';
import type { QueryHandler } from '../api/handler-types.ts';
import type { PrivateKeyRecord } from '../state/records.ts';

const wirePrivateKey = (k: PrivateKeyRecord) => ({
  privateKeyId: k.id,
  publicKey: k.publicKey,
  privateKeyName: k.privateKeyName,
  curve: k.curve,
  addresses: k.addresses.map((a) => ({ format: a.format, address: a.address })),
  privateKeyTags: [],
  createdAt: timestamp(k.createdAt),
  updatedAt: timestamp(k.updatedAt),
  exported: k.exported,
  imported: k.imported,
});

export const listPrivateKeys: QueryHandler = {
  run({ view, organization }) {
    const keys = view.privateKeys.findBy('organizationId', organization.id).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    return { privateKeys: keys.map(wirePrivateKey) };
  },
};
