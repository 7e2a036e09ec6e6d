// The hosted service's own client sends V2 against the emulator: `@turnkey/core`'s
// TurnkeyClient.ethSendTransaction / solSendTransaction (which choose the V2 activity when
// given `calls` / `signWiths`) and pollTransactionStatus, and the generated
// ethSendTransactionV2 / solSendTransactionV2 under them, stamped by the hosted ApiKeyStamper,
// in Node over real HTTP. None of that code is ours, and none of it is changed.
//
// One step differs from a page: init() builds a localStorage session store and an IndexedDB key
// stamper, which Node lacks (reference-client.node.test.ts runs the whole client in Chromium).
// Here the client gets, through its public constructor, an API key stamper, and in place of the
// session store an object answering getActiveSession() with the organization: the only thing
// these methods read from it. Its HTTP client is made by its own createHttpClient().
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ApiKeyStamper, TurnkeyClient } from '@turnkey/core';
import { p256 } from '@noble/curves/nist.js';
import { base58 } from '@scure/base';
import { toHex } from '../../../src/encoding/hex.ts';
import { startFixture } from '../../emulator/support/emulator-fixture.ts';
import { senderWallet } from '../../emulator/onramp/send-v2-bodies.ts';
import type { Fixture } from '../../emulator/support/emulator-fixture.ts';

const RECIPIENT = '0x1111111111111111111111111111111111111111';
const OTHER_RECIPIENT = '0x2222222222222222222222222222222222222222';
const REVERT_ERROR = '0x0000000000000000000000000000000000000bad';
const UNSIGNED = '0100010203';

