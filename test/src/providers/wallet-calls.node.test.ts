// EIP-5792 batched calls and EIP-2255 permissions (issue 37) on the kit-bound EIP-1193 provider,
// as a dapp calls them: viem's sendCalls / getCallsStatus / waitForCallsStatus / getCapabilities /
// showCallsStatus / requestPermissions / getPermissions, and @wagmi/core's sendCalls and
// waitForCallsStatus, against the emulator with its local EVM chain (anvil) on, over real HTTP.
// The calls land on the chain (balances and receipts read back with viem's public client); the
// person sees every call of a batch on one review; a request that requires atomicity is refused
// with 5760 before anyone is asked, since the wallet sends each call as its own transaction; a
// call that fails stops the batch (status 600, the calls after it never sent); a batch is its
// sender's (another user gets 5730). Each test starts from the same chain state (evm_snapshot).
import { describe, it, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicClient, createWalletClient, custom, defineChain, encodeFunctionData, erc20Abi, getAddress, http, parseEther, parseUnits } from 'viem';
import { getCallsStatus, getCapabilities, getPermissions, requestPermissions, sendCalls, showCallsStatus, waitForCallsStatus } from 'viem/actions';
import { createEmulator } from '../../../demo/emulator/emulator.ts';
import type { ChainsDocument } from '../../../demo/emulator/chains/chain-types.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { createEip1193Provider, type LatchEip1193Provider } from '../../../src/providers/eip1193-provider.ts';
import type { RequestReview } from '../../../src/review/request-review.ts';
import { emulatorKitOptions, otpLogin, type TestEmulator } from '../kit/kit-emulator-support.ts';

const SEPOLIA = 11155111;
const RECIPIENT = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;

/** Rejects with an error (viem's, or the provider's) whose code is `code`. */
async function rejectsWithCode(promise: Promise<unknown>, code: number): Promise<void> {
  await assert.rejects(promise, (error: { code?: number; cause?: { code?: number }; message?: string }) => {
    assert.equal(error.code ?? error.cause?.code, code, `code ${code} (got ${String(error.message)})`);
    return true;
  });
}

