/**
 * create_oauth_providers (ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2, what the hosted client sends):
 * OAuth logins for a user, each by a verified OIDC token or by claims (one identity may come for
 * several audiences: the app's client ids). An identity (issuer and subject) links to one user: refused when a user of the organization, or of a sibling
 * sub-organization (the auth proxy's account lookup searches those), already holds it.
 */
import { invalidRequest } from '../http/service-error.ts';
import { requireObjectArray, requireString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { requireOauthIdentityFree } from '../identity/login-ways.ts';
import { parseOauthProviders } from '../identity/user-params.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const createOauthProviders: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const specs = await parseOauthProviders(ctx, requireObjectArray(p, 'oauthProviders', 'parameters'), 'parameters.oauthProviders');
    if (specs.length === 0) throw invalidRequest('parameters.oauthProviders must not be empty.');
    // One identity may come for several audiences (the hosted addOauthProvider sends the token and
    // its claims for the app's other client ids in one request); the same audience twice is refused.
    if (new Set(specs.map((s) => `${s.issuer} ${s.subject} ${s.audience}`)).size !== specs.length) throw invalidRequest('parameters.oauthProviders lists one identity twice.');
    for (const spec of specs) requireOauthIdentityFree(tx, user, spec.issuer, spec.subject);
    const ids = specs.map((spec) => {
      const id = crypto.randomUUID();
      tx.oauthProviders.put({ id, userId: user.id, organizationId: organization.id, ...spec, createdAt: now, updatedAt: now });
      return id;
    });
    return { providerIds: ids };
  },
};
