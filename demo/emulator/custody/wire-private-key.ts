/** Private keys as the queries show them: the hosted v1PrivateKey, never the key material. */
import { timestamp } from '../api/envelope.ts';
import type { PrivateKeyRecord } from '../state/records.ts';

export const wirePrivateKey = (k: PrivateKeyRecord): Record<string, unknown> => ({
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
