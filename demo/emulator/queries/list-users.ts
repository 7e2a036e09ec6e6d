/** list_users: the organization's users with their credentials. */
import { wireUser } from '../identity/wire-user.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const listUsers: QueryHandler = {
  run({ view, organization }) {
    const users = view.users.findBy('organizationId', organization.id).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    return { users: users.map((u) => wireUser(view, u)) };
  },
};
