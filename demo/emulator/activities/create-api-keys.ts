/** create_api_keys (ACTIVITY_TYPE_CREATE_API_KEYS_V2): keys for a user of the organization. */
import { invalidRequest } from '../http/service-error.ts';
import { requireObjectArray, requireString } from '../http/fields.ts';
import { parseApiKeys } from '../identity/user-params.ts';
import { addApiKey } from '../identity/api-keys.ts';
import { requireUser } from '../identity/find-users.ts';
import { proofTimeOf } from '../identity/proof-time.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const createApiKeys: ActivityHandler = {
  async run({ tx, organization, principal, parameters: p, now }) {
    const specs = parseApiKeys(requireObjectArray(p, 'apiKeys', 'parameters'), 'parameters.apiKeys');
    if (specs.length === 0) throw invalidRequest('parameters.apiKeys must not be empty.');
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const ids = specs.map((spec) => addApiKey(tx, { ...spec, userId: user.id, organizationId: organization.id, origin: 'API', authenticatedAt: proofTimeOf(tx, principal, now) }, now).id);
    return { apiKeyIds: ids };
  },
};
