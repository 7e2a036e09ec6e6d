/** whoami: the stamping user and their organization. */
import type { QueryHandler } from '../api/handler-types.ts';

export const whoami: QueryHandler = {
  run({ view, principal }) {
    const user = view.users.get(principal.userId)!;
    const organization = view.organizations.get(principal.organizationId)!;
    return { organizationId: organization.id, organizationName: organization.name, userId: user.id, username: user.userName };
  },
};
