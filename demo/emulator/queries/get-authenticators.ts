/** get_authenticators {organizationId, userId} → {authenticators}: one user's passkeys, as get_user shows them. */
import { requireString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { wireAuthenticator } from '../identity/wire-credentials.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getAuthenticators: QueryHandler = {
  run({ view, organization, body }) {
    const user = requireUser(view, organization.id, requireString(body, 'userId'));
    return { authenticators: view.authenticators.findBy('userId', user.id).map(wireAuthenticator) };
  },
};
