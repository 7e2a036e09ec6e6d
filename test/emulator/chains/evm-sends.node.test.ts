/**
 * Sends land on the local EVM chain (issue 35), over real HTTP on 127.0.0.1: one anvil per
 * file (the emulator with `chains: 'evm'`), each test isolated by `evm_snapshot` /
 * `evm_revert`. A user funded by `/__faucet` sends ETH and USDC through eth_send_transaction;
 * viem's public client (a library this project did not write) reads the balances and the
 * receipt; the chain's refusals (a revert with its reason, insufficient funds, nonce too low)
 * come back FAILED with the chain's words and nothing sent; the hosted HTTP client
 * (`@turnkey/http`) sends and reads the status in its own shapes.
 */
import { describe, it, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, parseUnits } from 'viem';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { startFixture, getJson, plainPost } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { clientFor } from '../policy/org-users.ts';
import { p256 } from '@noble/curves/nist.js';
import { toHex } from '../../../src/encoding/hex.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { ActivityClient } from '../../../src/clients/activity-client.ts';
import type { SendTransactionStatus } from '../../../src/clients/activity-types.ts';
import type { ChainsDocument, EvmChainInfo } from '../../../demo/emulator/chains/chain-types.ts';

const SEPOLIA = 'eip155:11155111';
const RECIPIENT = '0x1111111111111111111111111111111111111111';

type Status = SendTransactionStatus & { eth?: { txHash: string; blockNumber?: string } };

