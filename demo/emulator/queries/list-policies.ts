/** list_policies: the organization's policies. */
import { timestamp } from '../api/envelope.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const listPolicies: QueryHandler = {
  run({ view, organization }) {
    const policies = view.policies.findBy('organizationId', organization.id).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    return {
      policies: policies.map((p) => ({
        policyId: p.id,
        policyName: p.policyName,
        effect: p.effect,
        ...(p.condition !== undefined ? { condition: p.condition } : {}),
        ...(p.consensus !== undefined ? { consensus: p.consensus } : {}),
        ...(p.notes !== undefined ? { notes: p.notes } : {}),
        createdAt: timestamp(p.createdAt),
        updatedAt: timestamp(p.updatedAt),
      })),
    };
  },
};
