// The EIP-1193 provider against a real emulator over HTTP, with a user logged in by email OTP
// (a LatchKit sign-up with an Ethereum wallet): every method and error code, the events, and
// the two dapp libraries this project did not write driving it: viem's
// createWalletClient({ transport: custom(provider) }) signs a message, typed data and a
// transaction (verifyMessage, verifyTypedData, recoverTransactionAddress) and sends one (the
// hash, and the send's status in the emulator); ethers' BrowserProvider → getSigner() signs a
// message and typed data that ethers' verifyMessage / verifyTypedData accept. A tiny JSON-RPC
// server stands in for a chain's rpcUrl (read-only forwarding, filling a transaction's nonce,
// gas and fees, its errors, and an endpoint that does not answer).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  hashMessage,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  toHex,
  type TransactionSerialized,
} from 'viem';
import type { RequestReview } from '../../../src/review/request-review.ts';
import { BrowserProvider, verifyMessage as ethersVerifyMessage, verifyTypedData as ethersVerifyTypedData } from 'ethers';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { createEip1193Provider, type LatchEip1193Provider, type Eip1193ProviderOptions } from '../../../src/providers/eip1193-provider.ts';
import { ProviderRpcError } from '../../../src/providers/provider-rpc-error.ts';
import { announceEip1193Provider } from '../../../src/providers/announce-eip1193-provider.ts';
import { ETH_WALLET, latestCode, startEmulator, type TestEmulator } from '../kit/kit-emulator-support.ts';
import { MAIL, MAIL_WITH_DOMAIN_TYPE } from '../../support/eip712-mail.ts';

const TO = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const REVERTS = '0x0000000000000000000000000000000000000bad';


/** The same types as ethers takes them (mutable arrays). */
const MAIL_TYPES = MAIL.types as unknown as Record<string, { name: string; type: string }[]>;

/** Rejects with a ProviderRpcError of this code. */
async function rejectsWith(promise: Promise<unknown>, code: number, what: string): Promise<ProviderRpcError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderRpcError, `${what}: a ProviderRpcError (got ${String(error)})`);
    assert.equal(error.code, code, `${what}: code ${code} (got ${error.code}: ${error.message})`);
    assert.equal(typeof error.message, 'string');
    return error;
  }
  assert.fail(`${what}: resolved, expected ${code}`);
}