describe('sends on the local EVM chain', () => {
  let f: Fixture;
  let root: ActivityClient;
  let from: `0x${string}`;
  let chain: EvmChainInfo;
  let usdc: `0x${string}`;
  let pub: ReturnType<typeof createPublicClient>;
  let snapshot: string;
  let anvilPids: number[];
  let hosted: TurnkeyClient;
  let stopped = false;

  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await response.json()) as { result: unknown }).result;
  };
  const faucet = (body: Record<string, unknown>, headers: Record<string, string> = {}) => plainPost(`${f.urls.apiUrl}/__faucet`, body, headers);
  const send = async (parameters: Record<string, unknown>) => {
    const activity = await root.submit('eth_send_transaction', { organizationId: f.demoOrgId, parameters: { from, caip2: SEPOLIA, ...parameters } as never });
    return root.result(activity).sendTransactionStatusId;
  };
  const status = (sendTransactionStatusId: string): Promise<Status> => root.query('get_send_transaction_status', { organizationId: f.demoOrgId, sendTransactionStatusId });
  const usdcBalance = (address: string) => pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address as `0x${string}`] });

  before(async () => {
    const secret = p256.utils.randomSecretKey();
    const apiPublicKey = toHex(p256.getPublicKey(secret, true));
    f = await startFixture({ chains: 'evm', rootApiKeys: [apiPublicKey] });
    hosted = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) }));
    root = clientFor(f, f.root);
    const wallet = root.result(
      await root.submit('create_wallet', {
        organizationId: f.demoOrgId,
        parameters: { walletName: 'chain sender', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] } as never,
      }),
    ) as unknown as { addresses: string[] };
    from = wallet.addresses[0] as `0x${string}`;
    const doc = (await getJson(`${f.urls.apiUrl}/__chains`)).json as unknown as ChainsDocument;
    chain = doc.evm.find((c) => c.caip2 === SEPOLIA)!;
    usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address as `0x${string}`;
    pub = createPublicClient({ transport: http(chain.rpcUrl) });
    anvilPids = f.emulator.context.chains!.evmChains().map((c) => c.pid);
  });
  after(() => f.stop());
  beforeEach(async () => {
    snapshot = (await rpc('evm_snapshot')) as string;
  });
  afterEach(async () => {
    if (stopped) return;
    assert.equal(await rpc('evm_revert', [snapshot]), true);
  });

  it('/__chains lists both EVM chains with their tokens at fixed addresses, open to every origin', async () => {
    const answer = await getJson(`${f.urls.apiUrl}/__chains`, { origin: 'https://elsewhere.example' });
    assert.equal(answer.status, 200);
    const doc = answer.json as unknown as ChainsDocument;
    assert.deepEqual(doc.evm.map((c) => [c.chainId, c.caip2]), [[11155111, 'eip155:11155111'], [84532, 'eip155:84532']]);
    assert.equal(doc.solana, null);
    assert.equal(doc.down, undefined);
    for (const c of doc.evm) {
      assert.match(c.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(await createPublicClient({ transport: http(c.rpcUrl) }).getChainId(), c.chainId);
      assert.deepEqual(c.tokens, [
        { symbol: 'USDC', address: '0x5fbdb2315678afecb367f032d93f642f64180aa3', decimals: 6, standard: 'erc20' },
        { symbol: 'LTK', address: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512', decimals: 18, standard: 'erc20' },
        { symbol: 'LKC', address: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', decimals: 0, standard: 'erc721' },
      ]);
    }
    assert.equal(await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'decimals' }), 6);
    assert.equal(await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'symbol' }), 'USDC');
  });

  it('a user funded by the faucet sends ETH: INCLUDED with the real hash and block; both balances are the chain\'s', async () => {
    assert.equal((await faucet({ address: from, chain: SEPOLIA, amount: '1' })).status, 200);
    assert.equal(await pub.getBalance({ address: from }), parseEther('1'));
    const st = await status(await send({ to: RECIPIENT, value: parseEther('0.25').toString() }));
    assert.equal(st.txStatus, 'INCLUDED', JSON.stringify(st));
    assert.equal(st.error, undefined);
    const receipt = await pub.getTransactionReceipt({ hash: st.eth!.txHash as `0x${string}` });
    assert.equal(receipt.status, 'success');
    assert.equal(receipt.from.toLowerCase(), from.toLowerCase());
    assert.equal(receipt.blockNumber.toString(), st.eth!.blockNumber);
    assert.equal(receipt.type, 'eip1559');
    assert.equal(await pub.getBalance({ address: RECIPIENT }), parseEther('0.25'));
    assert.equal(await pub.getBalance({ address: from }), parseEther('0.75') - receipt.gasUsed * receipt.effectiveGasPrice);
    assert.equal(await pub.getTransactionCount({ address: from }), 1);
  });

  it('sends USDC (an ERC-20 transfer as calldata): both token balances move', async () => {
    await faucet({ address: from, chain: SEPOLIA, amount: '1' });
    assert.equal((await faucet({ address: from, chain: SEPOLIA, asset: 'USDC', amount: '100' })).status, 200);
    assert.equal(await usdcBalance(from), parseUnits('100', 6));
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, parseUnits('25.5', 6)] });
    const st = await status(await send({ to: usdc, data }));
    assert.equal(st.txStatus, 'INCLUDED', JSON.stringify(st));
    assert.equal((await pub.getTransactionReceipt({ hash: st.eth!.txHash as `0x${string}` })).status, 'success');
    assert.equal(await usdcBalance(from), parseUnits('74.5', 6));
    assert.equal(await usdcBalance(RECIPIENT), parseUnits('25.5', 6));
  });

  it('a revert is FAILED with its custom error decoded, and nothing is sent', async () => {
    await faucet({ address: from, chain: SEPOLIA, amount: '1' });
    await faucet({ address: from, chain: SEPOLIA, asset: 'USDC', amount: '1' });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, parseUnits('2', 6)] });
    const st = await status(await send({ to: usdc, data }));
    assert.equal(st.txStatus, 'FAILED');
    assert.equal(st.eth, undefined, 'refused by the estimate: no hash, nothing sent');
    const entry = st.error!.revertChain![0]!;
    assert.equal(entry.errorType, 'custom');
    assert.equal(entry.custom!.errorName, 'ERC20InsufficientBalance');
    assert.deepEqual(JSON.parse(entry.custom!.paramsJson), { sender: from.toLowerCase(), balance: '1000000', needed: '2000000' });
    assert.match(st.txError!, /ERC20InsufficientBalance/);
    assert.equal(await pub.getTransactionCount({ address: from }), 0);
    assert.equal(await usdcBalance(from), parseUnits('1', 6));
  });

  it('with its own gas limit a reverting send is mined with status 0: FAILED with the hash and the Error(string) reason', async () => {
    await faucet({ address: from, chain: SEPOLIA, amount: '1' });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: ['0x0000000000000000000000000000000000000000', 0n] });
    const st = await status(await send({ to: usdc, data, gasLimit: '100000' }));
    assert.equal(st.txStatus, 'FAILED', JSON.stringify(st));
    const receipt = await pub.getTransactionReceipt({ hash: st.eth!.txHash as `0x${string}` });
    assert.equal(receipt.status, 'reverted');
    const entry = st.error!.revertChain![0]!;
    assert.equal(entry.errorType, 'native');
    assert.equal(entry.native!.message, 'TestToken: transfer to the zero address');
    assert.equal(entry.displayMessage, 'Error(TestToken: transfer to the zero address)');
  });

  it('insufficient funds: FAILED with the chain\'s reason, no hash, the nonce unused', async () => {
    await faucet({ address: from, chain: SEPOLIA, amount: '0.001' });
    const st = await status(await send({ to: RECIPIENT, value: parseEther('1').toString(), gasLimit: '21000' }));
    assert.equal(st.txStatus, 'FAILED');
    assert.match(st.txError!, /insufficient funds/i);
    assert.equal(st.eth, undefined);
    assert.equal(await pub.getTransactionCount({ address: from }), 0);
    assert.equal(await pub.getBalance({ address: RECIPIENT }), 0n);
  });

  it('nonce too low: FAILED with the chain\'s reason; the first send stands alone', async () => {
    await faucet({ address: from, chain: SEPOLIA, amount: '1' });
    assert.equal((await status(await send({ to: RECIPIENT, value: '1', nonce: '0' }))).txStatus, 'INCLUDED');
    const st = await status(await send({ to: RECIPIENT, value: '2', nonce: '0' }));
    assert.equal(st.txStatus, 'FAILED');
    assert.match(st.txError!, /nonce too low/i);
    assert.equal(st.eth, undefined);
    assert.equal(await pub.getBalance({ address: RECIPIENT }), 1n);
  });

  it('a nonce gap is queued by the chain (BROADCASTED) and INCLUDED once the gap is filled', async () => {
    await faucet({ address: from, chain: SEPOLIA, amount: '1' });
    const later = await send({ to: RECIPIENT, value: '5', nonce: '1' });
    const queued = await status(later);
    assert.equal(queued.txStatus, 'BROADCASTED');
    assert.equal(await pub.getBalance({ address: RECIPIENT }), 0n);
    assert.equal((await status(await send({ to: RECIPIENT, value: '1' }))).txStatus, 'INCLUDED');
    const landed = await status(later);
    assert.equal(landed.txStatus, 'INCLUDED');
    assert.equal(landed.eth!.txHash, queued.eth!.txHash);
    assert.equal(await pub.getBalance({ address: RECIPIENT }), 6n);
  });

  it('a chain the emulator does not run refuses the send with the service\'s error, changing nothing', async () => {
    const answer = await assertNoStateChange(f.emulator, () => f.submit('eth_send_transaction', f.demoOrgId, { from, caip2: 'eip155:1', to: RECIPIENT, value: '1' }));
    assertServiceError(answer, 400, 3, 'CHAIN_UNAVAILABLE', 'eip155:1');
  });

  it('the hosted HTTP client sends (V2, one call) and reads the status in its shapes', async () => {
    await faucet({ address: from, chain: SEPOLIA, amount: '1' });
    const sent = await hosted.ethSendTransaction({
      type: 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
      timestampMs: String(f.now()),
      organizationId: f.demoOrgId,
      parameters: { from, caip2: SEPOLIA, calls: [{ to: RECIPIENT, value: '7' }] },
    });
    const id = (sent.activity.result as { ethSendTransactionResultV2?: { sendTransactionStatusId: string } }).ethSendTransactionResultV2!.sendTransactionStatusId;
    const st = await hosted.getSendTransactionStatus({ organizationId: f.demoOrgId, sendTransactionStatusId: id });
    assert.equal(st.txStatus, 'INCLUDED');
    assert.match(st.eth!.txHash!, /^0x[0-9a-f]{64}$/);
    assert.equal(await pub.getBalance({ address: RECIPIENT }), 7n);
  });

  it('the faucet: bad input is the service\'s 400 and funds nothing; a page of another site may not call it', async () => {
    for (const body of [
      { address: 'nope', chain: SEPOLIA },
      { address: RECIPIENT, chain: 'eip155:abc' },
      { address: RECIPIENT, chain: SEPOLIA, asset: 'DOGE' },
      { address: RECIPIENT, chain: SEPOLIA, amount: '-1' },
      { address: RECIPIENT, chain: SEPOLIA, asset: 'USDC', amount: '0.0000001' },
      { address: RECIPIENT, chain: SEPOLIA, amount: '0' },
    ]) {
      assertServiceError(await faucet(body), 400, 3);
    }
    assertServiceError(await faucet({ address: '11111111111111111111111111111111', chain: 'solana' }), 400, 3, 'CHAIN_UNAVAILABLE');
    assertServiceError(await faucet({ address: RECIPIENT, chain: SEPOLIA }, { origin: 'https://evil.example' }), 403, 7);
    assert.equal(await pub.getBalance({ address: RECIPIENT }), 0n);
    const nft = await faucet({ address: RECIPIENT, chain: SEPOLIA, asset: 'LKC', amount: '2' });
    assert.equal(nft.status, 200);
    assert.equal((nft.json.txHashes as string[]).length, 2);
  });

  it('anvil is gone after the emulator stops', async () => {
    assert.equal(anvilPids.length, 2);
    await f.stop();
    stopped = true;
    for (const pid of anvilPids) assert.throws(() => process.kill(pid, 0), /ESRCH/);
  });
});
