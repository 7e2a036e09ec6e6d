/**
 * delete_authenticators (ACTIVITY_TYPE_DELETE_AUTHENTICATORS): all named passkeys of the user, or
 * none. Refused when one is unknown or another user's, or when the user would be left with no
 * way to log in (identity/login-ways.ts).
 */
import { invalidRequest, notFound } from '../http/service-error.ts';
import { requireString, requireStringArray } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { requireLoginWayLeft } from '../identity/login-ways.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const deleteAuthenticators: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const authenticatorIds = requireStringArray(p, 'authenticatorIds', 'parameters');
    if (authenticatorIds.length === 0) throw invalidRequest('parameters.authenticatorIds must not be empty.');
    for (const id of authenticatorIds) {
      const authenticator = tx.authenticators.get(id);
      if (!authenticator || authenticator.userId !== user.id) throw notFound('NOT_FOUND', 'No authenticator with this id for the user.');
    }
    for (const id of new Set(authenticatorIds)) tx.authenticators.delete(id);
    requireLoginWayLeft(tx, user.id);
    return { authenticatorIds };
  },
};
