/**
 * delete_oauth_providers (ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS): all named providers of the user,
 * or none. Refused when one is unknown or another user's, or when the user would be left with no
 * way to log in (identity/login-ways.ts).
 */
import { invalidRequest, notFound } from '../http/service-error.ts';
import { requireString, requireStringArray } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { requireLoginWayLeft } from '../identity/login-ways.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const deleteOauthProviders: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const providerIds = requireStringArray(p, 'providerIds', 'parameters');
    if (providerIds.length === 0) throw invalidRequest('parameters.providerIds must not be empty.');
    for (const id of providerIds) {
      const provider = tx.oauthProviders.get(id);
      if (!provider || provider.userId !== user.id) throw notFound('NOT_FOUND', 'No OAuth provider with this id for the user.');
    }
    for (const id of new Set(providerIds)) tx.oauthProviders.delete(id);
    requireLoginWayLeft(tx, user.id);
    return { providerIds };
  },
};
