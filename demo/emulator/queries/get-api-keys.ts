/**
 * get_api_keys {organizationId, userId?} → {apiKeys}: one user's API keys, as get_user shows
 * them; without userId (optional in the hosted request), every API key of the organization.
 */
import { optionalString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { wireApiKey } from '../identity/wire-credentials.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getApiKeys: QueryHandler = {
  run({ view, organization, body }) {
    const userId = optionalString(body, 'userId');
    const users = userId ? [requireUser(view, organization.id, userId)] : view.users.findBy('organizationId', organization.id);
    const keys = users.flatMap((user) => view.apiKeys.findBy('userId', user.id));
    return { apiKeys: keys.map(wireApiKey) };
  },
};
