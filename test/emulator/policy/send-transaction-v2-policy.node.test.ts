// Policies over the V2 sends, submitted by a non-root user (so policies decide), bodies built
// from the hosted types (../onramp/send-v2-bodies.ts): the resource mapping (PRIVATE_KEY /
// SIGN) and `activity.type` see the V2 types; each call of an Ethereum batch is judged as an
// `eth.tx` of its own and each Solana signer as a `wallet_account`, so a DENY cannot hide in a
// batch and an ALLOW for one call or signer does not cover another; a V2 send held for
// consensus completes on approve_activity under its V2 result key.
import { describe, it, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, resultOf, stampedPost } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { createPolicies, createUser } from './org-users.ts';
import { ethSendV2Body, solSendV2Body } from '../onramp/send-v2-bodies.ts';
import type { Answer, Fixture } from '../support/emulator-fixture.ts';
import type { OrgUser } from './org-users.ts';
import type { EthCallV2 } from '../onramp/send-v2-bodies.ts';

const GOOD = '0x1111111111111111111111111111111111111111';
const GOOD2 = '0x2222222222222222222222222222222222222222';
const BAD = '0x3333333333333333333333333333333333333333';
const UNSIGNED = '0100010203';
const SIGN = "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'";

interface WireActivity {
  status: string;
  type: string;
  fingerprint: string;
  result: Record<string, { sendTransactionStatusId: string }>;
}

