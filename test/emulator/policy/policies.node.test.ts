// create_policies, update_policy (V2 naming), delete_policy and list_policies over real HTTP,
// with the bad input each deserves: the service's error shape and status, and no state change.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, resultOf } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { createPolicies } from './org-users.ts';
import type { Fixture } from '../support/emulator-fixture.ts';

interface WirePolicy {
  policyId: string;
  policyName: string;
  effect: string;
  condition?: string;
  consensus?: string;
  notes: string;
  createdAt: { seconds: string; nanos: string };
  updatedAt: { seconds: string; nanos: string };
}

describe('policies: create, update, delete, list', () => {
  let f: Fixture;
  let subOrgId: string;
  const list = async (organizationId = f.demoOrgId): Promise<WirePolicy[]> => {
    const answer = await f.query('list_policies', { organizationId });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    return answer.json.policies as WirePolicy[];
  };

  before(async () => {
    f = await startFixture();
    const sub = await f.submit('create_sub_organization', f.demoOrgId, {
      subOrganizationName: 'other',
      rootUsers: [{ userName: 'sub root', apiKeys: [], authenticators: [], oauthProviders: [] }],
    });
    subOrgId = resultOf(sub).subOrganizationId as string;
  });
  after(() => f.stop());

  it('creates several policies at once and lists them with the seed field names', async () => {
    const ids = await createPolicies(f, f.demoOrgId, [
      { policyName: 'two approvals for policies', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: 'approvers.count() >= 2', notes: 'n1' },
      { policyName: 'no wallet exports', effect: 'EFFECT_DENY', condition: "activity.resource == 'WALLET' && activity.action == 'EXPORT'" },
    ]);
    assert.equal(ids.length, 2);
    assert.notEqual(ids[0], ids[1]);
    const policies = await list();
    const first = policies.find((p) => p.policyId === ids[0])!;
    assert.equal(first.policyName, 'two approvals for policies');
    assert.equal(first.effect, 'EFFECT_ALLOW');
    assert.equal(first.condition, "activity.resource == 'POLICY'");
    assert.equal(first.consensus, 'approvers.count() >= 2');
    assert.equal(first.notes, 'n1');
    assert.match(first.createdAt.seconds, /^\d+$/);
    const second = policies.find((p) => p.policyId === ids[1])!;
    assert.equal(second.effect, 'EFFECT_DENY');
    assert.equal(second.consensus, undefined);
    assert.equal(second.notes, '');
    assert.deepEqual(await list(subOrgId), [], 'policies belong to their organization');
  });

  it('updates with policyName / policyEffect / policyCondition / policyConsensus / policyNotes; absent fields stay, "" clears', async () => {
    const [id] = await createPolicies(f, f.demoOrgId, [
      { policyName: 'to update', effect: 'EFFECT_ALLOW', condition: "activity.type == 'A'", consensus: 'approvers.count() >= 1', notes: 'old' },
    ]);
    const answer = await f.submit('update_policy', f.demoOrgId, { policyId: id, policyEffect: 'EFFECT_DENY', policyConsensus: "approvers.any(user, user.id == 'x')", policyNotes: 'new' });
    assert.deepEqual(resultOf(answer), { policyId: id });
    assert.equal((answer.json.activity as { type: string }).type, 'ACTIVITY_TYPE_UPDATE_POLICY_V2');
    let policy = (await list()).find((p) => p.policyId === id)!;
    assert.equal(policy.policyName, 'to update');
    assert.equal(policy.effect, 'EFFECT_DENY');
    assert.equal(policy.condition, "activity.type == 'A'");
    assert.equal(policy.consensus, "approvers.any(user, user.id == 'x')");
    assert.equal(policy.notes, 'new');

    resultOf(await f.submit('update_policy', f.demoOrgId, { policyId: id, policyName: 'renamed', policyCondition: '' }));
    policy = (await list()).find((p) => p.policyId === id)!;
    assert.equal(policy.policyName, 'renamed');
    assert.equal(policy.condition, undefined);
    assert.equal(policy.consensus, "approvers.any(user, user.id == 'x')");
  });

  it('deletes a policy; deleting it again is a 404 that changes nothing', async () => {
    const [id] = await createPolicies(f, f.demoOrgId, [{ policyName: 'short-lived', effect: 'EFFECT_ALLOW' }]);
    assert.deepEqual(resultOf(await f.submit('delete_policy', f.demoOrgId, { policyId: id })), { policyId: id });
    assert.equal((await list()).some((p) => p.policyId === id), false);
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.submit('delete_policy', f.demoOrgId, { policyId: id }), 404, 5, 'POLICY_NOT_FOUND');
    });
  });

  it('refuses bad create_policies input with 400 REQUEST_INVALID and stores nothing', async () => {
    const bad: [unknown, string][] = [
      [undefined, 'parameters.policies'],
      ['nope', 'parameters.policies'],
      [[], 'parameters.policies'],
      [[42], 'parameters.policies[0]'],
      [[{ effect: 'EFFECT_ALLOW' }], 'parameters.policies[0].policyName'],
      [[{ policyName: 7, effect: 'EFFECT_ALLOW' }], 'parameters.policies[0].policyName'],
      [[{ policyName: 'p' }], 'parameters.policies[0].effect'],
      [[{ policyName: 'p', effect: 'ALLOW' }], 'parameters.policies[0].effect'],
      [[{ policyName: 'p', effect: 'EFFECT_ALLOW', condition: 'activity.type == "x"' }], 'parameters.policies[0].condition'],
      [[{ policyName: 'p', effect: 'EFFECT_ALLOW', condition: "activity.type = 'x'" }], 'parameters.policies[0].condition'],
      [[{ policyName: 'p', effect: 'EFFECT_ALLOW', condition: 'approvers.count() >= 1' }], 'parameters.policies[0].condition'],
      [[{ policyName: 'p', effect: 'EFFECT_ALLOW', consensus: "activity.type == 'x'" }], 'parameters.policies[0].consensus'],
      [[{ policyName: 'p', effect: 'EFFECT_ALLOW', consensus: 'approvers.count() >=' }], 'parameters.policies[0].consensus'],
      [[{ policyName: 'p', effect: 'EFFECT_ALLOW', consensus: 'approvers.length >= 1' }], 'parameters.policies[0].consensus'],
      [[{ policyName: 'p', effect: 'EFFECT_ALLOW', consensus: 12 }], 'parameters.policies[0].consensus'],
      // One bad entry refuses the whole batch: the good first one is not stored either.
      [[{ policyName: 'good', effect: 'EFFECT_ALLOW' }, { policyName: 'bad', effect: 'EFFECT_ALLOW', condition: '(' }], 'parameters.policies[1].condition'],
    ];
    for (const [policies, field] of bad) {
      await assertNoStateChange(f.emulator, async () => {
        const parameters = policies === undefined ? {} : { policies };
        assertServiceError(await f.submit('create_policies', f.demoOrgId, parameters), 400, 3, 'REQUEST_INVALID', field);
      });
    }
  });

  it('refuses bad update_policy and delete_policy input, and another organization\'s policy, changing nothing', async () => {
    const [id] = await createPolicies(f, f.demoOrgId, [{ policyName: 'stable', effect: 'EFFECT_ALLOW' }]);
    const [foreign] = await createPolicies(f, subOrgId, [{ policyName: 'sub policy', effect: 'EFFECT_ALLOW' }]);
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.submit('update_policy', f.demoOrgId, {}), 400, 3, 'REQUEST_INVALID', 'parameters.policyId');
      assertServiceError(await f.submit('update_policy', f.demoOrgId, { policyId: id, policyEffect: 'EFFECT_MAYBE' }), 400, 3, 'REQUEST_INVALID', 'parameters.policyEffect');
      assertServiceError(await f.submit('update_policy', f.demoOrgId, { policyId: id, policyCondition: "activity.type == 'x' &&" }), 400, 3, 'REQUEST_INVALID', 'parameters.policyCondition');
      assertServiceError(await f.submit('update_policy', f.demoOrgId, { policyId: id, policyConsensus: 'approvers.count() >= 2 || activity' }), 400, 3, 'REQUEST_INVALID', 'parameters.policyConsensus');
      assertServiceError(await f.submit('update_policy', f.demoOrgId, { policyId: id, policyNotes: ['x'] }), 400, 3, 'REQUEST_INVALID', 'parameters.policyNotes');
      assertServiceError(await f.submit('update_policy', f.demoOrgId, { policyId: 'no-such-policy', policyNotes: 'x' }), 404, 5, 'POLICY_NOT_FOUND');
      assertServiceError(await f.submit('update_policy', f.demoOrgId, { policyId: foreign, policyNotes: 'x' }), 404, 5, 'POLICY_NOT_FOUND');
      assertServiceError(await f.submit('delete_policy', f.demoOrgId, { policyId: foreign }), 404, 5, 'POLICY_NOT_FOUND');
      assertServiceError(await f.submit('delete_policy', f.demoOrgId, { policyId: 5 }), 400, 3, 'REQUEST_INVALID', 'parameters.policyId');
    });
  });

  it('refuses list_policies without an organizationId or for an unknown organization', async () => {
    assertServiceError(await f.query('list_policies', {}), 400, 3, 'REQUEST_INVALID');
    assertServiceError(await f.query('list_policies', { organizationId: 'no-such-org' }), 404, 5, 'ORGANIZATION_NOT_FOUND');
  });
});
