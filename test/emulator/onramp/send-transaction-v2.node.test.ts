// The V2 sends over real HTTP, bodies built from the hosted types (send-v2-bodies.ts) and
// stamped by hand: ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2 (`calls`) on eth_send_transaction and
// ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2 (`signWiths`) on sol_send_transaction, beside V1 on the
// same routes. Each V2 send completes with the hosted intent and result keys and a
// sendTransactionStatusId that get_send_transaction_status follows as it does V1's; a batch of
// calls is one transaction; bad V2 input is refused in the service's error shape with nothing
// stored; any other type on these routes is still refused.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { base58 } from '@scure/base';
import { startFixture, stampedPost } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { ETH_SEND_V2, SOL_SEND_V2, ethSendV2Body, senderWallet, solSendV2Body } from './send-v2-bodies.ts';
import type { Answer, Fixture } from '../support/emulator-fixture.ts';
import type { EthCallV2, EthSendV2Parameters, SolSendV2Parameters } from './send-v2-bodies.ts';
import type { SendTransactionStatus } from '../../../src/clients/activity-types.ts';

const RECIPIENT = '0x1111111111111111111111111111111111111111';
const OTHER_RECIPIENT = '0x2222222222222222222222222222222222222222';
const REVERT_CUSTOM = '0x000000000000000000000000000000000000dEaD';
const UNSIGNED = '0100010203';
const FOREIGN_SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

interface WireActivity {
  id: string;
  type: string;
  status: string;
  intent: Record<string, unknown>;
  result: Record<string, { sendTransactionStatusId: string }>;
}

const activityOf = (answer: Answer): WireActivity => {
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.activity as WireActivity;
};

