/**
 * oauth_login (ACTIVITY_TYPE_OAUTH_LOGIN, called by the auth proxy): an OIDC token whose nonce
 * binds `publicKey` logs in the user holding that OAuth identity. Result: a session JWT.
 */
import { oidcNonce } from '../../../src/tokens/oidc-nonce.ts';
import { notFound } from '../http/service-error.ts';
import { optionalBoolean, optionalUint } from '../http/fields.ts';
import { checkClientPublicKey, issueSession, MAX_SESSION_SECONDS } from '../identity/sessions.ts';
import { verifyOidcToken } from '../identity/oidc-token.ts';
import { findUserByOauth } from '../identity/find-users.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const oauthLogin: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const publicKey = checkClientPublicKey(p.publicKey, 'parameters.publicKey');
    const expirationSeconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 1, max: MAX_SESSION_SECONDS });
    const invalidateExisting = optionalBoolean(p, 'invalidateExisting', 'parameters') ?? false;
    const identity = await verifyOidcToken(ctx, p.oidcToken, await oidcNonce(p.publicKey as string));
    const user = findUserByOauth(tx, organization.id, identity.iss, identity.sub, identity.aud);
    if (!user) throw notFound('USER_NOT_FOUND', 'No user of this organization has this OAuth identity.');
    const session = await issueSession(ctx, tx, { user, organizationId: organization.id, publicKey, invalidateExisting, origin: 'OAUTH', ...(expirationSeconds ? { expirationSeconds } : {}) }, now);
    return { session };
  },
};
