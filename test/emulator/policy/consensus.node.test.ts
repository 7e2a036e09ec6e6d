// The policy engine end to end over real HTTP, with users stamping through the core's
// ApiKeyStamper / ActivityClient: consensus held and completed by approve_activity, DENY over
// ALLOW, the implicit deny, root users, and the root quorum of a sub-organization.
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, resultOf, newTestKey } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { activityResult } from '../../../src/clients/activity-client.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { clientFor, createPolicies } from './org-users.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import { policyNamed, startTwoApprovals } from '../support/two-approvals.ts';
import type { OrgUser } from './org-users.ts';
import type { Activity } from '../../../src/clients/activity-types.ts';

interface WireVote {
  id: string;
  userId: string;
  activityId: string;
  selection: string;
  publicKey: string;
  scheme: string;
  message: string;
}

const approve = (user: OrgUser, organizationId: string, fingerprint: string) =>
  // The kit's parameter type for approve_activity is wrong (see the report); the wire takes `fingerprint`.
  user.client.submitRaw('approve_activity', { organizationId, parameters: { fingerprint } as never });

const approveRaw = (f: Fixture, user: OrgUser, organizationId: string, fingerprint: unknown) =>
  f.submit('approve_activity', organizationId, { fingerprint }, user.key);


describe('consensus: a policy needing two approvals', () => {
  let f: Fixture;
  let alice: OrgUser;
  let bob: OrgUser;
  let carol: OrgUser;

  beforeEach(async () => {
    ({ f, alice, bob, carol } = await startTwoApprovals());
  });
  afterEach(() => f.stop());

  it('holds the activity with the initiator\'s vote, then completes it on a second approval and returns its result', async () => {
    const held = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: policyNamed('by alice') });
    assert.equal(held.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    // The initiator's request is its approval: alice has no vote left; bob has (approvals.node.test.ts).
    assert.equal(held.canApprove, false);
    assert.equal(held.canReject, false);
    assert.deepEqual(held.result, {});
    const votes = held.votes as unknown as WireVote[];
    assert.equal(votes.length, 1);
    assert.equal(votes[0]!.userId, alice.userId);
    assert.equal(votes[0]!.selection, 'VOTE_SELECTION_APPROVED');
    assert.equal(votes[0]!.publicKey, alice.key.id);
    assert.equal(votes[0]!.activityId, held.id);
    assert.equal(votes[0]!.message, held.fingerprint);
    const before = (await f.query('list_policies', { organizationId: f.demoOrgId })).json.policies as { policyName: string }[];
    assert.equal(before.some((p) => p.policyName === 'by alice'), false, 'nothing ran yet');

    // The same wait through the client's own flow: it reports the held state as a typed error.
    await assert.rejects(
      alice.client.submit('create_policies', { organizationId: f.demoOrgId, parameters: policyNamed('held again') }),
      (error: unknown) => isLatchError(error, 'ERR_ACTIVITY_CONSENSUS_NEEDED'),
    );

    const approval = await approve(bob, f.demoOrgId, held.fingerprint);
    assert.equal(approval.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(approval.type, 'ACTIVITY_TYPE_APPROVE_ACTIVITY');
    assert.deepEqual(approval.intent, { approveActivityIntent: { fingerprint: held.fingerprint } });
    const returned = approval.result as { createPoliciesResult?: { policyIds: string[] } };
    assert.ok(returned.createPoliciesResult, `the approval answers with the approved activity's result: ${JSON.stringify(approval.result)}`);
    assert.equal(returned.createPoliciesResult.policyIds.length, 1);
    assert.deepEqual(activityResult(approval as Activity<'approve_activity'>), returned.createPoliciesResult);

    const completed = await alice.client.getActivity(f.demoOrgId, held.id);
    assert.equal(completed.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(completed.canApprove, false);
    assert.deepEqual(completed.result, approval.result);
    assert.deepEqual(
      (completed.votes as unknown as WireVote[]).map((v) => v.userId),
      [alice.userId, bob.userId],
    );
    const after = (await f.query('list_policies', { organizationId: f.demoOrgId })).json.policies as { policyId: string; policyName: string }[];
    assert.equal(after.find((p) => p.policyName === 'by alice')?.policyId, returned.createPoliciesResult.policyIds[0]);
  });

  it('refuses a second vote by the same user, a vote on a finished activity, and an unknown fingerprint, changing nothing', async () => {
    const held = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: policyNamed('p') });
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await approveRaw(f, alice, f.demoOrgId, held.fingerprint), 400, 3, 'REQUEST_INVALID', 'already voted');
      assertServiceError(await approveRaw(f, bob, f.demoOrgId, 'sha256:00'), 404, 5, 'ACTIVITY_NOT_FOUND');
      assertServiceError(await approveRaw(f, bob, f.demoOrgId, 42), 400, 3, 'REQUEST_INVALID', 'parameters.fingerprint');
      assertServiceError(await approveRaw(f, bob, f.demoOrgId, ''), 400, 3, 'REQUEST_INVALID', 'parameters.fingerprint');
    });
    await approve(bob, f.demoOrgId, held.fingerprint);
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await approveRaw(f, carol, f.demoOrgId, held.fingerprint), 400, 3, 'REQUEST_INVALID', 'not waiting');
    });
  });

  it('keeps the activity held until the named approver votes (approvers.any)', async () => {
    await createPolicies(f, f.demoOrgId, [
      { policyName: 'users need bob', effect: 'EFFECT_ALLOW', condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USERS_V4'", consensus: `approvers.any(user, user.id == '${bob.userId}')` },
    ]);
    const newcomer = await newTestKey();
    const held = await alice.client.submitRaw('create_users', {
      organizationId: f.demoOrgId,
      parameters: { users: [{ userName: 'dave', userTags: [], apiKeys: [{ apiKeyName: 'dave', publicKey: newcomer.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }] },
    });
    assert.equal(held.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');

    const byCarol = await approve(carol, f.demoOrgId, held.fingerprint);
    assert.equal(byCarol.status, 'ACTIVITY_STATUS_COMPLETED', 'the vote itself is recorded');
    assert.deepEqual(byCarol.result, {}, 'nothing to return yet');
    const still = await alice.client.getActivity(f.demoOrgId, held.id);
    assert.equal(still.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(still.votes.length, 2);
    const users = (await f.query('list_users', { organizationId: f.demoOrgId })).json.users as { userName: string }[];
    assert.equal(users.some((u) => u.userName === 'dave'), false);

    const byBob = await approve(bob, f.demoOrgId, held.fingerprint);
    const created = (byBob.result as { createUsersResult?: { userIds: string[] } }).createUsersResult;
    assert.equal(created?.userIds.length, 1);
    // The new user exists and its key works: the held activity ran as alice, in full.
    const dave = clientFor(f, newcomer);
    const whoami = await dave.whoami(f.demoOrgId);
    assert.equal(whoami.userId, created!.userIds[0]);
  });

  it('lets an explicit DENY win over a matching ALLOW, and denies what no policy allows (403, nothing stored)', async () => {
    await createPolicies(f, f.demoOrgId, [
      { policyName: 'allow wallets', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'WALLET'" },
      { policyName: 'but not for alice', effect: 'EFFECT_DENY', condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'", consensus: `approvers.any(u, u.id == '${alice.userId}')` },
    ]);
    const wallet = { walletName: 'w', accounts: [] };
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.submit('create_wallet', f.demoOrgId, wallet, alice.key), 403, 7, 'FORBIDDEN', 'denies');
      // No policy allows ORGANIZATION changes for a non-root user.
      assertServiceError(await f.submit('set_organization_feature', f.demoOrgId, { name: 'FEATURE_NAME_EMAIL_AUTH', value: 'x' }, bob.key), 403, 7, 'FORBIDDEN', 'No policy');
    });
    // The DENY's consensus names alice only: bob is allowed by the ALLOW.
    const byBob = await f.submit('create_wallet', f.demoOrgId, { walletName: 'bob wallet', accounts: [] }, bob.key);
    assert.equal((byBob.json.activity as { status: string }).status, 'ACTIVITY_STATUS_COMPLETED');
    // Root users are not subject to policies.
    const byRoot = await f.submit('create_wallet', f.demoOrgId, { walletName: 'root wallet', accounts: [] });
    assert.equal((byRoot.json.activity as { status: string }).status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('refuses an approval when a DENY now applies, keeping the activity held', async () => {
    const held = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: policyNamed('blocked later') });
    await createPolicies(f, f.demoOrgId, [{ policyName: 'freeze policies', effect: 'EFFECT_DENY', condition: "activity.resource == 'POLICY'" }]);
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await approveRaw(f, bob, f.demoOrgId, held.fingerprint), 403, 7, 'FORBIDDEN');
    });
    assert.equal((await alice.client.getActivity(f.demoOrgId, held.id)).status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
  });
});

describe('consensus: the root quorum of a sub-organization', () => {
  let f: Fixture;
  afterEach(() => f.stop());

  it('holds a root user\'s activity until the quorum of root users approved it', async () => {
    f = await startFixture();
    const k1 = await newTestKey();
    const k2 = await newTestKey();
    const rootUser = (name: string, id: string) => ({ userName: name, apiKeys: [{ apiKeyName: name, publicKey: id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] });
    const sub = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, { subOrganizationName: 'two roots', rootUsers: [rootUser('r1', k1.id), rootUser('r2', k2.id)], rootQuorumThreshold: 2 }),
    );
    const subOrgId = sub.subOrganizationId as string;
    const [r1Id, r2Id] = sub.rootUserIds as string[];
    const r1: OrgUser = { userId: r1Id!, key: k1, client: clientFor(f, k1) };
    const r2: OrgUser = { userId: r2Id!, key: k2, client: clientFor(f, k2) };

    const held = await r1.client.submitRaw('create_wallet', { organizationId: subOrgId, parameters: { walletName: 'needs both', accounts: [] } });
    assert.equal(held.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const approval = await approve(r2, subOrgId, held.fingerprint);
    const wallet = (approval.result as { createWalletResult?: { walletId: string } }).createWalletResult;
    assert.equal(typeof wallet?.walletId, 'string');
    const wallets = (await f.query('list_wallets', { organizationId: subOrgId }, k1)).json.wallets as { walletId: string }[];
    assert.deepEqual(wallets.map((w) => w.walletId), [wallet!.walletId]);
  });
});
