// The core's approvals functions against the emulator over real HTTP (issue 13 part 1): a
// two-user policy holds alice's request; she waits for the decision while bob lists what waits
// for him, approves, and her wait ends with the result, without asking again. A rejection ends
// her wait with ERR_ACTIVITY_REJECTED; an abort ends it at once.
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture } from '../../emulator/support/emulator-fixture.ts';
import { createPolicies, createUser } from '../../emulator/policy/org-users.ts';
import { approveActivity, listApprovals, rejectActivity, waitForDecision, type ApprovalSession } from '../../../src/session/approvals.ts';
import { ActivityError } from '../../../src/clients/activity-error.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import type { Fixture } from '../../emulator/support/emulator-fixture.ts';
import type { OrgUser } from '../../emulator/policy/org-users.ts';
import type { Activity } from '../../../src/clients/activity-types.ts';

/** What the functions use of a signing session, over a user's ActivityClient in the organization. */
function sessionOf(user: OrgUser, organizationId: string): ApprovalSession {
  return {
    query: ((operation: string, body: object, options?: { signal?: AbortSignal }) => user.client.query(operation as never, { organizationId, ...body } as never, options)) as ApprovalSession['query'],
    submit: ((operation: string, parameters: object) => user.client.submit(operation as never, { organizationId, parameters } as never)) as ApprovalSession['submit'],
  };
}

describe('approvals (listApprovals, approveActivity, rejectActivity, waitForDecision)', () => {
  let f: Fixture;
  let alice: OrgUser;
  let bob: OrgUser;

  const held = async (policyName: string): Promise<Activity> => {
    const error = await alice.client.submit('create_policies', { organizationId: f.demoOrgId, parameters: { policies: [{ policyName, effect: 'EFFECT_ALLOW', condition: "activity.resource == 'NONE'", notes: '' }] } }).then(
      () => assert.fail('the request should wait for consensus'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ActivityError && error.code === 'ERR_ACTIVITY_CONSENSUS_NEEDED');
    return error.activity;
  };

  beforeEach(async () => {
    f = await startFixture();
    alice = await createUser(f, f.demoOrgId, 'alice');
    bob = await createUser(f, f.demoOrgId, 'bob');
    await createPolicies(f, f.demoOrgId, [{ policyName: 'two for policies', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: 'approvers.count() >= 2' }]);
  });
  afterEach(() => f.stop());

  it('alice waits; bob sees it waiting for him, approves; alice gets the completed activity and its result', async () => {
    const activity = await held('approved by bob');
    const waiting = waitForDecision(sessionOf(alice, f.demoOrgId), activity, { intervalMs: 20 });
    assert.deepEqual((await listApprovals(sessionOf(alice, f.demoOrgId))).map((a) => a.id), [], 'nothing waits for alice: she asked');
    const forBob = await listApprovals(sessionOf(bob, f.demoOrgId));
    assert.deepEqual(forBob.map((a) => a.id), [activity.id]);
    const after = await approveActivity(sessionOf(bob, f.demoOrgId), forBob[0]!);
    assert.equal(after.status, 'ACTIVITY_STATUS_COMPLETED');
    const done = await waiting;
    assert.equal(done.id, activity.id);
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal((done.result as { createPoliciesResult: { policyIds: string[] } }).createPoliciesResult.policyIds.length, 1);
    assert.deepEqual(await listApprovals(sessionOf(bob, f.demoOrgId)), [], 'decided: no longer waiting');
  });

  it('a rejection ends the wait with ERR_ACTIVITY_REJECTED, carrying the rejected activity', async () => {
    const activity = await held('rejected by bob');
    const waiting = waitForDecision(sessionOf(alice, f.demoOrgId), activity, { intervalMs: 20 });
    // Handled at once: the wait may end while bob's rejection is still being answered.
    waiting.catch(() => undefined);
    const after = await rejectActivity(sessionOf(bob, f.demoOrgId), activity);
    assert.equal(after.status, 'ACTIVITY_STATUS_REJECTED');
    await assert.rejects(waiting, (error: unknown) => {
      assert.ok(error instanceof ActivityError);
      assert.equal(error.code, 'ERR_ACTIVITY_REJECTED');
      assert.equal(error.activity.id, activity.id);
      return true;
    });
  });

  it('an abort ends the wait at once; a refused vote is a LatchError with the service answer', async () => {
    const activity = await held('aborted wait');
    const controller = new AbortController();
    const waiting = waitForDecision(sessionOf(alice, f.demoOrgId), activity, { intervalMs: 60_000, signal: controller.signal });
    controller.abort(new Error('left the page'));
    await assert.rejects(waiting, (error: unknown) => isLatchError(error) && error.code === 'ERR_NETWORK_ABORTED');
    await assert.rejects(approveActivity(sessionOf(alice, f.demoOrgId), activity), (error: unknown) => isLatchError(error) && /already voted/.test(String((error as Error).message) + String((error as { cause?: unknown }).cause)));
  });
});
