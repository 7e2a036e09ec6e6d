/** create_users (ACTIVITY_TYPE_CREATE_USERS_V4): users with their API keys, passkeys and OAuth providers. */
import { invalidRequest } from '../http/service-error.ts';
import { requireObjectArray } from '../http/fields.ts';
import { parseUserParams } from '../identity/user-params.ts';
import { stageUser } from '../identity/stage-user.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const createUsers: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const list = requireObjectArray(p, 'users', 'parameters');
    if (list.length === 0) throw invalidRequest('parameters.users must not be empty.');
    const specs = [];
    for (const [i, user] of list.entries()) specs.push(await parseUserParams(ctx, user, `parameters.users[${i}]`));
    return { userIds: specs.map((spec) => stageUser(tx, spec, organization.id, now).id) };
  },
};