interface HostedActivity {
  type: string;
  status: string;
  intent: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** The message of an error and of each error in its cause chain. */
function messages(error: unknown): string {
  const out: string[] = [];
  for (let e = error as { message?: string; cause?: unknown } | undefined; e && out.length < 5; e = e.cause as typeof e) out.push(String(e.message));
  return out.join(' <- ');
}

describe('the hosted client (@turnkey/core) sends V2 transactions to the emulator', () => {
  let f: Fixture;
  let tk: TurnkeyClient;
  let ethAddress: string;
  let solAddress: string;
  let solAddress2: string;

  before(async () => {
    const secret = p256.utils.randomSecretKey();
    const apiPublicKey = toHex(p256.getPublicKey(secret, true));
    f = await startFixture({ rootApiKeys: [apiPublicKey] });
    [ethAddress, solAddress, solAddress2] = await senderWallet(f, 'hosted client');

    const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) });
    // The constructor takes the platform stamper type; the plain ApiKeyStamper is what it wraps.
    tk = new TurnkeyClient({ apiBaseUrl: f.urls.apiUrl, organizationId: f.demoOrgId }, stamper as unknown as ConstructorParameters<typeof TurnkeyClient>[1]);
    const organizationId = f.demoOrgId;
    Object.assign(tk, { storageManager: { getActiveSession: async () => ({ organizationId, userId: 'root', publicKey: apiPublicKey }) } });
    tk.httpClient = tk.createHttpClient();
  });
  after(() => f?.stop());

  it('ethSendTransaction with calls goes out as V2 and pollTransactionStatus follows it to INCLUDED', async () => {
    const before = f.emulator.state.read.activities.size;
    const id = await tk.ethSendTransaction({ transaction: { from: ethAddress, caip2: 'eip155:8453', calls: [{ to: RECIPIENT, value: '1' }, { to: OTHER_RECIPIENT, data: '0x' }] } });
    assert.equal(f.emulator.state.read.activities.size, before + 1);
    const sent = f.emulator.state.read.activities.values().find((a) => a.result.ethSendTransactionResultV2);
    assert.equal(sent?.type, 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2');
    assert.deepEqual(Object.keys(sent!.intent), ['ethSendTransactionIntentV2']);
    assert.deepEqual(sent!.result, { ethSendTransactionResultV2: { sendTransactionStatusId: id } });
    const status = await tk.pollTransactionStatus({ sendTransactionStatusId: id, pollingIntervalMs: 20 });
    assert.equal(status.txStatus, 'INCLUDED');
    assert.match(status.eth!.txHash!, /^0x[0-9a-f]{64}$/);
  });

  it('solSendTransaction with signWiths goes out as V2 and pollTransactionStatus follows it to INCLUDED', async () => {
    const id = await tk.solSendTransaction({ transaction: { unsignedTransaction: UNSIGNED, signWiths: [solAddress, solAddress2], caip2: 'solana:mainnet' } });
    const sent = f.emulator.state.read.activities.values().find((a) => (a.result.solSendTransactionResultV2 as { sendTransactionStatusId?: string } | undefined)?.sendTransactionStatusId === id);
    assert.equal(sent?.type, 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2');
    assert.deepEqual(Object.keys(sent!.intent), ['solSendTransactionIntentV2']);
    const status = await tk.pollTransactionStatus({ sendTransactionStatusId: id, pollingIntervalMs: 20 });
    assert.equal(status.txStatus, 'INCLUDED');
    assert.equal(base58.decode(status.solana!.signature!).length, 64);
  });

  it('the generated V2 methods get the hosted result keys back, flattened by the client', async () => {
    const eth = await tk.httpClient.ethSendTransactionV2({ from: ethAddress, caip2: 'eip155:1', calls: [{ to: RECIPIENT }] });
    const ethActivity = eth.activity as unknown as HostedActivity;
    assert.equal(ethActivity.type, 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2');
    assert.equal(ethActivity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(Object.keys(ethActivity.result), ['ethSendTransactionResultV2']);
    assert.match(eth.sendTransactionStatusId, /^[0-9a-f-]{36}$/);
    const sol = await tk.httpClient.solSendTransactionV2({ unsignedTransaction: UNSIGNED, signWiths: [solAddress], caip2: 'solana:devnet' });
    const solActivity = sol.activity as unknown as HostedActivity;
    assert.equal(solActivity.type, 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2');
    assert.deepEqual(Object.keys(solActivity.result), ['solSendTransactionResultV2']);
    assert.match(sol.sendTransactionStatusId, /^[0-9a-f-]{36}$/);
  });

  it('V1 through the same client method still works (no calls: the V1 activity on the same route)', async () => {
    const id = await tk.ethSendTransaction({ transaction: { from: ethAddress, caip2: 'eip155:1', to: RECIPIENT, value: '5' } });
    const sent = f.emulator.state.read.activities.values().find((a) => (a.result.ethSendTransactionResult as { sendTransactionStatusId?: string } | undefined)?.sendTransactionStatusId === id);
    assert.equal(sent?.type, 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION');
    assert.equal((await tk.pollTransactionStatus({ sendTransactionStatusId: id, pollingIntervalMs: 20 })).txStatus, 'INCLUDED');
  });

  it('the client surfaces the emulator\'s refusals and failures: a batch over the limit, an unknown signer, a reverted batch', async () => {
    const fiftyOne = Array.from({ length: 51 }, () => ({ to: RECIPIENT }));
    const stored = f.emulator.state.snapshot();
    await assert.rejects(tk.ethSendTransaction({ transaction: { from: ethAddress, caip2: 'eip155:1', calls: fiftyOne } }), (error: unknown) => {
      assert.match(messages(error), /parameters\.calls has more than 50 entries/);
      return true;
    });
    await assert.rejects(tk.solSendTransaction({ transaction: { unsignedTransaction: UNSIGNED, signWiths: [solAddress, '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'], caip2: 'solana:mainnet' } }), (error: unknown) => {
      assert.match(messages(error), /parameters\.signWiths\[1\] is not an address of this organization/);
      return true;
    });
    assert.equal(f.emulator.state.snapshot(), stored, 'the refused sends changed nothing');

    const id = await tk.ethSendTransaction({ transaction: { from: ethAddress, caip2: 'eip155:1', calls: [{ to: RECIPIENT }, { to: REVERT_ERROR }] } });
    await assert.rejects(tk.pollTransactionStatus({ sendTransactionStatusId: id, pollingIntervalMs: 100 }), (error: unknown) => {
      assert.match(messages(error), /execution reverted/);
      return true;
    });
    // The hosted poller reads on a setInterval with an async callback: when a read takes longer
    // than the interval (a loaded machine), reads overlap, and the ones still in flight when it
    // rejects finish later. Let them land while the emulator still answers: stopped under them,
    // they end in an unhandled "fetch failed" inside the client (the last fresh-clone run).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  });
});
