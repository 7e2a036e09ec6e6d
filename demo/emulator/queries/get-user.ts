/** get_user {organizationId, userId} → {user}: one user of the organization, with their credentials (the hosted client's fetchUser). */
import { requireString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { wireUser } from '../identity/wire-user.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getUser: QueryHandler = {
  run({ view, organization, body }) {
    return { user: wireUser(view, requireUser(view, organization.id, requireString(body, 'userId'))) };
  },
};
