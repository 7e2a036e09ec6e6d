/**
 * delete_users (ACTIVITY_TYPE_DELETE_USERS, the hosted v1DeleteUsersIntent): removes users of
 * the organization with their credentials (API keys and so their sessions, passkeys, OAuth
 * providers), so nothing they held stamps again. Refused, before anything is staged: an unknown
 * (or another organization's) user, a root user (the root quorum is changed first, as the
 * service asks) and the auth proxy's own user, without which the proxy cannot run.
 */
import { invalidRequest } from '../http/service-error.ts';
import { requireStringArray } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

/** A user's credential tables, by their userId index (as delete_sub_organization purges them). */
const BY_USER = ['apiKeys', 'authenticators', 'oauthProviders', 'importTargets'] as const;

export const deleteUsers: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const userIds = requireStringArray(p, 'userIds', 'parameters');
    if (userIds.length === 0) throw invalidRequest('parameters.userIds must not be empty.');
    const users = [...new Set(userIds)].map((id) => requireUser(tx, organization.id, id));
    if (users.some((u) => organization.rootUserIds.includes(u.id))) throw invalidRequest('A root user cannot be deleted: take it out of the root quorum first.');
    if (tx.proxyBindings.values().some((b) => users.some((u) => u.id === b.proxyUserId))) throw invalidRequest("The auth proxy's user cannot be deleted.");
    for (const user of users) {
      for (const name of BY_USER) for (const record of tx[name].findBy('userId', user.id)) tx[name].delete(record.id);
      tx.users.delete(user.id);
    }
    return { userIds };
  },
};
