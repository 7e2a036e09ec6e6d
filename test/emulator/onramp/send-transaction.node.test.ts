// eth_send_transaction / sol_send_transaction and get_send_transaction_status over real HTTP:
// the sandbox chain's outcomes with the seed's exact status and error shapes (eth revert
// chains; solana source, rpcCode, rpcMessage, transactionErrorJson, logs, unitsConsumed,
// innerInstructionsJson), and the bad inputs each deserves.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { base58 } from '@scure/base';
import { startFixture, resultOf } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { clientFor } from '../policy/org-users.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { ActivityClient } from '../../../src/clients/activity-client.ts';
import type { RevertEntry, SendTransactionStatus } from '../../../src/clients/activity-types.ts';

const RECIPIENT = '0x1111111111111111111111111111111111111111';
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const UNSIGNED = '0100010203';

const REVERT_KEYS = ['address', 'errorType', 'displayMessage'];

function assertRevertEntry(entry: RevertEntry, kind: 'custom' | 'native' | 'unknown'): void {
  for (const key of REVERT_KEYS) assert.equal(typeof entry[key as keyof RevertEntry], 'string', key);
  assert.equal(entry.errorType, kind);
  if (kind === 'custom') {
    assert.equal(typeof entry.custom?.errorName, 'string');
    JSON.parse(entry.custom!.paramsJson);
  }
  if (kind === 'native') {
    assert.deepEqual(Object.keys(entry.native!).sort(), ['message', 'nativeType', 'panicCode']);
  }
  if (kind === 'unknown') {
    assert.match(entry.unknown!.selector, /^0x[0-9a-f]{8}$/);
    assert.match(entry.unknown!.data, /^0x[0-9a-f]*$/);
  }
}

