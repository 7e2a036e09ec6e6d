/**
 * get_oauth_providers {organizationId, userId?} → {oauthProviders}: one user's OAuth logins, as
 * get_user shows them; without userId (optional in the hosted request), the organization's.
 */
import { optionalString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { wireOauthProvider } from '../identity/wire-credentials.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getOauthProviders: QueryHandler = {
  run({ view, organization, body }) {
    const userId = optionalString(body, 'userId');
    const users = userId ? [requireUser(view, organization.id, userId)] : view.users.findBy('organizationId', organization.id);
    const providers = users.flatMap((user) => view.oauthProviders.findBy('userId', user.id));
    return { oauthProviders: providers.map(wireOauthProvider) };
  },
};
