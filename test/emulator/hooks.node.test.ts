// The engine's extension points: the policy hook runs before a handler (hold or refuse), the
// onActivity hook sees each new activity once, App Proofs and Boot Proofs come from hooks.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, stampedPost } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import { forbidden } from '../../demo/emulator/http/service-error.ts';
import type { Fixture } from './support/emulator-fixture.ts';
import type { ActivityRecord } from '../../demo/emulator/state/records.ts';
import type { PolicyDecision } from '../../demo/emulator/api/hooks.ts';

const PROOF = { scheme: 'SIGNATURE_SCHEME_EPHEMERAL_KEY_P256', publicKey: '04ab', proofPayload: '{}', signature: '00' };

describe('engine hooks', () => {
  let f: Fixture;
  const seen: ActivityRecord[] = [];
  let decision: PolicyDecision | 'refuse' = { outcome: 'ALLOW' };
  before(async () => {
    f = await startFixture({
      hooks: {
        policy: () => {
          if (decision === 'refuse') throw forbidden('Refused by the test policy.');
          return decision;
        },
        onActivity: (activity) => seen.push(activity),
        appProofs: async () => [PROOF],
        bootProof: async (_org, ephemeralKey) => (ephemeralKey === '04aa' ? { ephemeralPublicKeyHex: '04aa' } : undefined),
      },
    });
  });
  after(() => f.stop());

  const users = (name: string) => ({ users: [{ userName: name }] });

  it('attaches App Proofs when the body asks, and lists them', async () => {
    const plain = await f.submit('create_users', f.demoOrgId, users('plain'));
    assert.equal((plain.json.activity as Record<string, unknown>).appProofs, undefined);
    const body = f.body('create_users', f.demoOrgId, users('proved'), { generateAppProofs: true });
    const proved = await stampedPost(`${f.urls.apiUrl}/public/v1/submit/create_users`, body, f.root);
    const activity = proved.json.activity as { id: string; appProofs: unknown[] };
    assert.deepEqual(activity.appProofs, [PROOF]);
    assert.deepEqual((await f.query('list_app_proofs', { organizationId: f.demoOrgId, activityId: activity.id })).json.appProofs, [PROOF]);
    assert.deepEqual((await f.query('list_app_proofs', { organizationId: f.demoOrgId, activityId: (plain.json.activity as { id: string }).id })).json.appProofs, []);
  });

  it('answers get_boot_proof from the hook (404 when it has none)', async () => {
    assert.deepEqual((await f.query('get_boot_proof', { organizationId: f.demoOrgId, ephemeralKey: '04aa' })).json, { bootProof: { ephemeralPublicKeyHex: '04aa' } });
    assertServiceError(await f.query('get_boot_proof', { organizationId: f.demoOrgId, ephemeralKey: '04bb' }), 404, 5);
  });

  it('calls onActivity once per new activity, not for an identical replay', async () => {
    const before = seen.length;
    const body = JSON.stringify(f.body('create_users', f.demoOrgId, users('once')));
    const first = await stampedPost(`${f.urls.apiUrl}/public/v1/submit/create_users`, body, f.root);
    await stampedPost(`${f.urls.apiUrl}/public/v1/submit/create_users`, body, f.root);
    assert.equal(seen.length, before + 1);
    assert.equal(seen.at(-1)!.id, (first.json.activity as { id: string }).id);
  });

  it('holds an activity for consensus without running its handler', async () => {
    decision = { outcome: 'CONSENSUS_NEEDED' };
    try {
      const answer = await f.submit('create_users', f.demoOrgId, users('held'));
      const activity = answer.json.activity as Record<string, unknown>;
      assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      assert.equal(activity.canApprove, true);
      assert.equal(activity.canReject, true);
      assert.deepEqual(activity.result, {});
      const names = ((await f.query('list_users', { organizationId: f.demoOrgId })).json.users as { userName: string }[]).map((u) => u.userName);
      assert.ok(!names.includes('held'));
    } finally {
      decision = { outcome: 'ALLOW' };
    }
  });

  it('refuses with the policy\'s error and changes nothing', async () => {
    decision = 'refuse';
    try {
      await assertNoStateChange(f.emulator, async () => assertServiceError(await f.submit('create_users', f.demoOrgId, users('refused')), 403, 7, 'FORBIDDEN'));
    } finally {
      decision = { outcome: 'ALLOW' };
    }
  });
});
