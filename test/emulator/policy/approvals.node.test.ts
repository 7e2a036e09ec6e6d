// Approvals over real HTTP (issue 13 part 1): list_activities with its status / type filters,
// pages and the asking user's canApprove / canReject; reject_activity ending a held activity;
// every refusal answered with the service's error shape and changing nothing.
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import { policyNamed, startTwoApprovals } from '../support/two-approvals.ts';
import type { OrgUser } from './org-users.ts';
import type { Activity } from '../../../src/clients/activity-types.ts';

const HELD = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';

describe('approvals: list_activities and reject_activity', () => {
  let f: Fixture;
  let alice: OrgUser;
  let bob: OrgUser;
  let carol: OrgUser;

  const list = async (user: OrgUser, body: Record<string, unknown> = {}): Promise<Activity[]> => {
    const answer = await f.query('list_activities', { organizationId: f.demoOrgId, ...body }, user.key);
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    return answer.json.activities as Activity[];
  };
  const reject = (user: OrgUser, fingerprint: unknown) => f.submit('reject_activity', f.demoOrgId, { fingerprint }, user.key);

  beforeEach(async () => {
    ({ f, alice, bob, carol } = await startTwoApprovals());
  });
  afterEach(() => f.stop());

  it('lists what waits for consensus, newest first, with canApprove / canReject of the user who asks', async () => {
    const first = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: policyNamed('first') });
    const second = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: policyNamed('second') });
    assert.equal(first.canApprove, false, 'the initiator already approved by asking');
    const forBob = await list(bob, { filterByStatus: [HELD] });
    assert.deepEqual(forBob.map((a) => a.id), [second.id, first.id]);
    assert.ok(forBob.every((a) => a.canApprove && a.canReject && a.status === HELD));
    const forAlice = await list(alice, { filterByStatus: [HELD] });
    assert.ok(forAlice.every((a) => !a.canApprove && !a.canReject), 'alice has voted on both');
    // Unfiltered, the organization's other activities are there too; by type, only policies.
    assert.ok((await list(bob, { paginationOptions: { limit: '100' } })).some((a) => a.type === 'ACTIVITY_TYPE_CREATE_USERS_V4'));
    const byType = await list(bob, { filterByType: ['ACTIVITY_TYPE_CREATE_POLICIES'], paginationOptions: { limit: '100' } });
    assert.ok(byType.length >= 3 && byType.every((a) => a.type === 'ACTIVITY_TYPE_CREATE_POLICIES'));
    // Pages: one at a time, after and before the cursor.
    const [page1] = await list(bob, { filterByStatus: [HELD], paginationOptions: { limit: '1' } });
    const [page2] = await list(bob, { filterByStatus: [HELD], paginationOptions: { limit: '1', after: page1!.id } });
    assert.deepEqual([page1!.id, page2!.id], [second.id, first.id]);
    assert.deepEqual((await list(bob, { filterByStatus: [HELD], paginationOptions: { before: page2!.id } })).map((a) => a.id), [second.id]);
    // Once bob approves, it is no longer listed as waiting.
    await f.submit('approve_activity', f.demoOrgId, { fingerprint: first.fingerprint }, bob.key);
    assert.deepEqual((await list(carol, { filterByStatus: [HELD] })).map((a) => a.id), [second.id]);
  });

  it('refuses bad filters and cursors with the service error shape', async () => {
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.query('list_activities', { organizationId: f.demoOrgId, filterByStatus: ['ACTIVITY_STATUS_WAITING'] }, bob.key), 400, 3, 'REQUEST_INVALID', 'filterByStatus');
      assertServiceError(await f.query('list_activities', { organizationId: f.demoOrgId, filterByType: 'ACTIVITY_TYPE_CREATE_POLICIES' }, bob.key), 400, 3, 'REQUEST_INVALID', 'filterByType');
      assertServiceError(await f.query('list_activities', { organizationId: f.demoOrgId, paginationOptions: { limit: '101' } }, bob.key), 400, 3, 'REQUEST_INVALID', 'limit');
      assertServiceError(await f.query('list_activities', { organizationId: f.demoOrgId, paginationOptions: { after: 'nope' } }, bob.key), 400, 3, 'REQUEST_INVALID', 'cursor');
    });
  });

  it('one rejection ends a held activity: REJECTED with the vote, never run, and no later vote', async () => {
    const held = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: policyNamed('rejected') });
    const answer = await reject(bob, held.fingerprint);
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const rejection = answer.json.activity as Activity;
    assert.equal(rejection.type, 'ACTIVITY_TYPE_REJECT_ACTIVITY');
    assert.equal(rejection.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(rejection.result, {});
    const after = (await f.query('get_activity', { organizationId: f.demoOrgId, activityId: held.id }, carol.key)).json.activity as Activity;
    assert.equal(after.status, 'ACTIVITY_STATUS_REJECTED');
    assert.deepEqual(after.votes.map((v) => [v.userId, v.selection]), [
      [alice.userId, 'VOTE_SELECTION_APPROVED'],
      [bob.userId, 'VOTE_SELECTION_REJECTED'],
    ]);
    assert.equal(after.canApprove, false);
    assert.equal(after.canReject, false);
    const policies = (await f.query('list_policies', { organizationId: f.demoOrgId })).json.policies as { policyName: string }[];
    assert.ok(!policies.some((p) => p.policyName === 'rejected'), 'the rejected activity never ran');
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.submit('approve_activity', f.demoOrgId, { fingerprint: held.fingerprint }, carol.key), 400, 3, 'REQUEST_INVALID', 'not waiting');
      assertServiceError(await reject(carol, held.fingerprint), 400, 3, 'REQUEST_INVALID', 'not waiting');
    });
  });

  it('refuses a rejection by a user who voted, of an unknown fingerprint, or malformed, changing nothing', async () => {
    const held = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: policyNamed('kept') });
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await reject(alice, held.fingerprint), 400, 3, 'REQUEST_INVALID', 'already voted');
      assertServiceError(await reject(bob, 'sha256:00'), 404, 5, 'ACTIVITY_NOT_FOUND');
      assertServiceError(await reject(bob, 42), 400, 3, 'REQUEST_INVALID', 'parameters.fingerprint');
    });
    const still = (await f.query('get_activity', { organizationId: f.demoOrgId, activityId: held.id }, bob.key)).json.activity as Activity;
    assert.equal(still.status, HELD);
    assert.equal(still.canReject, true);
  });
});