describe('send transactions and get_send_transaction_status', () => {
  let f: Fixture;
  let root: ActivityClient;
  let ethAddress: string;
  let solAddress: string;
  let subOrgId: string;

  const sendEth = async (parameters: Record<string, unknown>) => {
    const activity = await root.submit('eth_send_transaction', { organizationId: f.demoOrgId, parameters: { from: ethAddress, caip2: 'eip155:8453', ...parameters } as never });
    return root.result(activity).sendTransactionStatusId;
  };
  // Through the kit's ActivityClient: sol_send_transaction is in its catalogue (and its result key).
  const sendSol = async (parameters: Record<string, unknown>) => {
    const activity = await root.submit('sol_send_transaction', { organizationId: f.demoOrgId, parameters: { signWith: solAddress, caip2: SOLANA_MAINNET, unsignedTransaction: UNSIGNED, ...parameters } as never });
    assert.deepEqual(Object.keys(activity.intent), ['solSendTransactionIntent']);
    return root.result(activity).sendTransactionStatusId;
  };
  const status = (sendTransactionStatusId: string): Promise<SendTransactionStatus> =>
    root.query('get_send_transaction_status', { organizationId: f.demoOrgId, sendTransactionStatusId });

  before(async () => {
    f = await startFixture();
    root = clientFor(f, f.root);
    const wallet = root.result(
      await root.submit('create_wallet', {
        organizationId: f.demoOrgId,
        parameters: {
          walletName: 'sender',
          accounts: [
            { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
            { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' },
          ],
        } as never,
      }),
    ) as unknown as { addresses: string[] };
    [ethAddress, solAddress] = wallet.addresses as [string, string];
    subOrgId = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, { subOrganizationName: 'sub', rootUsers: [{ userName: 'r', apiKeys: [], authenticators: [], oauthProviders: [] }] }),
    ).subOrganizationId as string;
  });
  after(() => f.stop());

  it('includes an ordinary Ethereum send: txStatus and eth.txHash, no error', async () => {
    const id = await sendEth({ to: RECIPIENT, value: '1000000000000000', nonce: '0', gasLimit: '21000', maxFeePerGas: '100', maxPriorityFeePerGas: '1' });
    const answer = await status(id);
    assert.equal(answer.txStatus, 'INCLUDED');
    assert.match(answer.eth!.txHash, /^0x[0-9a-f]{64}$/);
    assert.deepEqual(Object.keys(answer).sort(), ['eth', 'txStatus']);
    // The sender may be given in any case: addresses compare case-insensitively.
    const lower = await sendEth({ from: ethAddress.toLowerCase(), to: RECIPIENT });
    assert.equal((await status(lower)).txStatus, 'INCLUDED');
  });

  it('reverts with a custom error at 0x…dEaD, with the same chain under error.revertChain and error.eth.revertChain', async () => {
    const answer = await status(await sendEth({ to: '0x000000000000000000000000000000000000dEaD', value: '5' }));
    assert.equal(answer.txStatus, 'FAILED');
    assert.match(answer.eth!.txHash, /^0x[0-9a-f]{64}$/);
    assert.equal(answer.txError, 'execution reverted');
    assert.equal(answer.error!.message, 'execution reverted');
    assert.deepEqual(answer.error!.eth!.revertChain, answer.error!.revertChain);
    const [entry] = answer.error!.revertChain!;
    assertRevertEntry(entry!, 'custom');
    assert.equal(entry!.custom!.errorName, 'InsufficientBalance');
    assert.deepEqual(JSON.parse(entry!.custom!.paramsJson), { available: '0', required: '5' });
  });

  it('reverts with Error(string) at 0x…0bad and Panic(0x11) at 0x…0011', async () => {
    const error = await status(await sendEth({ to: '0x0000000000000000000000000000000000000bad' }));
    assertRevertEntry(error.error!.revertChain![0]!, 'native');
    assert.equal(error.error!.revertChain![0]!.native!.nativeType, 'Error');
    assert.equal(error.error!.revertChain![0]!.native!.message, 'sandbox: transfer refused');
    const panic = await status(await sendEth({ to: '0x0000000000000000000000000000000000000011' }));
    assertRevertEntry(panic.error!.revertChain![0]!, 'native');
    assert.equal(panic.error!.revertChain![0]!.native!.panicCode, '0x11');
  });

  it('reverts with an unknown error for calldata starting 0xdeadbeef, bubbled through the sender', async () => {
    const answer = await status(await sendEth({ to: RECIPIENT, data: '0xdeadbeef00ff' }));
    assert.equal(answer.txStatus, 'FAILED');
    const chain = answer.error!.revertChain!;
    assert.equal(chain.length, 2);
    chain.forEach((entry) => assertRevertEntry(entry, 'unknown'));
    assert.deepEqual(chain[1]!.unknown, { selector: '0xdeadbeef', data: '0x00ff' });
    assert.equal(chain[1]!.address, RECIPIENT);
  });

  it('includes an ordinary Solana send with a 64-byte base58 signature', async () => {
    const answer = await status(await sendSol({}));
    assert.equal(answer.txStatus, 'INCLUDED');
    assert.equal(base58.decode(answer.solana!.signature).length, 64);
    assert.deepEqual(Object.keys(answer).sort(), ['solana', 'txStatus']);
  });

  it('fails a Solana send with an unknown blockhash, and one whose instruction fails, in the seed\'s solana error shape', async () => {
    for (const [parameters, rpcCode, logged] of [
      [{ recentBlockhash: '11111111111111111111111111111111' }, -32002, false],
      [{ unsignedTransaction: '01deadbeef' }, -32002, true],
    ] as const) {
      const answer = await status(await sendSol(parameters));
      assert.equal(answer.txStatus, 'FAILED');
      assert.equal(typeof answer.txError, 'string');
      const solana = answer.error!.solana!;
      assert.deepEqual(Object.keys(solana).sort(), ['innerInstructionsJson', 'logs', 'rpcCode', 'rpcMessage', 'source', 'transactionErrorJson', 'unitsConsumed']);
      assert.equal(typeof solana.source, 'string');
      assert.equal(solana.rpcCode, rpcCode);
      assert.equal(answer.error!.message, solana.rpcMessage);
      JSON.parse(solana.transactionErrorJson);
      JSON.parse(solana.innerInstructionsJson);
      assert.match(solana.unitsConsumed, /^\d+$/);
      assert.ok(Array.isArray(solana.logs) && solana.logs.every((l) => typeof l === 'string'));
      assert.equal(solana.logs.length > 0, logged);
    }
  });

  it('refuses malformed sends and foreign senders with the service error shape, storing nothing', async () => {
    const eth = { from: ethAddress, to: RECIPIENT, caip2: 'eip155:1' };
    const sol = { signWith: solAddress, caip2: SOLANA_MAINNET, unsignedTransaction: UNSIGNED };
    const bad: [string, Record<string, unknown>, number, string][] = [
      ['eth_send_transaction', { ...eth, from: undefined }, 400, 'parameters.from'],
      ['eth_send_transaction', { ...eth, from: '0x1234' }, 400, 'parameters.from'],
      ['eth_send_transaction', { ...eth, from: RECIPIENT }, 404, 'parameters.from'],
      ['eth_send_transaction', { ...eth, to: 'vitalik.eth' }, 400, 'parameters.to'],
      ['eth_send_transaction', { ...eth, caip2: 'eip155:abc' }, 400, 'parameters.caip2'],
      ['eth_send_transaction', { ...eth, caip2: SOLANA_MAINNET }, 400, 'parameters.caip2'],
      ['eth_send_transaction', { ...eth, value: '1.5' }, 400, 'parameters.value'],
      ['eth_send_transaction', { ...eth, value: 10 }, 400, 'parameters.value'],
      ['eth_send_transaction', { ...eth, data: '0xabc' }, 400, 'parameters.data'],
      ['eth_send_transaction', { ...eth, gasLimit: '-1' }, 400, 'parameters.gasLimit'],
      ['eth_send_transaction', { ...eth, sponsor: 'yes' }, 400, 'parameters.sponsor'],
      ['sol_send_transaction', { ...sol, unsignedTransaction: 'zz' }, 400, 'parameters.unsignedTransaction'],
      ['sol_send_transaction', { ...sol, signWith: ethAddress }, 400, 'parameters.signWith'],
      ['sol_send_transaction', { ...sol, signWith: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' }, 404, 'parameters.signWith'],
      ['sol_send_transaction', { ...sol, caip2: 'eip155:1' }, 400, 'parameters.caip2'],
      ['sol_send_transaction', { ...sol, recentBlockhash: '0OIl' }, 400, 'parameters.recentBlockhash'],
    ];
    for (const [operation, parameters, code, field] of bad) {
      await assertNoStateChange(f.emulator, async () => {
        const answer = await f.submit(operation, f.demoOrgId, parameters);
        if (code === 400) assertServiceError(answer, 400, 3, 'REQUEST_INVALID', field);
        else assertServiceError(answer, 404, 5, 'ADDRESS_NOT_FOUND', field);
      });
    }
  });

  it('refuses status queries without an id, for an unknown id, or for another organization\'s send', async () => {
    const id = await sendEth({ to: RECIPIENT });
    assertServiceError(await f.query('get_send_transaction_status', { organizationId: f.demoOrgId }), 400, 3, 'REQUEST_INVALID');
    assertServiceError(await f.query('get_send_transaction_status', { organizationId: f.demoOrgId, sendTransactionStatusId: 'nope' }), 404, 5, 'NOT_FOUND');
    assertServiceError(await f.query('get_send_transaction_status', { organizationId: subOrgId, sendTransactionStatusId: id }), 404, 5, 'NOT_FOUND');
  });
});
