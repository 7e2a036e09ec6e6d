/**
 * The consensus tests' organization: the demo organization with three users (alice, bob, carol)
 * and a policy that holds every policy change until two of them approve. `policyNamed` is such a
 * change.
 */
import { startFixture, type Fixture } from './emulator-fixture.ts';
import { createPolicies, createUser, type OrgUser } from '../policy/org-users.ts';

export interface TwoApprovals {
  f: Fixture;
  alice: OrgUser;
  bob: OrgUser;
  carol: OrgUser;
}

export async function startTwoApprovals(): Promise<TwoApprovals> {
  const f = await startFixture();
  const alice = await createUser(f, f.demoOrgId, 'alice');
  const bob = await createUser(f, f.demoOrgId, 'bob');
  const carol = await createUser(f, f.demoOrgId, 'carol');
  await createPolicies(f, f.demoOrgId, [
    { policyName: 'policy changes need two', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: 'approvers.count() >= 2' },
  ]);
  return { f, alice, bob, carol };
}

/** create_policies' parameters for one allowing policy: a change the two-approvals policy holds. */
export const policyNamed = (name: string) => ({ policies: [{ policyName: name, effect: 'EFFECT_ALLOW' as const, notes: '' }] });
