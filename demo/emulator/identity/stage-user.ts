/** Stages a validated user with its credentials in a transaction. */
import { invalidRequest } from '../http/service-error.ts';
import { addApiKey } from './api-keys.ts';
import type { Tx } from '../state/store.ts';
import type { UserRecord } from '../state/records.ts';
import type { UserSpec } from './user-params.ts';

export function stageUser(tx: Tx, spec: UserSpec, organizationId: string, now: number): UserRecord {
  for (const a of spec.authenticators) {
    // A credential id names one passkey across the whole service (it is the lookup key of passkey stamps).
    if (tx.authenticators.findBy('credentialId', a.credentialId).length > 0) throw invalidRequest('This passkey is already registered.');
  }
  const user: UserRecord = {
    id: crypto.randomUUID(),
    organizationId,
    userName: spec.userName,
    userTags: spec.userTags,
    createdAt: now,
    updatedAt: now,
    ...(spec.userEmail ? { userEmail: spec.userEmail } : {}),
    ...(spec.userPhoneNumber ? { userPhoneNumber: spec.userPhoneNumber } : {}),
  };
  tx.users.put(user);
  for (const key of spec.apiKeys) {
    addApiKey(tx, { ...key, userId: user.id, organizationId, origin: 'API' }, now);
  }
  for (const a of spec.authenticators) {
    tx.authenticators.put({ id: crypto.randomUUID(), userId: user.id, organizationId, ...a, createdAt: now, updatedAt: now });
  }
  for (const p of spec.oauthProviders) {
    tx.oauthProviders.put({ id: crypto.randomUUID(), userId: user.id, organizationId, ...p, createdAt: now, updatedAt: now });
  }
  return user;
}
