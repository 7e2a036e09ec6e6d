/** get_api_key {organizationId, apiKeyId} → {apiKey}: one API key of the organization's users. */
import { notFound } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { wireApiKey } from '../identity/wire-credentials.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getApiKey: QueryHandler = {
  run({ view, organization, body }) {
    const key = view.apiKeys.get(requireString(body, 'apiKeyId'));
    if (!key || key.organizationId !== organization.id) throw notFound('NOT_FOUND', 'No API key with this apiKeyId in the organization.');
    return { apiKey: wireApiKey(key) };
  },
};
