/**
 * update_user_name (ACTIVITY_TYPE_UPDATE_USER_NAME): renames a user of the organization. The
 * hosted intent (v1UpdateUserNameIntent) takes `userId` and `userName`; names are not unique
 * there, so none is refused for being another user's. An empty name is refused: the hosted
 * types make `userName` required and create_users never stores an empty one either.
 */
import { requireString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const updateUserName: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const userName = requireString(p, 'userName', 'parameters', { max: 256 });
    tx.users.put({ ...user, userName, updatedAt: now });
    return { userId: user.id };
  },
};
