/**
 * oauth (ACTIVITY_TYPE_OAUTH): an OIDC token whose nonce is the OIDC nonce of targetPublicKey
 * logs in its user; the result is a new API key in a credential bundle for targetPublicKey.
 */
import { notFound } from '../http/service-error.ts';
import { optionalBoolean, optionalString, optionalUint } from '../http/fields.ts';
import { issueCredential, MAX_SESSION_SECONDS } from '../identity/sessions.ts';
import { checkTargetPublicKey } from '../custody/target-key.ts';
import { verifyOidcToken } from '../identity/oidc-token.ts';
import { nonceOf } from '../identity/nonce.ts';
import { findUserByOauth } from '../identity/find-users.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const oauth: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    checkTargetPublicKey(p.targetPublicKey, 'parameters.targetPublicKey');
    const targetPublicKey = p.targetPublicKey as string;
    const apiKeyName = optionalString(p, 'apiKeyName', 'parameters', { max: 256 });
    const expirationSeconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 1, max: MAX_SESSION_SECONDS });
    const invalidateExisting = optionalBoolean(p, 'invalidateExisting', 'parameters') ?? false;
    const identity = await verifyOidcToken(ctx, p.oidcToken, await nonceOf(targetPublicKey));
    const user = findUserByOauth(tx, organization.id, identity.iss, identity.sub, identity.aud);
    if (!user) throw notFound('USER_NOT_FOUND', 'No user of this organization has this OAuth identity.');
    const credential = await issueCredential(ctx, tx, { user, organizationId: organization.id, targetPublicKey, invalidateExisting, origin: 'OAUTH', ...(apiKeyName ? { apiKeyName } : {}), ...(expirationSeconds ? { expirationSeconds } : {}) }, now);
    return { userId: user.id, ...credential };
  },
};