describe('V2 send transactions (hosted types) beside V1', () => {
  let f: Fixture;
  let ethAddress: string;
  let solAddress: string;
  let solAddress2: string;

  const post = (route: string, body: unknown) => stampedPost(`${f.urls.apiUrl}/public/v1/submit/${route}`, body, f.root);
  const ethV2 = (parameters: Partial<EthSendV2Parameters> & { calls: EthCallV2[] }) =>
    post('eth_send_transaction', ethSendV2Body(f.demoOrgId, f.now(), { from: ethAddress, caip2: 'eip155:8453', ...parameters }));
  const solV2 = (parameters: Partial<SolSendV2Parameters> = {}) =>
    post('sol_send_transaction', solSendV2Body(f.demoOrgId, f.now(), { unsignedTransaction: UNSIGNED, signWiths: [solAddress], caip2: 'solana:mainnet', ...parameters }));
  const status = async (sendTransactionStatusId: string): Promise<SendTransactionStatus> => {
    const answer = await f.query('get_send_transaction_status', { organizationId: f.demoOrgId, sendTransactionStatusId });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    return answer.json as unknown as SendTransactionStatus;
  };
  const sendsStored = () => f.emulator.state.read.sendTransactions.size;

  before(async () => {
    f = await startFixture();
    [ethAddress, solAddress, solAddress2] = await senderWallet(f, 'v2 sender');
  });
  after(() => f.stop());

  it('ETH V2 with one call completes under the hosted V2 intent and result keys; its status id is followed like V1\'s', async () => {
    const parameters: EthSendV2Parameters = { from: ethAddress, caip2: 'eip155:8453', nonce: '0', gasLimit: '21000', maxFeePerGas: '100', maxPriorityFeePerGas: '1', calls: [{ to: RECIPIENT, value: '1000' }] };
    const before = sendsStored();
    const activity = activityOf(await post('eth_send_transaction', ethSendV2Body(f.demoOrgId, f.now(), parameters)));
    assert.equal(activity.type, ETH_SEND_V2);
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(activity.intent, { ethSendTransactionIntentV2: parameters });
    assert.deepEqual(Object.keys(activity.result), ['ethSendTransactionResultV2']);
    const id = activity.result.ethSendTransactionResultV2!.sendTransactionStatusId;
    assert.equal(sendsStored(), before + 1);
    const answer = await status(id);
    assert.equal(answer.txStatus, 'INCLUDED');
    assert.match(answer.eth!.txHash, /^0x[0-9a-f]{64}$/);
    assert.deepEqual(Object.keys(answer).sort(), ['eth', 'txStatus']);
    // get_activity gives the same keys back.
    const fetched = await f.query('get_activity', { organizationId: f.demoOrgId, activityId: activity.id });
    assert.deepEqual((fetched.json.activity as WireActivity).result, activity.result);
    assert.deepEqual((fetched.json.activity as WireActivity).intent, activity.intent);
  });

  it('ETH V2 with several calls is one batch transaction: one status id, one hash; a reverting call fails the whole batch with its revert', async () => {
    const before = sendsStored();
    const ok = activityOf(await ethV2({ calls: [{ to: RECIPIENT, value: '1' }, { to: OTHER_RECIPIENT, data: '0xa9059cbb00' }, { to: RECIPIENT }] }));
    assert.equal(sendsStored(), before + 1, 'one send record for the whole batch');
    const included = await status(ok.result.ethSendTransactionResultV2!.sendTransactionStatusId);
    assert.equal(included.txStatus, 'INCLUDED');
    assert.match(included.eth!.txHash, /^0x[0-9a-f]{64}$/);

    const reverted = activityOf(await ethV2({ calls: [{ to: RECIPIENT, value: '1' }, { to: REVERT_CUSTOM, value: '7' }, { to: OTHER_RECIPIENT }] }));
    const failed = await status(reverted.result.ethSendTransactionResultV2!.sendTransactionStatusId);
    assert.equal(failed.txStatus, 'FAILED');
    assert.equal(failed.txError, 'execution reverted');
    assert.deepEqual(failed.error!.eth!.revertChain, failed.error!.revertChain);
    const [entry] = failed.error!.revertChain!;
    assert.equal(entry!.errorType, 'custom');
    assert.equal(entry!.address, REVERT_CUSTOM);
    assert.deepEqual(JSON.parse(entry!.custom!.paramsJson), { available: '0', required: '7' });

    // The hosted limit, 50 calls, is accepted.
    const fifty = Array.from({ length: 50 }, (_, i) => ({ to: `0x${(i + 1).toString(16).padStart(40, '0')}` }));
    assert.equal(activityOf(await ethV2({ calls: fifty })).status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('SOL V2 with several signers of the organization completes under the V2 keys; the aliases the service normalizes are accepted', async () => {
    const parameters: SolSendV2Parameters = { unsignedTransaction: UNSIGNED, signWiths: [solAddress, solAddress2], caip2: 'solana:mainnet', sponsor: false };
    const activity = activityOf(await post('sol_send_transaction', solSendV2Body(f.demoOrgId, f.now(), parameters)));
    assert.equal(activity.type, SOL_SEND_V2);
    assert.deepEqual(activity.intent, { solSendTransactionIntentV2: parameters });
    assert.deepEqual(Object.keys(activity.result), ['solSendTransactionResultV2']);
    const answer = await status(activity.result.solSendTransactionResultV2!.sendTransactionStatusId);
    assert.equal(answer.txStatus, 'INCLUDED');
    assert.equal(base58.decode(answer.solana!.signature).length, 64);
    assert.deepEqual(Object.keys(answer).sort(), ['solana', 'txStatus']);
    for (const caip2 of ['solana:devnet', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'] as const) {
      assert.equal(activityOf(await solV2({ caip2 })).status, 'ACTIVITY_STATUS_COMPLETED', caip2);
    }
    // The sandbox's failure conventions hold for V2 as for V1.
    const stale = activityOf(await solV2({ recentBlockhash: '11111111111111111111111111111111' }));
    const failed = await status(stale.result.solSendTransactionResultV2!.sendTransactionStatusId);
    assert.equal(failed.txStatus, 'FAILED');
    assert.equal(failed.error!.solana!.rpcCode, -32002);
  });

  it('V1 keeps working on the same routes with its own keys (and, as the hosted V1 type allows, the Solana aliases)', async () => {
    const eth = activityOf(await f.submit('eth_send_transaction', f.demoOrgId, { from: ethAddress, to: RECIPIENT, caip2: 'eip155:1' }));
    assert.equal(eth.type, 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION');
    assert.deepEqual(Object.keys(eth.intent), ['ethSendTransactionIntent']);
    assert.deepEqual(Object.keys(eth.result), ['ethSendTransactionResult']);
    assert.equal((await status(eth.result.ethSendTransactionResult!.sendTransactionStatusId)).txStatus, 'INCLUDED');
    const sol = activityOf(await f.submit('sol_send_transaction', f.demoOrgId, { signWith: solAddress, caip2: 'solana:devnet', unsignedTransaction: UNSIGNED }));
    assert.equal(sol.type, 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION');
    assert.deepEqual(Object.keys(sol.intent), ['solSendTransactionIntent']);
    assert.deepEqual(Object.keys(sol.result), ['solSendTransactionResult']);
    assert.equal((await status(sol.result.solSendTransactionResult!.sendTransactionStatusId)).txStatus, 'INCLUDED');
  });

  it('an identical V2 body twice is one activity and one send', async () => {
    const body = ethSendV2Body(f.demoOrgId, f.now(), { from: ethAddress, caip2: 'eip155:1', calls: [{ to: RECIPIENT, value: '3' }] });
    const first = activityOf(await post('eth_send_transaction', body));
    const before = sendsStored();
    const second = activityOf(await post('eth_send_transaction', body));
    assert.equal(second.id, first.id);
    assert.deepEqual(second.result, first.result);
    assert.equal(sendsStored(), before);
  });

  it('keeps the route binding strict: a V2 type on the other route, a V3, a raw send or another operation\'s type is refused', async () => {
    const eth = ethSendV2Body(f.demoOrgId, f.now(), { from: ethAddress, caip2: 'eip155:1', calls: [{ to: RECIPIENT }] });
    const sol = solSendV2Body(f.demoOrgId, f.now(), { unsignedTransaction: UNSIGNED, signWiths: [solAddress], caip2: 'solana:mainnet' });
    const wrong: [string, unknown, string][] = [
      ['sol_send_transaction', eth, 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2'],
      ['eth_send_transaction', sol, 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2'],
      ['eth_send_transaction', { ...eth, type: 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V3' }, 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION or ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2'],
      ['eth_send_transaction', { ...eth, type: 'ACTIVITY_TYPE_ETH_SEND_RAW_TRANSACTION' }, 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2'],
      ['sol_send_transaction', { ...sol, type: 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V3' }, 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION or ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2'],
      ['sol_send_transaction', { ...sol, type: 'ACTIVITY_TYPE_CREATE_USERS_V3' }, 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2'],
      ['create_users', { ...eth, type: ETH_SEND_V2 }, 'ACTIVITY_TYPE_CREATE_USERS'],
    ];
    for (const [route, body, named] of wrong) {
      await assertNoStateChange(f.emulator, async () => {
        const answer = await post(route, body);
        assertServiceError(answer, 400, 3, 'REQUEST_INVALID', 'does not match the route');
        assert.ok((answer.json.message as string).includes(named), `${route}: ${answer.json.message}`);
      });
    }
  });

  it('refuses malformed V2 sends, foreign senders and signers with the service error shape, storing nothing', async () => {
    const eth = { from: ethAddress, caip2: 'eip155:1', calls: [{ to: RECIPIENT }] };
    const sol = { unsignedTransaction: UNSIGNED, signWiths: [solAddress], caip2: 'solana:mainnet' };
    const tooMany = Array.from({ length: 51 }, () => ({ to: RECIPIENT }));
    const seventeen = Array.from({ length: 17 }, () => solAddress);
    const bad: [string, Record<string, unknown>, 400 | 404, string][] = [
      [ETH_SEND_V2, { ...eth, calls: undefined }, 400, 'parameters.calls'],
      [ETH_SEND_V2, { ...eth, calls: { to: RECIPIENT } }, 400, 'parameters.calls'],
      [ETH_SEND_V2, { ...eth, calls: [] }, 400, 'parameters.calls must have at least one entry'],
      [ETH_SEND_V2, { ...eth, calls: tooMany }, 400, 'parameters.calls has more than 50 entries'],
      [ETH_SEND_V2, { ...eth, calls: ['0x'] }, 400, 'parameters.calls[0]'],
      [ETH_SEND_V2, { ...eth, calls: [{ value: '1' }] }, 400, 'parameters.calls[0].to'],
      [ETH_SEND_V2, { ...eth, calls: [{ to: RECIPIENT }, { to: 'vitalik.eth' }] }, 400, 'parameters.calls[1].to'],
      [ETH_SEND_V2, { ...eth, calls: [{ to: RECIPIENT }, { to: RECIPIENT, value: '1.5' }] }, 400, 'parameters.calls[1].value'],
      [ETH_SEND_V2, { ...eth, calls: [{ to: RECIPIENT, value: 10 }] }, 400, 'parameters.calls[0].value'],
      [ETH_SEND_V2, { ...eth, calls: [{ to: RECIPIENT, data: '0xabc' }] }, 400, 'parameters.calls[0].data'],
      [ETH_SEND_V2, { ...eth, to: RECIPIENT }, 400, 'parameters.to is not a field of ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2'],
      [ETH_SEND_V2, { ...eth, from: undefined }, 400, 'parameters.from'],
      [ETH_SEND_V2, { ...eth, from: '0x1234' }, 400, 'parameters.from'],
      [ETH_SEND_V2, { ...eth, caip2: 'solana:mainnet' }, 400, 'parameters.caip2'],
      [ETH_SEND_V2, { ...eth, deadline: 'soon' }, 400, 'parameters.deadline'],
      [ETH_SEND_V2, { ...eth, gasStationNonce: '-1' }, 400, 'parameters.gasStationNonce'],
      [ETH_SEND_V2, { ...eth, sponsor: 'yes' }, 400, 'parameters.sponsor'],
      [ETH_SEND_V2, { ...eth, from: RECIPIENT }, 404, 'parameters.from'],
      [SOL_SEND_V2, { ...sol, signWiths: undefined }, 400, 'parameters.signWiths'],
      [SOL_SEND_V2, { ...sol, signWiths: solAddress }, 400, 'parameters.signWiths'],
      [SOL_SEND_V2, { ...sol, signWiths: [] }, 400, 'parameters.signWiths must have at least one signer'],
      [SOL_SEND_V2, { ...sol, signWiths: seventeen }, 400, 'parameters.signWiths has more than 16 entries'],
      [SOL_SEND_V2, { ...sol, signWiths: [solAddress, ethAddress] }, 400, 'parameters.signWiths[1]'],
      [SOL_SEND_V2, { ...sol, signWiths: [solAddress, 7] }, 400, 'parameters.signWiths[1]'],
      [SOL_SEND_V2, { ...sol, signWiths: [solAddress, solAddress2, solAddress] }, 400, 'parameters.signWiths[2] repeats'],
      [SOL_SEND_V2, { ...sol, signWith: solAddress }, 400, 'parameters.signWith is not a field of ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2'],
      [SOL_SEND_V2, { ...sol, unsignedTransaction: 'zz' }, 400, 'parameters.unsignedTransaction'],
      [SOL_SEND_V2, { ...sol, caip2: 'solana:testnet' }, 400, 'parameters.caip2'],
      [SOL_SEND_V2, { ...sol, caip2: 'eip155:1' }, 400, 'parameters.caip2'],
      [SOL_SEND_V2, { ...sol, recentBlockhash: '0OIl' }, 400, 'parameters.recentBlockhash'],
      [SOL_SEND_V2, { ...sol, sponsor: 1 }, 400, 'parameters.sponsor'],
      [SOL_SEND_V2, { ...sol, signWiths: [FOREIGN_SOLANA] }, 404, 'parameters.signWiths[0]'],
      // A known signer does not carry an unknown one.
      [SOL_SEND_V2, { ...sol, signWiths: [solAddress, FOREIGN_SOLANA] }, 404, 'parameters.signWiths[1]'],
    ];
    for (const [type, parameters, code, message] of bad) {
      const route = type === ETH_SEND_V2 ? 'eth_send_transaction' : 'sol_send_transaction';
      await assertNoStateChange(f.emulator, async () => {
        const answer = await post(route, { type, timestampMs: String(f.now()), organizationId: f.demoOrgId, parameters });
        if (code === 400) assertServiceError(answer, 400, 3, 'REQUEST_INVALID', message);
        else assertServiceError(answer, 404, 5, 'ADDRESS_NOT_FOUND', message);
      });
    }
  });
});
