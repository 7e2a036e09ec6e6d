// The hosted service's own client votes on the emulator (issue 13 part 1): `@turnkey/core`'s
// generated getActivities (list_activities), approveActivity and rejectActivity, stamped by the
// hosted ApiKeyStamper, in Node over real HTTP. None of that code is ours. The client sends its
// own body shapes (`generateAppProofs` inside `parameters` too), which the emulator must take.
// Set up as in hosted-credentials.node.test.ts.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ApiKeyStamper, TurnkeyClient } from '@turnkey/core';
import { p256 } from '@noble/curves/nist.js';
import { toHex } from '../../../src/encoding/hex.ts';
import { newTestKey, resultOf, startFixture } from '../../emulator/support/emulator-fixture.ts';
import type { Fixture, TestKey } from '../../emulator/support/emulator-fixture.ts';

const HELD = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';

describe('the hosted client (@turnkey/core) lists, approves and rejects held activities on the emulator', () => {
  let f: Fixture;
  let alice: TestKey;
  let bob: TurnkeyClient;
  let carol: TurnkeyClient;

  /** A user of the demo organization with a P-256 API key the hosted stamper can hold. */
  async function hostedUser(name: string): Promise<TurnkeyClient> {
    const secret = p256.utils.randomSecretKey();
    const apiPublicKey = toHex(p256.getPublicKey(secret, true));
    const created = resultOf(
      await f.submit('create_users', f.demoOrgId, {
        users: [{ userName: name, userTags: [], apiKeys: [{ apiKeyName: name, publicKey: apiPublicKey, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
      }),
    );
    const userId = (created.userIds as string[])[0]!;
    const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) });
    const tk = new TurnkeyClient({ apiBaseUrl: f.urls.apiUrl, organizationId: f.demoOrgId }, stamper as unknown as ConstructorParameters<typeof TurnkeyClient>[1]);
    Object.assign(tk, { storageManager: { getActiveSession: async () => ({ organizationId: f.demoOrgId, userId, publicKey: apiPublicKey }) } });
    tk.httpClient = tk.createHttpClient();
    return tk;
  }

  before(async () => {
    f = await startFixture();
    alice = await newTestKey();
    resultOf(
      await f.submit('create_users', f.demoOrgId, {
        users: [{ userName: 'alice', userTags: [], apiKeys: [{ apiKeyName: 'alice', publicKey: alice.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
      }),
    );
    bob = await hostedUser('bob');
    carol = await hostedUser('carol');
    resultOf(
      await f.submit('create_policies', f.demoOrgId, {
        policies: [{ policyName: 'two for policies', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: 'approvers.count() >= 2', notes: '' }],
      }),
    );
  });
  after(() => f?.stop());

  const hold = async (policyName: string) => {
    // A policy that matches nothing, so an approved one does not allow the next test's request.
    const policy = { policyName, effect: 'EFFECT_ALLOW', condition: "activity.resource == 'NONE'", notes: '' };
    const answer = await f.submit('create_policies', f.demoOrgId, { policies: [policy] }, alice);
    const activity = answer.json.activity as { id: string; status: string; fingerprint: string };
    assert.equal(activity.status, HELD);
    return activity;
  };
  const statusOf = async (activityId: string) => ((await f.query('get_activity', { organizationId: f.demoOrgId, activityId })).json.activity as { status: string }).status;

  it('getActivities with a status filter lists the held activity, which bob can approve', async () => {
    const held = await hold('listed');
    const { activities } = await bob.httpClient.getActivities({ filterByStatus: [HELD] });
    const listed = activities.find((a) => a.id === held.id);
    assert.ok(listed, 'the held activity is listed');
    assert.equal(listed.canApprove, true);
    assert.equal(listed.canReject, true);
    assert.ok(activities.every((a) => a.status === HELD));
  });

  it('approveActivity completes the held activity and hands back its result', async () => {
    const held = await hold('approved');
    const answer = await bob.httpClient.approveActivity({ fingerprint: held.fingerprint });
    assert.equal(answer.activity.type, 'ACTIVITY_TYPE_APPROVE_ACTIVITY');
    assert.equal(answer.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(await statusOf(held.id), 'ACTIVITY_STATUS_COMPLETED');
    assert.ok(Array.isArray((answer.activity.result as { createPoliciesResult?: { policyIds?: unknown } }).createPoliciesResult?.policyIds));
  });

  it('rejectActivity ends the held activity as REJECTED; a second vote is refused', async () => {
    const held = await hold('rejected');
    const answer = await carol.httpClient.rejectActivity({ fingerprint: held.fingerprint });
    assert.equal(answer.activity.type, 'ACTIVITY_TYPE_REJECT_ACTIVITY');
    assert.equal(answer.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(await statusOf(held.id), 'ACTIVITY_STATUS_REJECTED');
    await assert.rejects(bob.httpClient.approveActivity({ fingerprint: held.fingerprint }));
    assert.equal(await statusOf(held.id), 'ACTIVITY_STATUS_REJECTED');
  });
});
