/** create_api_keys (ACTIVITY_TYPE_CREATE_API_KEYS_V2): keys for a user of the organization. */
import { invalidRequest } from '../http/service-error.ts';
import { requireObjectArray, requireString } from '../http/fields.ts';
import { parseApiKeys } from '../identity/user-params.ts';
import { addApiKey } from '../identity/api-keys.ts';
import { requireUser } from '../identity/find-users.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const createApiKeys: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const specs = parseApiKeys(requireObjectArray(p, 'apiKeys', 'parameters'), 'parameters.apiKeys');
    if (specs.length === 0) throw invalidRequest('parameters.apiKeys must not be empty.');
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const ids = specs.map((spec) => addApiKey(tx, { ...spec, userId: user.id, organizationId: organization.id, origin: 'API' }, now).id);
    return { apiKeyIds: ids };
  },
};