/** A JSON-RPC endpoint with canned answers; records the methods it was asked. */
async function startRpc(answers: Record<string, unknown>): Promise<{ url: string; seen: { method: string; params: unknown }[]; close: () => Promise<void> }> {
  const seen: { method: string; params: unknown }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const { id, method, params } = JSON.parse(raw) as { id: number; method: string; params: unknown };
      seen.push({ method, params });
      const body = method in answers ? { jsonrpc: '2.0', id, result: answers[method] } : { jsonrpc: '2.0', id, error: { code: -32601, message: `no ${method}`, data: 'x' } };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('EIP-1193 provider: the session ending by itself', () => {
  /** A session stand-in whose events the test fires (expiry, another tab's login). */
  function fakeSession() {
    const target = new EventTarget();
    const state = { active: true, userId: 'user-1' };
    const session = Object.defineProperties(target, {
      active: { get: () => state.active },
      summary: { get: () => (state.active ? { organizationId: 'org', userId: state.userId, publicKey: 'k', sessionType: 'SESSION_TYPE_READ_WRITE', expiresAt: 0 } : null) },
      submit: { value: async () => Promise.reject(new Error('not used')) },
      query: { value: async () => Promise.reject(new Error('not used')) },
    });
    return { session: session as unknown as Eip1193ProviderOptions['session'], state, target };
  }
  const ACCOUNT = '0x1111111111111111111111111111111111111111';

  for (const [name, end] of [
    ['expired', (f: ReturnType<typeof fakeSession>) => f.target.dispatchEvent(new Event('expired'))],
    ['another user adopted (another tab logged in)', (f: ReturnType<typeof fakeSession>) => {
      f.state.userId = 'user-2';
      f.target.dispatchEvent(Object.assign(new Event('change'), { reason: 'adopt' }));
    }],
  ] as const) {
    it(`${name}: accountsChanged [] and disconnect 4900, once`, async () => {
      const f = fakeSession();
      const provider = createEip1193Provider({ session: f.session, address: ACCOUNT, chainId: 1, approve: () => true });
      const events: string[] = [];
      provider.on('accountsChanged', () => events.push('accountsChanged'));
      provider.on('disconnect', (error) => events.push(`disconnect ${(error as ProviderRpcError).code}`));
      // A refresh of the same user's session changes nothing.
      f.target.dispatchEvent(Object.assign(new Event('change'), { reason: 'refresh' }));
      assert.deepEqual(events, []);
      end(f);
      end(f);
      assert.deepEqual(events, ['accountsChanged', 'disconnect 4900']);
      assert.deepEqual(await provider.request({ method: 'eth_accounts' }), []);
      provider.dispose();
    });
  }

  it('refuses a bad address or chain id at creation (ERR_CONFIG_INVALID)', () => {
    const { session } = fakeSession();
    for (const bad of [{ address: '0x12' }, { chainId: 0 }, { chainId: 'mainnet' }, { chains: [{ chainId: -1 }] }]) {
      assert.throws(() => createEip1193Provider({ session, address: ACCOUNT, chainId: 1, approve: () => true, ...bad }), (error: { code?: string }) => error.code === 'ERR_CONFIG_INVALID');
    }
  });

  it('refuses to be created with neither approve nor confirm: no silent signing by default (ERR_CONFIG_INVALID)', () => {
    const { session } = fakeSession();
    assert.throws(() => createEip1193Provider({ session, address: ACCOUNT, chainId: 1 }), (error: { code?: string }) => error.code === 'ERR_CONFIG_INVALID');
    assert.ok(createEip1193Provider({ session, address: ACCOUNT, chainId: 1, confirm: async () => false }));
  });
});

describe('EIP-1193 provider over a signing session (emulator)', () => {
  let t: TestEmulator;
  let kit: LatchKit;
  let session: SigningSession;
  let address: `0x${string}`;
  let rpc: Awaited<ReturnType<typeof startRpc>>;
  const providers: LatchEip1193Provider[] = [];
  const make = (options: Partial<Eip1193ProviderOptions> = {}) => {
    const provider = createEip1193Provider({ session, address, chainId: 1, sendStatusPolling: { initialDelayMs: 10 }, approve: () => true, ...options });
    providers.push(provider);
    return provider;
  };

  before(async () => {
    t = await startEmulator();
    rpc = await startRpc({
      eth_blockNumber: '0x10',
      eth_getTransactionCount: '0x7',
      eth_estimateGas: '0x5208',
      eth_maxPriorityFeePerGas: '0x3b9aca00',
      eth_gasPrice: '0x4a817c800',
      eth_getBlockByNumber: { number: '0x10', baseFeePerGas: '0x2540be400' },
      // One call that sends 0.25 ETH from the account (traceTransfers' pseudo-log), as a node answers.
      get eth_simulateV1() {
        const log = {
          address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
          topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', `0x${'0'.repeat(24)}${address.slice(2).toLowerCase()}`, `0x${'0'.repeat(24)}${'11'.repeat(20)}`],
          data: `0x${(250000000000000000n).toString(16).padStart(64, '0')}`,
        };
        return [{ calls: [{ status: '0x1', returnData: '0x', gasUsed: '0x5208', logs: [log] }] }];
      },
    });
    kit = new LatchKit({
      proxyUrl: t.urls.proxyUrl,
      configId: 'demo',
      apiBaseUrl: t.urls.apiUrl,
      notarizerPublicKey: t.keys.notarizerPublicKey,
      enclavePublicKey: t.keys.enclavePublicKey,
      keyStore: new MemoryKeyStore(),
      sessionStore: new MemorySessionStore(),
    });
    const contact = `eip1193.${Date.now()}@example.com`;
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    const login = await kit.completeOtp({
      otpType: 'OTP_TYPE_EMAIL',
      contact,
      otpId,
      otpCode: await latestCode(t.urls, contact),
      signup: { userName: 'Provider User', wallet: { ...ETH_WALLET, accounts: [...ETH_WALLET.accounts] } },
    });
    session = login.session;
    address = getAddress(login.signup!.wallet!.addresses[0]!);
  });

  after(async () => {
    for (const provider of providers) provider.dispose();
    kit?.dispose();
    await rpc?.close();
    await t?.emulator.stop();
  });

  it('eth_chainId, net_version, eth_accounts, eth_requestAccounts, and connect once created', async () => {
    const provider = make({ chainId: '0x2105' });
    const connects: unknown[] = [];
    provider.on('connect', (info) => connects.push(info));
    assert.equal(await provider.request({ method: 'eth_chainId' }), '0x2105');
    assert.equal(await provider.request({ method: 'net_version' }), '8453');
    assert.deepEqual(await provider.request({ method: 'eth_accounts' }), [address]);
    assert.deepEqual(await provider.request({ method: 'eth_requestAccounts' }), [address]);
    assert.deepEqual(connects, [{ chainId: '0x2105' }]);
    assert.equal(provider.isConnected(), true);
  });

  it('personal_sign: an EIP-191 signature (r ‖ s ‖ v, v 27/28) that viem and ethers verify, for text and for bytes', async () => {
    const provider = make();
    for (const [message, params0] of [
      ['Sign in to Example ✓', `0x${Buffer.from('Sign in to Example ✓').toString('hex')}`],
      ['plain text, as some dapps send it', 'plain text, as some dapps send it'],
    ] as const) {
      const signature = (await provider.request({ method: 'personal_sign', params: [params0, address] })) as `0x${string}`;
      assert.match(signature, /^0x[0-9a-f]{128}(1b|1c)$/);
      assert.equal(await verifyMessage({ address, message, signature }), true);
      assert.equal(ethersVerifyMessage(message, signature), address);
    }
    const raw = Uint8Array.of(0, 1, 2, 0xff);
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x000102ff', address.toLowerCase()] })) as `0x${string}`;
    assert.equal(await recoverMessageAddress({ message: { raw }, signature }), address);
    assert.notEqual(await recoverMessageAddress({ message: 'another message', signature }), address);
    assert.equal(hashMessage({ raw }).length, 66);
    await rejectsWith(provider.request({ method: 'personal_sign', params: ['0x00', OTHER] }), 4100, 'another address');
    await rejectsWith(provider.request({ method: 'personal_sign', params: ['0x00'] }), -32602, 'no address');
    await rejectsWith(provider.request({ method: 'personal_sign', params: [42, address] }), -32602, 'a number message');
    await rejectsWith(provider.request({ method: 'personal_sign', params: ['0x00', 'not an address'] }), -32602, 'not an address');
  });

  it('eth_signTypedData_v4: viem and ethers verify the signature; another address, bad JSON, a bad type and another chain are refused', async () => {
    const provider = make();
    const json = JSON.stringify(MAIL_WITH_DOMAIN_TYPE);
    const signature = (await provider.request({ method: 'eth_signTypedData_v4', params: [address, json] })) as `0x${string}`;
    assert.match(signature, /^0x[0-9a-f]{128}(1b|1c)$/);
    assert.equal(await verifyTypedData({ address, ...MAIL, signature }), true);
    assert.equal(ethersVerifyTypedData(MAIL.domain, MAIL_TYPES, MAIL.message, signature), address);
    await rejectsWith(provider.request({ method: 'eth_signTypedData_v4', params: [OTHER, json] }), 4100, 'another address');
    await rejectsWith(provider.request({ method: 'eth_signTypedData_v4', params: [address, '{not json'] }), -32602, 'bad JSON');
    await rejectsWith(provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify({ ...MAIL, primaryType: 'Missing' })] }), -32602, 'an undefined type');
    await rejectsWith(provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify({ ...MAIL, domain: { ...MAIL.domain, chainId: 5 } })] }), -32602, 'another chain');
    for (const method of ['eth_sign', 'eth_signTypedData', 'eth_signTypedData_v3', 'eth_subscribe', 'made_up']) {
      await rejectsWith(provider.request({ method, params: [address, '0x' + '00'.repeat(32)] }), 4200, method);
    }
  });

  it('eth_signTransaction: EIP-1559 and legacy with every field given (no network), recovered by viem; missing fields come from the rpcUrl', async () => {
    const provider = make();
    const eip1559 = (await provider.request({
      method: 'eth_signTransaction',
      params: [{ from: address, to: TO, value: '0xde0b6b3a7640000', nonce: '0x3', gas: '0x5208', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00', chainId: '0x1' }],
    })) as TransactionSerialized;
    assert.match(eip1559, /^0x02[0-9a-f]+$/);
    assert.equal(await recoverTransactionAddress({ serializedTransaction: eip1559 }), address);
    const parsed = parseTransaction(eip1559);
    assert.deepEqual([parsed.chainId, parsed.nonce, parsed.gas, parsed.to, parsed.value, parsed.maxFeePerGas], [1, 3, 21000n, TO, 10n ** 18n, 2_000_000_000n]);
    const legacy = (await provider.request({ method: 'eth_signTransaction', params: [{ to: TO, nonce: '0x0', gas: '0x5208', gasPrice: '0x1', data: '0xabcdef' }] })) as TransactionSerialized;
    const parsedLegacy = parseTransaction(legacy);
    assert.equal(parsedLegacy.type, 'legacy');
    assert.ok(parsedLegacy.v === 37n || parsedLegacy.v === 38n, 'EIP-155 v for chain 1');
    assert.equal(await recoverTransactionAddress({ serializedTransaction: legacy }), address);
    await rejectsWith(provider.request({ method: 'eth_signTransaction', params: [{ to: TO, gas: '0x5208', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' }] }), -32602, 'no nonce, no rpcUrl');
    await rejectsWith(provider.request({ method: 'eth_signTransaction', params: [{ from: OTHER, to: TO, nonce: '0x0', gas: '0x5208', gasPrice: '0x1' }] }), 4100, 'another from');
    await rejectsWith(provider.request({ method: 'eth_signTransaction', params: [{ to: TO, nonce: '0x0', gas: '0x5208', gasPrice: '0x1', chainId: '0x5' }] }), -32602, 'another chain');
    await rejectsWith(provider.request({ method: 'eth_signTransaction', params: [{ to: '0x1234', nonce: '0x0', gas: '0x5208', gasPrice: '0x1' }] }), -32602, 'bad to');
    await rejectsWith(provider.request({ method: 'eth_signTransaction', params: [{ to: TO, nonce: 'seven', gas: '0x5208', gasPrice: '0x1' }] }), -32602, 'bad nonce');
    await rejectsWith(provider.request({ method: 'eth_signTransaction', params: [{ to: TO, nonce: '0x0', gas: '0x5208', gasPrice: '0x1', maxFeePerGas: '0x1' }] }), -32602, 'mixed fees');
    await rejectsWith(provider.request({ method: 'eth_signTransaction', params: [] }), -32602, 'no transaction');

    const filled = make({ rpcUrl: rpc.url });
    rpc.seen.length = 0;
    const signed = (await filled.request({ method: 'eth_signTransaction', params: [{ to: TO, value: '0x1' }] })) as TransactionSerialized;
    const tx = parseTransaction(signed);
    assert.deepEqual([tx.type, tx.nonce, tx.gas, tx.maxPriorityFeePerGas, tx.maxFeePerGas], ['eip1559', 7, 21000n, 1_000_000_000n, 2n * 10_000_000_000n + 1_000_000_000n]);
    assert.deepEqual(rpc.seen.map((s) => s.method), ['eth_getTransactionCount', 'eth_estimateGas', 'eth_maxPriorityFeePerGas', 'eth_getBlockByNumber']);
    assert.deepEqual(rpc.seen[0]!.params, [address, 'pending']);
    assert.equal(await recoverTransactionAddress({ serializedTransaction: signed }), address);
    const legacyFilled = parseTransaction((await filled.request({ method: 'eth_signTransaction', params: [{ to: TO, type: '0x0' }] })) as TransactionSerialized);
    assert.equal(legacyFilled.gasPrice, 20_000_000_000n);
  });

  it('eth_sendTransaction: sent through eth_send_transaction, the hash once the status has one; a reverted send rejects with its error', async () => {
    const provider = make();
    const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from: address, to: TO, value: '0x2386f26fc10000', gas: '0x5208' }] })) as string;
    assert.match(hash, /^0x[0-9a-f]{64}$/);
    const sent = [...t.emulator.state.read.sendTransactions.values()].find((record) => record.txHash === hash);
    assert.equal(sent?.txStatus, 'INCLUDED');
    const activity = [...t.emulator.state.read.activities.values()].find((a) => (a.result.ethSendTransactionResult as { sendTransactionStatusId?: string } | undefined)?.sendTransactionStatusId === sent!.id);
    const intent = activity!.intent.ethSendTransactionIntent as Record<string, string>;
    assert.deepEqual([intent.from, intent.to, intent.caip2, intent.value, intent.gasLimit], [address, TO, 'eip155:1', '10000000000000000', '21000']);
    const failed = await rejectsWith(provider.request({ method: 'eth_sendTransaction', params: [{ to: REVERTS }] }), -32603, 'a reverted send');
    assert.match(String((failed.data as { txHash?: string }).txHash), /^0x[0-9a-f]{64}$/);
    await rejectsWith(provider.request({ method: 'eth_sendTransaction', params: [{ from: OTHER, to: TO }] }), 4100, 'another from');
    await rejectsWith(provider.request({ method: 'eth_sendTransaction', params: [{ data: '0x6000' }] }), -32602, 'a contract creation');
  });

  it('wallet_switchEthereumChain: to a configured chain (chainChanged), 4902 for another; read-only methods go to that chain\u2019s rpcUrl', async () => {
    const provider = make({ chains: [{ chainId: 8453, rpcUrl: rpc.url }] });
    const changes: unknown[] = [];
    provider.on('chainChanged', (id) => changes.push(id));
    await rejectsWith(provider.request({ method: 'eth_blockNumber' }), 4200, 'no rpcUrl on chain 1');
    await rejectsWith(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }), 4902, 'an unknown chain');
    await rejectsWith(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'x' }] }), -32602, 'a bad chain id');
    assert.equal(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }), null);
    assert.deepEqual(changes, ['0x2105']);
    assert.equal(await provider.request({ method: 'eth_chainId' }), '0x2105');
    assert.equal(await provider.request({ method: 'eth_blockNumber' }), '0x10');
    const refused = await rejectsWith(provider.request({ method: 'eth_getBalance', params: [address, 'latest'] }), -32601, 'the endpoint\u2019s own error');
    assert.equal(refused.data, 'x');
    assert.equal(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }), null);
    assert.deepEqual(changes, ['0x2105', '0x1']);
    const down = make({ rpcUrl: 'http://127.0.0.1:9/' });
    await rejectsWith(down.request({ method: 'eth_blockNumber' }), 4901, 'an endpoint that does not answer');
  });

  it('approve: a refusal is 4001 (user rejected) and nothing is signed', async () => {
    const asked: string[] = [];
    const provider = make({ approve: ({ method }) => (asked.push(method), false) });
    const before = t.emulator.state.read.activities.size;
    await rejectsWith(provider.request({ method: 'personal_sign', params: ['0x00', address] }), 4001, 'personal_sign refused');
    await rejectsWith(provider.request({ method: 'eth_signTransaction', params: [{ to: TO, nonce: '0x0', gas: '0x5208', gasPrice: '0x1' }] }), 4001, 'eth_signTransaction refused');
    assert.deepEqual(asked, ['personal_sign', 'eth_signTransaction']);
    assert.equal(t.emulator.state.read.activities.size, before);
  });

  it('confirm: each request that signs, sends or switches chain is shown as its review; a refusal is 4001 and nothing reaches the service', async () => {
    const reviews: RequestReview[] = [];
    const provider = make({ approve: undefined, confirm: async (review) => (reviews.push(review), false), origin: 'https://dapp.example', chains: [{ chainId: 8453 }] });
    const before = t.emulator.state.read.activities.size;
    await rejectsWith(provider.request({ method: 'personal_sign', params: [toHex('hello'), address] }), 4001, 'personal_sign refused');
    await rejectsWith(provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(MAIL_WITH_DOMAIN_TYPE)] }), 4001, 'typed data refused');
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, maxUint256] });
    await rejectsWith(provider.request({ method: 'eth_signTransaction', params: [{ to: TO, data: approve, nonce: '0x0', gas: '0x5208', gasPrice: '0x1' }] }), 4001, 'eth_signTransaction refused');
    await rejectsWith(provider.request({ method: 'eth_sendTransaction', params: [{ to: TO, value: '0x1' }] }), 4001, 'eth_sendTransaction refused');
    await rejectsWith(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }), 4001, 'switch refused');
    assert.equal(await provider.request({ method: 'eth_chainId' }), '0x1');
    assert.equal(t.emulator.state.read.activities.size, before);
    assert.deepEqual(reviews.map((r) => r.action), ['sign-message', 'sign-typed-data', 'sign-transaction', 'send-transaction', 'switch-chain']);
    for (const review of reviews) assert.deepEqual([review.origin, review.account, review.chain.id], ['https://dapp.example', address, 'eip155:1']);
    assert.deepEqual(reviews[0]!.message, { text: 'hello', hex: toHex('hello') });
    // No rpcUrl for chain 1: the transactions were not simulated, and their reviews say so (messages are not simulated).
    assert.deepEqual(reviews[2]!.warnings, ['unlimited-amount', 'delegation', 'not-simulated']);
    assert.deepEqual(reviews.map((r) => r.warnings.includes('not-simulated')), [false, false, true, true, false]);
    // The fields the provider filled are the ones it would sign.
    assert.deepEqual(reviews[2]!.sections.find((s) => s.title === 'fees')!.rows.map((r) => r.label), ['fee', 'gas', 'gas-price']);
  });

  it('confirm: a transaction is simulated on its rpcUrl before it is shown: its changes are data on the review', async () => {
    const reviews: RequestReview[] = [];
    const provider = make({ approve: undefined, confirm: async (review) => (reviews.push(review), false), rpcUrl: rpc.url });
    await rejectsWith(provider.request({ method: 'eth_sendTransaction', params: [{ to: TO, value: '0x3782dace9d90000' }] }), 4001, 'send refused');
    assert.deepEqual(reviews[0]!.simulation, { changes: [{ kind: 'transfer', standard: 'native', asset: 'native', direction: 'out', amount: '-250000000000000000', symbol: 'ETH', decimals: 18 }] });
    assert.ok(!reviews[0]!.warnings.includes('not-simulated'));
  });

  it('confirm: approved, the request is signed (viem verifies it)', async () => {
    let asked = 0;
    const provider = make({ approve: undefined, confirm: async () => (asked++, true) });
    const signature = (await provider.request({ method: 'personal_sign', params: [toHex('yes'), address] })) as `0x${string}`;
    assert.equal(asked, 1);
    assert.ok(await verifyMessage({ address, message: 'yes', signature }));
  });

  it('wallet_addEthereumChain: a new chain after the person agrees, then switchable; refused, it is not added', async () => {
    const provider = make({ rpcUrl: undefined });
    await rejectsWith(provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1e240', rpcUrls: ['javascript:alert(1)'] }] }), -32602, 'not an http URL');
    const refusing = make({ approve: ({ method }) => method !== 'wallet_addEthereumChain' });
    await rejectsWith(refusing.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1e240', rpcUrls: [rpc.url] }] }), 4001, 'add refused');
    await rejectsWith(refusing.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1e240' }] }), 4902, 'not added');
    assert.equal(await provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1e240', chainName: 'Test', rpcUrls: [rpc.url] }] }), null);
    assert.equal(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1e240' }] }), null);
    assert.equal(await provider.request({ method: 'eth_blockNumber' }), '0x10');
  });

  it('viem: createWalletClient({ transport: custom(provider) }) signs a message, typed data and a transaction, and sends one', async () => {
    const chain = defineChain({ id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc.url] } } });
    const client = createWalletClient({ account: address, chain, transport: custom(make()) });
    assert.deepEqual(await client.getAddresses(), [address]);
    assert.equal(await client.getChainId(), 1);
    const message = await client.signMessage({ message: 'hello from viem' });
    assert.equal(await verifyMessage({ address, message: 'hello from viem', signature: message }), true);
    const typed = await client.signTypedData(MAIL);
    assert.equal(await verifyTypedData({ address, ...MAIL, signature: typed }), true);
    const signed = await client.signTransaction({ to: TO, value: 5n, nonce: 1, gas: 21_000n, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n });
    assert.equal(await recoverTransactionAddress({ serializedTransaction: signed }), address);
    const hash = await client.sendTransaction({ to: TO, value: 7n });
    assert.match(hash, /^0x[0-9a-f]{64}$/);
    const status = await session.query('get_send_transaction_status', {
      sendTransactionStatusId: [...t.emulator.state.read.sendTransactions.values()].find((r) => r.txHash === hash)!.id,
    });
    assert.deepEqual([status.txStatus, status.eth?.txHash], ['INCLUDED', hash]);
    await assert.rejects(client.signMessage({ account: OTHER, message: 'x' }), (error: { code?: number }) => error.code === 4100);
  });

  it('ethers: new BrowserProvider(provider).getSigner() signs a message and typed data that ethers verifies', async () => {
    const browser = new BrowserProvider(make(), 1);
    const signer = await browser.getSigner();
    assert.equal(await signer.getAddress(), address);
    const signature = await signer.signMessage('hello from ethers');
    assert.equal(ethersVerifyMessage('hello from ethers', signature), address);
    const typed = await signer.signTypedData(MAIL.domain, MAIL_TYPES, MAIL.message);
    assert.equal(ethersVerifyTypedData(MAIL.domain, MAIL_TYPES, MAIL.message, typed), address);
    browser.destroy();
  });

  it('EIP-6963: announces {info, provider} at once and on every request; checks info', () => {
    const target = new EventTarget();
    const provider = make();
    const seen: { info: { name: string }; provider: unknown }[] = [];
    target.addEventListener('eip6963:announceProvider', (event) => seen.push((event as CustomEvent).detail));
    const info = { uuid: crypto.randomUUID(), name: 'Latchkey', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'dev.latchkey' };
    const stop = announceEip1193Provider({ info, provider, target });
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    assert.equal(seen.length, 2);
    assert.equal(seen[0]!.provider, provider);
    assert.deepEqual(seen[0]!.info, info);
    assert.ok(Object.isFrozen(seen[0]) && Object.isFrozen(seen[0]!.info));
    stop();
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    assert.equal(seen.length, 2);
    for (const bad of [{ uuid: 'x' }, { icon: 'https://example.com/icon.png' }, { rdns: 'latchkey' }, { name: '' }]) {
      assert.throws(() => announceEip1193Provider({ info: { ...info, ...bad }, provider, target }), (error: { code?: string }) => error.code === 'ERR_CONFIG_INVALID');
    }
  });

  it('logout: accountsChanged [] and disconnect (4900); then eth_accounts is empty and signing is 4900', async () => {
    const provider = make();
    const events: [string, unknown][] = [];
    provider.on('accountsChanged', (accounts) => events.push(['accountsChanged', accounts]));
    provider.on('disconnect', (error) => events.push(['disconnect', (error as ProviderRpcError).code]));
    await kit.logout();
    assert.deepEqual(events, [
      ['accountsChanged', []],
      ['disconnect', 4900],
    ]);
    assert.equal(provider.isConnected(), false);
    assert.deepEqual(await provider.request({ method: 'eth_accounts' }), []);
    assert.equal(await provider.request({ method: 'eth_chainId' }), '0x1');
    await rejectsWith(provider.request({ method: 'eth_requestAccounts' }), 4900, 'eth_requestAccounts');
    await rejectsWith(provider.request({ method: 'personal_sign', params: ['0x00', address] }), 4900, 'personal_sign');
    await rejectsWith(provider.request({ method: 'eth_sendTransaction', params: [{ to: TO }] }), 4900, 'eth_sendTransaction');
    // A provider made for an ended session starts disconnected.
    assert.deepEqual(await make().request({ method: 'eth_accounts' }), []);
  });
});
