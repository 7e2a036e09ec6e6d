/** get_authenticator {organizationId, authenticatorId} → {authenticator}: one passkey of the organization's users. */
import { notFound } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { wireAuthenticator } from '../identity/wire-credentials.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getAuthenticator: QueryHandler = {
  run({ view, organization, body }) {
    const authenticator = view.authenticators.get(requireString(body, 'authenticatorId'));
    if (!authenticator || authenticator.organizationId !== organization.id) throw notFound('NOT_FOUND', 'No authenticator with this authenticatorId in the organization.');
    return { authenticator: wireAuthenticator(authenticator) };
  },
};