describe('policies over V2 sends', () => {
  let f: Fixture;
  let user: OrgUser;
  let approver: OrgUser;
  let ethAddress: string;
  let sol: [string, string, string];
  let policyIds: string[] = [];

  const as = (who: OrgUser, route: string, body: unknown) => stampedPost(`${f.urls.apiUrl}/public/v1/submit/${route}`, body, who.key);
  const ethV2 = (calls: EthCallV2[], who = user) => as(who, 'eth_send_transaction', ethSendV2Body(f.demoOrgId, f.now(), { from: ethAddress, caip2: 'eip155:1', calls }));
  const solV2 = (signWiths: string[]) => as(user, 'sol_send_transaction', solSendV2Body(f.demoOrgId, f.now(), { unsignedTransaction: UNSIGNED, signWiths, caip2: 'solana:devnet' }));
  const completed = (answer: Answer) => {
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    assert.equal((answer.json.activity as WireActivity).status, 'ACTIVITY_STATUS_COMPLETED');
  };
  const refused = async (send: () => Promise<Answer>, message: string) => {
    await assertNoStateChange(f.emulator, async () => assertServiceError(await send(), 403, 7, 'FORBIDDEN', message));
  };
  const policies = async (list: Record<string, unknown>[]) => {
    policyIds = await createPolicies(f, f.demoOrgId, list);
  };

  before(async () => {
    f = await startFixture();
    user = await createUser(f, f.demoOrgId, 'sender');
    approver = await createUser(f, f.demoOrgId, 'approver');
    const solana = (n: number) => ({ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: `m/44'/501'/${n}'/0'`, addressFormat: 'ADDRESS_FORMAT_SOLANA' });
    const wallet = resultOf(
      await f.submit('create_wallet', f.demoOrgId, {
        walletName: 'policed',
        accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }, solana(0), solana(1), solana(2)],
      }),
    ) as { addresses: string[] };
    [ethAddress, ...sol] = wallet.addresses as [string, string, string, string];
  });
  afterEach(async () => {
    for (const policyId of policyIds) resultOf(await f.submit('delete_policy', f.demoOrgId, { policyId }));
    policyIds = [];
  });
  after(() => f.stop());

  it('maps the V2 types to PRIVATE_KEY / SIGN and shows them as activity.type; with no policy the user is refused', async () => {
    await refused(() => ethV2([{ to: GOOD }]), 'No policy allows');
    await refused(() => solV2([sol[0]]), 'No policy allows');
    await policies([{ policyName: 'signing', effect: 'EFFECT_ALLOW', condition: SIGN }]);
    completed(await ethV2([{ to: GOOD }, { to: BAD }]));
    completed(await solV2([sol[0], sol[1]]));
    resultOf(await f.submit('delete_policy', f.demoOrgId, { policyId: policyIds[0] }));
    await policies([{ policyName: 'V2 only', effect: 'EFFECT_ALLOW', condition: "activity.type == 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2'" }]);
    completed(await ethV2([{ to: GOOD }]));
    await refused(() => f.submit('eth_send_transaction', f.demoOrgId, { from: ethAddress, to: GOOD, caip2: 'eip155:1' }, user.key), 'No policy allows');
  });

  it('a DENY on eth.tx.to catches the call wherever it sits in a batch', async () => {
    await policies([
      { policyName: 'signing', effect: 'EFFECT_ALLOW', condition: SIGN },
      { policyName: 'never BAD', effect: 'EFFECT_DENY', condition: `eth.tx.to == '${BAD}'` },
    ]);
    completed(await ethV2([{ to: GOOD }, { to: GOOD2 }]));
    await refused(() => ethV2([{ to: BAD }]), 'A policy denies');
    await refused(() => ethV2([{ to: GOOD }, { to: BAD }, { to: GOOD2 }]), 'A policy denies');
    await refused(() => f.submit('eth_send_transaction', f.demoOrgId, { from: ethAddress, to: BAD, caip2: 'eip155:1' }, user.key), 'A policy denies');
  });

  it('an ALLOW for some calls does not cover the others: each call must be allowed', async () => {
    await policies([
      { policyName: 'GOOD', effect: 'EFFECT_ALLOW', condition: `eth.tx.to == '${GOOD}' && eth.tx.value <= 100` },
      { policyName: 'GOOD2', effect: 'EFFECT_ALLOW', condition: `eth.tx.to == '${GOOD2}' && eth.tx.chain_id == 1` },
    ]);
    completed(await ethV2([{ to: GOOD, value: '100' }]));
    completed(await ethV2([{ to: GOOD, value: '5' }, { to: GOOD2, value: '1000' }]));
    await refused(() => ethV2([{ to: GOOD, value: '5' }, { to: BAD }]), 'No policy allows');
    await refused(() => ethV2([{ to: GOOD2 }, { to: GOOD, value: '101' }]), 'No policy allows');
  });

  it('each Solana signer is a wallet_account of its own: a DENY on one signer denies, an ALLOW for one does not cover another', async () => {
    await policies([
      { policyName: 'first two', effect: 'EFFECT_ALLOW', condition: `wallet_account.address == '${sol[0]}' || wallet_account.address == '${sol[1]}'` },
      { policyName: 'never the third', effect: 'EFFECT_DENY', condition: `wallet_account.address == '${sol[2]}'` },
    ]);
    completed(await solV2([sol[0], sol[1]]));
    await refused(() => solV2([sol[0], sol[2]]), 'A policy denies');
    resultOf(await f.submit('delete_policy', f.demoOrgId, { policyId: policyIds[1] }));
    policyIds = policyIds.slice(0, 1);
    await refused(() => solV2([sol[1], sol[2]]), 'No policy allows');
  });

  it('a V2 send held for consensus completes on approve_activity under its V2 result key, and its status follows', async () => {
    await policies([{ policyName: 'two for V2 sends', effect: 'EFFECT_ALLOW', condition: SIGN, consensus: 'approvers.count() >= 2' }]);
    const sendsBefore = f.emulator.state.read.sendTransactions.size;
    const heldAnswer = await ethV2([{ to: GOOD }, { to: GOOD2 }]);
    assert.equal(heldAnswer.status, 200, JSON.stringify(heldAnswer.json));
    const held = heldAnswer.json.activity as WireActivity;
    assert.equal(held.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(f.emulator.state.read.sendTransactions.size, sendsBefore, 'nothing is sent while held');
    const approval = await f.submit('approve_activity', f.demoOrgId, { fingerprint: held.fingerprint }, approver.key);
    assert.equal(approval.status, 200, JSON.stringify(approval.json));
    const result = (approval.json.activity as WireActivity).result;
    assert.deepEqual(Object.keys(result), ['ethSendTransactionResultV2']);
    const id = result.ethSendTransactionResultV2!.sendTransactionStatusId;
    const status = await f.query('get_send_transaction_status', { organizationId: f.demoOrgId, sendTransactionStatusId: id });
    assert.equal(status.json.txStatus, 'INCLUDED');
    const heldNow = f.emulator.state.read.activities.findBy('fingerprint', held.fingerprint)[0]!;
    assert.equal(heldNow.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(Object.keys(heldNow.result), ['ethSendTransactionResultV2']);
  });
});
