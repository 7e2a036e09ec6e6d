/**
 * recover_user (ACTIVITY_TYPE_RECOVER_USER, the hosted v1RecoverUserIntent): the second half of
 * an email recovery. Stamped with the key init_user_email_recovery mailed, it registers a new
 * passkey for the user (the attestation verified as create_authenticators does); the user logs
 * in with it from then on. Refused before anything is staged: an unknown user, a bad
 * attestation, a passkey already registered.
 */
import { invalidRequest } from '../http/service-error.ts';
import { requireObject, requireString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { verifyAuthenticatorParams } from '../identity/webauthn-registration.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const recoverUser: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const verified = await verifyAuthenticatorParams(requireObject(p, 'authenticator', 'parameters'), 'parameters.authenticator', ctx.webauthn);
    if (tx.authenticators.findBy('credentialId', verified.credentialId).length > 0) throw invalidRequest('This passkey is already registered.');
    const id = crypto.randomUUID();
    tx.authenticators.put({ id, userId: user.id, organizationId: organization.id, ...verified, createdAt: now, updatedAt: now });
    return { authenticatorId: [id] };
  },
};
