/**
 * delete_api_keys (ACTIVITY_TYPE_DELETE_API_KEYS): all named keys of the user, or none. A key
 * may delete itself (a logout ends its own session this way). Refused when a key is unknown or
 * another user's, or when the user would be left with no way to log in (identity/login-ways.ts).
 */
import { invalidRequest, notFound } from '../http/service-error.ts';
import { requireString, requireStringArray } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { requireLoginWayLeft } from '../identity/login-ways.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const deleteApiKeys: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const apiKeyIds = requireStringArray(p, 'apiKeyIds', 'parameters');
    if (apiKeyIds.length === 0) throw invalidRequest('parameters.apiKeyIds must not be empty.');
    for (const id of apiKeyIds) {
      const key = tx.apiKeys.get(id);
      if (!key || key.userId !== user.id) throw notFound('NOT_FOUND', 'No API key with this id for the user.');
    }
    for (const id of new Set(apiKeyIds)) tx.apiKeys.delete(id);
    requireLoginWayLeft(tx, user.id);
    return { apiKeyIds };
  },
};
