/**
 * The hosted one-at-a-time policy routes beside create_policies / delete_policy:
 * create_policy (ACTIVITY_TYPE_CREATE_POLICY_V3, v1CreatePolicyIntentV3: one policy's fields at
 * the top of the intent), delete_policies (ACTIVITY_TYPE_DELETE_POLICIES) and the get_policy
 * query. Each runs the same checks as its sibling, so the rules live in policy-handlers.ts once.
 */
import { invalidRequest } from '../http/service-error.ts';
import { requireString, requireStringArray } from '../http/fields.ts';
import { createPolicies, deletePolicy, requirePolicy, wirePolicy } from './policy-handlers.ts';
import type { ActivityHandler, QueryHandler } from '../api/handler-types.ts';

export const createPolicy: ActivityHandler = {
  async run(input) {
    const { policyIds } = (await createPolicies.run({ ...input, parameters: { policies: [input.parameters] } })) as { policyIds: string[] };
    return { policyId: policyIds[0]! };
  },
};

export const deletePolicies: ActivityHandler = {
  async run(input) {
    const policyIds = requireStringArray(input.parameters, 'policyIds', 'parameters');
    if (policyIds.length === 0) throw invalidRequest('parameters.policyIds must not be empty.');
    // One transaction: a later unknown id throws and the engine drops the deletions staged before it.
    for (const policyId of new Set(policyIds)) await deletePolicy.run({ ...input, parameters: { policyId } });
    return { policyIds };
  },
};

export const getPolicy: QueryHandler = {
  run({ view, organization, body }) {
    return { policy: wirePolicy(requirePolicy(view, organization.id, requireString(body, 'policyId'))) };
  },
};
