// A vote cast with a wallet's key (wallet login's secp256k1 EIP-191 or Ed25519 stamp, made here
// by the hosted @turnkey/wallet-stamper) names that stamp's scheme and that key's credential
// type, not a P-256 API key's: the vote's `scheme` says what signed it, and a consensus
// expression over `credentials` sees CREDENTIAL_TYPE_API_KEY_SECP256K1 / _ED25519, the types
// list_users gives the same keys.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WalletStamper } from '@turnkey/wallet-stamper';
import { resultOf, startFixture, type Answer, type Fixture } from '../support/emulator-fixture.ts';
import { TestEthereumWallet, testSolanaWallet } from '../support/test-wallets.ts';
import { createPolicies, createUser } from './org-users.ts';

interface WireVote {
  userId: string;
  publicKey: string;
  scheme: string;
  selection: string;
}

const cases = [
  { chain: 'Ethereum', wallet: () => new TestEthereumWallet(), curveType: 'API_KEY_CURVE_SECP256K1', scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191', credentialType: 'CREDENTIAL_TYPE_API_KEY_SECP256K1' },
  { chain: 'Solana', wallet: testSolanaWallet, curveType: 'API_KEY_CURVE_ED25519', scheme: 'SIGNATURE_SCHEME_TK_API_ED25519', credentialType: 'CREDENTIAL_TYPE_API_KEY_ED25519' },
] as const;

describe('votes cast with a wallet key', () => {
  let f: Fixture;
  // A fresh emulator each: the policy holds every policy change in its organization.
  beforeEach(async () => {
    f = await startFixture();
  });
  afterEach(() => f.stop());

  for (const c of cases) {
    it(`${c.chain}: the vote names ${c.scheme} and the consensus sees ${c.credentialType}`, async () => {
      const wallet = c.wallet();
      const stamper = new WalletStamper(wallet);
      const publicKey = (await wallet.getPublicKey()).toLowerCase();
      const tag = `${c.chain.toLowerCase()}-${Date.now()}`;
      const alice = await createUser(f, f.demoOrgId, `alice ${tag}`);
      const created = await f.submit('create_users', f.demoOrgId, {
        users: [{ userName: `wallet ${tag}`, userTags: [], apiKeys: [{ apiKeyName: 'wallet', publicKey, curveType: c.curveType }], authenticators: [], oauthProviders: [] }],
      });
      const walletUserId = (resultOf(created).userIds as string[])[0]!;
      // Policy changes held until a credential of the wallet's type approves.
      await createPolicies(f, f.demoOrgId, [
        { policyName: 'policy changes need a wallet', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: `credentials.any(c, c.type == '${c.credentialType}')` },
      ]);

      const held = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: { policies: [{ policyName: `by alice ${tag}`, effect: 'EFFECT_ALLOW', notes: '' }] } });
      assert.equal(held.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');

      const text = JSON.stringify(f.body('approve_activity', f.demoOrgId, { fingerprint: held.fingerprint }));
      const { stampHeaderName, stampHeaderValue } = await stamper.stamp(text);
      const response = await fetch(`${f.urls.apiUrl}/public/v1/submit/approve_activity`, { method: 'POST', headers: { 'content-type': 'application/json', [stampHeaderName]: stampHeaderValue }, body: text });
      const approval = (await response.json()) as { activity: { status: string } };
      assert.equal(response.status, 200, JSON.stringify(approval));
      assert.equal(approval.activity.status, 'ACTIVITY_STATUS_COMPLETED', 'the wallet credential met the consensus');

      const read: Answer = await f.query('get_activity', { organizationId: f.demoOrgId, activityId: held.id });
      const activity = read.json.activity as { status: string; votes: WireVote[] };
      assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      const byUser = new Map(activity.votes.map((v) => [v.userId, v]));
      assert.equal(byUser.get(alice.userId)?.scheme, 'SIGNATURE_SCHEME_TK_API_P256');
      assert.deepEqual(
        { publicKey: byUser.get(walletUserId)?.publicKey, scheme: byUser.get(walletUserId)?.scheme, selection: byUser.get(walletUserId)?.selection },
        { publicKey, scheme: c.scheme, selection: 'VOTE_SELECTION_APPROVED' },
      );
      // The same key's type as list_users shows it.
      const users = (await f.query('list_users', { organizationId: f.demoOrgId })).json.users as { userId: string; apiKeys: { credential: { type: string } }[] }[];
      assert.equal(users.find((u) => u.userId === walletUserId)?.apiKeys[0]?.credential.type, c.credentialType);
    });
  }

  it('a P-256 approver does not meet a consensus that asks for a wallet credential', async () => {
    const tag = `p256-${Date.now()}`;
    const alice = await createUser(f, f.demoOrgId, `alice ${tag}`);
    const bob = await createUser(f, f.demoOrgId, `bob ${tag}`);
    await createPolicies(f, f.demoOrgId, [
      { policyName: 'policy changes need a wallet', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: "credentials.any(c, c.type == 'CREDENTIAL_TYPE_API_KEY_SECP256K1')" },
    ]);
    const held = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: { policies: [{ policyName: `by alice ${tag}`, effect: 'EFFECT_ALLOW', notes: '' }] } });
    assert.equal(held.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const approval = await bob.client.submitRaw('approve_activity', { organizationId: f.demoOrgId, parameters: { fingerprint: held.fingerprint } as never });
    assert.equal(approval.status, 'ACTIVITY_STATUS_COMPLETED', 'the vote itself is recorded');
    const read = await f.query('get_activity', { organizationId: f.demoOrgId, activityId: held.id });
    const activity = read.json.activity as { status: string; votes: WireVote[] };
    assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'two P-256 keys are not a secp256k1 credential');
    assert.deepEqual(activity.votes.map((v) => v.scheme), ['SIGNATURE_SCHEME_TK_API_P256', 'SIGNATURE_SCHEME_TK_API_P256']);
  });
});
