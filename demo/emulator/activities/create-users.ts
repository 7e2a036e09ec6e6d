/**
 * create_users (ACTIVITY_TYPE_CREATE_USERS_V4, and V3 as older hosted clients send it): users with
 * their API keys, passkeys and OAuth providers.
 */
import { invalidRequest } from '../http/service-error.ts';
import { optionalObjectArray, requireObjectArray, requireString } from '../http/fields.ts';
import { parseUserParams } from '../identity/user-params.ts';
import { stageUser } from '../identity/stage-user.ts';
import { CREATE_USERS_V3 } from './user-creation-versions.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const createUsers: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, type, now }) {
    const list = requireObjectArray(p, 'users', 'parameters');
    if (list.length === 0) throw invalidRequest('parameters.users must not be empty.');
    // V3's providers are v1OauthProviderParams: an OIDC token each, never bare claims (V4's addition).
    if (type === CREATE_USERS_V3) {
      for (const [i, user] of list.entries()) {
        for (const [j, provider] of optionalObjectArray(user, 'oauthProviders', `parameters.users[${i}]`).entries()) requireString(provider, 'oidcToken', `parameters.users[${i}].oauthProviders[${j}]`);
      }
    }
    const specs = [];
    for (const [i, user] of list.entries()) specs.push(await parseUserParams(ctx, user, `parameters.users[${i}]`));
    return { userIds: specs.map((spec) => stageUser(tx, spec, organization.id, now).id) };
  },
};
