/** The policy feature's pieces, for the registries and hooks (activities/registry.ts, queries/registry.ts, emulator.ts). */
import { createApproveActivityHandler } from './approve-activity.ts';
import { createPolicies, deletePolicy, listPolicies, updatePolicy } from './policy-handlers.ts';
import { rejectActivity } from './reject-activity.ts';
import { createPolicy, deletePolicies, getPolicy } from './single-policy.ts';
import type { ActivityHandler, QueryHandler } from '../api/handler-types.ts';

export { createPolicyHook } from './policy-engine.ts';

/** `all` is the registry approve_activity resumes held activities from (read at approval time). */
export function policyActivities(all: () => ReadonlyMap<string, ActivityHandler>): [string, ActivityHandler][] {
  return [
    ['create_policies', createPolicies],
    ['create_policy', createPolicy],
    ['delete_policies', deletePolicies],
    ['update_policy', updatePolicy],
    ['delete_policy', deletePolicy],
    ['approve_activity', createApproveActivityHandler(all)],
    ['reject_activity', rejectActivity],
  ];
}

export const policyQueries: [string, QueryHandler][] = [
  ['list_policies', listPolicies],
  ['get_policy', getPolicy],
];