describe('EIP-5792 batched calls and EIP-2255 permissions on the kit-bound provider (emulator, local EVM chain)', () => {
  let t: TestEmulator;
  let kit: LatchKit;
  let provider: LatchEip1193Provider;
  let rpcUrl: string;
  let usdc: `0x${string}`;
  let snapshot: string;
  const users: Record<'a' | 'b', { contact: string; eth: `0x${string}` }> = {} as never;
  /** What the person was shown, and what they answer next. */
  const reviews: RequestReview[] = [];
  let answer = true;

  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await response.json()) as { result: unknown }).result;
  };
  const faucet = async (body: Record<string, unknown>) => {
    const response = await fetch(`${t.urls.apiUrl}/__faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chain: `eip155:${SEPOLIA}`, ...body }) });
    assert.equal(response.status, 200, await response.text());
  };
  const login = async (who: 'a' | 'b') => {
    const known = users[who];
    if (known) return otpLogin(t, kit, known.contact);
    const contact = `wallet-calls.${who}.${Date.now()}@example.com`;
    const outcome = await otpLogin(t, kit, contact, { userName: `User ${who}`, wallet: { walletName: 'Main', accounts: [ETH] } });
    users[who] = { contact, eth: getAddress(outcome.signup!.wallet!.addresses[0]!) };
    return outcome;
  };

  const chain = () => defineChain({ id: SEPOLIA, name: 'Sepolia (local)', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const pub = () => createPublicClient({ chain: chain(), transport: http(rpcUrl) });
  const wallet = () => createWalletClient({ chain: chain(), account: users.a.eth, transport: custom(provider) });
  const usdcBalance = (address: string) => pub().readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address as `0x${string}`] });
  const usdcTransfer = (to: string, amount: string) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as `0x${string}`, parseUnits(amount, 6)] });

  before(async () => {
    const emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, chains: 'evm' });
    const urls = await emulator.start();
    const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as TestEmulator['keys'];
    t = { emulator, urls, keys };
    const doc = (await (await fetch(`${urls.apiUrl}/__chains`)).json()) as ChainsDocument;
    const sepolia = doc.evm.find((c) => c.caip2 === `eip155:${SEPOLIA}`)!;
    rpcUrl = sepolia.rpcUrl;
    usdc = sepolia.tokens.find((token) => token.symbol === 'USDC')!.address as `0x${string}`;
    kit = new LatchKit(emulatorKitOptions(t, { sessionChannel: noSessionChannel }));
    provider = createEip1193Provider({
      kit,
      chainId: SEPOLIA,
      rpcUrl,
      origin: 'https://dapp.example',
      sendStatusPolling: { initialDelayMs: 20 },
      // The sheet's stand-in: what the person would read, and their answer.
      confirm: async (review) => (reviews.push(review), answer),
    });
    await login('b');
    await login('a');
    await faucet({ address: users.a.eth, amount: '1' });
    await faucet({ address: users.a.eth, asset: 'USDC', amount: '10' });
  });
  after(async () => {
    provider?.dispose();
    kit?.dispose();
    await t?.emulator.stop();
  });
  beforeEach(async () => {
    snapshot = (await rpc('evm_snapshot')) as string;
    reviews.length = 0;
    answer = true;
  });
  afterEach(async () => {
    assert.equal(await rpc('evm_revert', [snapshot]), true);
  });

  it('viem sendCalls: the person sees every call on one review; the calls land in order; waitForCallsStatus gives 200 with a real receipt per call', async () => {
    const client = wallet();
    const { id } = await sendCalls(client, {
      calls: [
        { to: RECIPIENT, value: parseEther('0.01') },
        { to: usdc, data: usdcTransfer(OTHER, '2.5') },
      ],
    });
    assert.match(id, /^0x[0-9a-f]{64}$/);
    assert.equal(reviews.length, 1, 'one review for the batch');
    const [review] = reviews;
    assert.equal(review!.action, 'send-transaction');
    assert.equal(review!.origin, 'https://dapp.example');
    assert.equal(review!.account, users.a.eth);
    // Each call's own section, headed i/n, with its recipient; the ERC-20 transfer decoded.
    const heads = review!.sections.filter((s) => s.heading?.includes('/'));
    assert.deepEqual(heads.map((s) => s.heading), ['1/2', '2/2']);
    assert.deepEqual(heads.map((s) => s.rows.find((r) => r.label === 'to')?.value.toLowerCase()), [RECIPIENT, usdc.toLowerCase()]);
    assert.ok(review!.sections.some((s) => s.title === 'call' && s.rows.some((r) => r.value.toLowerCase() === OTHER)), 'the USDC transfer is decoded with its recipient');
    assert.ok(review!.warnings.includes('not-simulated'));

    const status = await waitForCallsStatus(client, { id, pollingInterval: 50, timeout: 30_000 });
    assert.equal(status.status, 'success');
    assert.equal(status.statusCode, 200);
    assert.equal(status.atomic, false);
    assert.equal(status.chainId, SEPOLIA);
    assert.equal(status.receipts!.length, 2);
    for (const receipt of status.receipts!) {
      assert.equal(receipt.status, 'success');
      const real = await pub().getTransactionReceipt({ hash: receipt.transactionHash });
      assert.equal(real.blockHash, receipt.blockHash);
      assert.equal(real.from.toLowerCase(), users.a.eth.toLowerCase());
    }
    const [first, second] = await Promise.all(status.receipts!.map((r) => pub().getTransaction({ hash: r.transactionHash })));
    assert.equal(first!.to, RECIPIENT);
    assert.equal(second!.to!.toLowerCase(), usdc.toLowerCase());
    assert.ok(second!.nonce > first!.nonce, 'sent in order');
    assert.equal(status.receipts![1]!.logs.length, 1, 'the Transfer log');
    assert.equal(await pub().getBalance({ address: RECIPIENT }), parseEther('0.01'));
    assert.equal(await usdcBalance(OTHER), parseUnits('2.5', 6));
    // showCallsStatus: the wallet knows the batch.
    await showCallsStatus(client, { id });
  });

  it('atomicity required (forceAtomic) is refused with 5760 before anyone is asked, nothing sent; getCapabilities says atomic unsupported', async () => {
    const client = wallet();
    assert.deepEqual(await getCapabilities(client, { account: users.a.eth, chainId: SEPOLIA }), { atomic: { status: 'unsupported' } });
    const count = await pub().getTransactionCount({ address: users.a.eth });
    await rejectsWithCode(sendCalls(client, { forceAtomic: true, calls: [{ to: RECIPIENT, value: 1n }, { to: OTHER, value: 1n }] }), 5760);
    assert.equal(reviews.length, 0, 'nobody was asked');
    assert.equal(await pub().getTransactionCount({ address: users.a.eth }), count);
    // A non-optional capability the wallet does not have: 5700; an optional one is fine.
    await rejectsWithCode(sendCalls(client, { calls: [{ to: RECIPIENT }], capabilities: { paymasterService: { url: 'https://pm.example' } } }), 5700);
    assert.equal(reviews.length, 0);
  });

  it('a call that fails stops the batch: 600 with the first call\u2019s receipt, the next call never sent', async () => {
    const client = wallet();
    const { id } = await sendCalls(client, {
      calls: [
        { to: RECIPIENT, value: parseEther('0.01') },
        { to: usdc, data: usdcTransfer(OTHER, '1000') }, // more than the account holds: the chain refuses it
        { to: OTHER, value: parseEther('0.02') },
      ],
    });
    const status = await waitForCallsStatus(client, { id, pollingInterval: 50, timeout: 30_000, throwOnFailure: false });
    assert.equal(status.statusCode, 600);
    assert.equal(status.status, 'failure');
    assert.equal(status.receipts!.length, 1);
    assert.equal(status.receipts![0]!.status, 'success');
    assert.equal(await pub().getBalance({ address: OTHER }), 0n, 'the call after the failure was never sent');
    assert.equal(await pub().getTransactionCount({ address: users.a.eth }), 1);
  });

  it('a rejected batch is 4001 and sends nothing; another user asking for a batch\u2019s status gets 5730', async () => {
    const client = wallet();
    answer = false;
    await rejectsWithCode(sendCalls(client, { calls: [{ to: RECIPIENT, value: 1n }] }), 4001);
    assert.equal(await pub().getTransactionCount({ address: users.a.eth }), 0);
    answer = true;
    const { id } = await sendCalls(client, { calls: [{ to: RECIPIENT, value: 1n }] });
    assert.equal((await waitForCallsStatus(client, { id, pollingInterval: 50, timeout: 30_000 })).statusCode, 200);
    await rejectsWithCode(getCallsStatus(client, { id: `0x${'00'.repeat(32)}` }), 5730);
    await login('b');
    await rejectsWithCode(getCallsStatus(client, { id }), 5730);
    await rejectsWithCode(showCallsStatus(client, { id }), 5730);
    await login('a');
    assert.equal((await getCallsStatus(client, { id })).statusCode, 200);
  });

  it('@wagmi/core sendCalls and waitForCallsStatus through the injected connector', async () => {
    const { createConfig, connect, injected, sendCalls: wagmiSendCalls, waitForCallsStatus: wagmiWait, disconnect } = await import('@wagmi/core');
    // wagmi's injected connector finds a provider only where there is a `window`: Node has none.
    const g = globalThis as { window?: unknown };
    const hadWindow = 'window' in g;
    g.window ??= new EventTarget();
    try {
      const config = createConfig({
        chains: [chain()],
        connectors: [injected({ target: { id: 'latchkey', name: 'Latchkey', provider } })],
        transports: { [SEPOLIA]: http(rpcUrl) },
        multiInjectedProviderDiscovery: false,
        storage: null,
      });
      const connected = await connect(config, { connector: config.connectors[0]! });
      assert.deepEqual(connected.accounts, [users.a.eth]);
      const { id } = await wagmiSendCalls(config, { calls: [{ to: RECIPIENT, value: parseEther('0.03') }, { to: usdc, data: usdcTransfer(RECIPIENT, '1') }] });
      const status = await wagmiWait(config, { id, pollingInterval: 50, timeout: 30_000 });
      assert.equal(status.status, 'success');
      assert.equal(status.receipts!.length, 2);
      assert.equal(reviews.length, 1);
      assert.equal(await pub().getBalance({ address: RECIPIENT }), parseEther('0.03'));
      assert.equal(await usdcBalance(RECIPIENT), parseUnits('1', 6));
      await disconnect(config);
    } finally {
      if (!hadWindow) delete g.window;
    }
  });

  it('EIP-2255 with viem: requestPermissions and getPermissions answer eth_accounts with the user\u2019s accounts, as MetaMask does; none after a logout', async () => {
    const client = wallet();
    const [granted] = await requestPermissions(client, { eth_accounts: {} });
    assert.equal(granted!.parentCapability, 'eth_accounts');
    assert.equal(granted!.invoker, 'https://dapp.example');
    assert.deepEqual(granted!.caveats, [{ type: 'restrictReturnedAccounts', value: [users.a.eth] }]);
    assert.equal(typeof granted!.date, 'number');
    assert.deepEqual(await getPermissions(client), [granted]);
    await rejectsWithCode(client.request({ method: 'wallet_requestPermissions', params: [{ eth_coinbase: {} } as never] }), -32601);
    assert.equal(reviews.length, 0);
    await kit.logout();
    assert.deepEqual(await getPermissions(client), []);
    await rejectsWithCode(requestPermissions(client, { eth_accounts: {} }), 4900);
    await login('a');
  });
});
