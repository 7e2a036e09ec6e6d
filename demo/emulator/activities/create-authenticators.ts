/**
 * create_authenticators (ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2): passkeys for a user of the
 * organization. Every attestation is verified before anything is stored; a credential id
 * names one passkey across the whole service.
 */
import { invalidRequest } from '../http/service-error.ts';
import { requireObjectArray, requireString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { verifyAuthenticatorParams } from '../identity/webauthn-registration.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { VerifiedAuthenticator } from '../identity/webauthn-registration.ts';

export const createAuthenticators: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const list = requireObjectArray(p, 'authenticators', 'parameters');
    if (list.length === 0) throw invalidRequest('parameters.authenticators must not be empty.');
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const verified: VerifiedAuthenticator[] = [];
    for (const [i, a] of list.entries()) verified.push(await verifyAuthenticatorParams(a, `parameters.authenticators[${i}]`, ctx.webauthn));
    if (new Set(verified.map((a) => a.credentialId)).size !== verified.length) throw invalidRequest('parameters.authenticators lists one credential twice.');
    for (const a of verified) {
      if (tx.authenticators.findBy('credentialId', a.credentialId).length > 0) throw invalidRequest('This passkey is already registered.');
    }
    const ids = verified.map((a) => {
      const id = crypto.randomUUID();
      tx.authenticators.put({ id, userId: user.id, organizationId: organization.id, ...a, createdAt: now, updatedAt: now });
      return id;
    });
    return { authenticatorIds: ids };
  },
};
