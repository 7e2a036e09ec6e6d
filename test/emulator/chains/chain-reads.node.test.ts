/**
 * The hosted read routes from the local EVM chain, read with the hosted HTTP client
 * (`@turnkey/http`, a library this project did not write) in its own shapes:
 * get_wallet_address_balances, list_supported_assets, get_nonces, and eth_send_raw_transaction
 * of a transaction viem signed. One anvil for the file, each
 * test isolated by evm_snapshot / evm_revert.
 */
import { describe, it, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { p256 } from '@noble/curves/nist.js';
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, defineChain } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startFixture, plainPost, getJson } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { senderWallet } from '../onramp/send-v2-bodies.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { ChainsDocument, EvmChainInfo } from '../../../demo/emulator/chains/chain-types.ts';

const SEPOLIA = 'eip155:11155111';

describe('hosted read routes from the local EVM chain', () => {
  let f: Fixture;
  let hosted: TurnkeyClient;
  let address: string;
  let chain: EvmChainInfo;
  let snapshot: string;
  const rpc = async (method: string, params: unknown[] = []) =>
    ((await (await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: unknown }).result;

  before(async () => {
    const secret = p256.utils.randomSecretKey();
    const apiPublicKey = toHex(p256.getPublicKey(secret, true));
    f = await startFixture({ chains: 'evm', rootApiKeys: [apiPublicKey] });
    hosted = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) }));
    [address] = await senderWallet(f, 'reader');
    chain = ((await getJson(`${f.urls.apiUrl}/__chains`)).json as unknown as ChainsDocument).evm[0]!;
  });
  after(() => f.stop());
  beforeEach(async () => {
    snapshot = (await rpc('evm_snapshot')) as string;
  });
  afterEach(async () => {
    assert.equal(await rpc('evm_revert', [snapshot]), true);
  });

  it('get_wallet_address_balances: the native coin always, each token held, in atomic units with decimals', async () => {
    const empty = await hosted.getWalletAddressBalances({ organizationId: f.demoOrgId, address, caip2: SEPOLIA });
    assert.deepEqual(empty.balances, [{ caip19: `${SEPOLIA}/slip44:60`, symbol: 'ETH', balance: '0', decimals: 18, display: { crypto: '0' }, name: 'Ether (local)' }]);
    await plainPost(`${f.urls.apiUrl}/__faucet`, { address, chain: SEPOLIA, amount: '1.5' });
    await plainPost(`${f.urls.apiUrl}/__faucet`, { address, chain: SEPOLIA, asset: 'USDC', amount: '42.25' });
    const { balances } = await hosted.getWalletAddressBalances({ organizationId: f.demoOrgId, address, caip2: SEPOLIA });
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address as `0x${string}`;
    const pub = createPublicClient({ transport: http(chain.rpcUrl) });
    assert.deepEqual(balances, [
      { caip19: `${SEPOLIA}/slip44:60`, symbol: 'ETH', balance: parseEther('1.5').toString(), decimals: 18, display: { crypto: '1.5' }, name: 'Ether (local)' },
      { caip19: `${SEPOLIA}/erc20:${usdc}`, symbol: 'USDC', balance: parseUnits('42.25', 6).toString(), decimals: 6, display: { crypto: '42.25' }, name: 'USD Coin (local)' },
    ]);
    // The chain agrees (read by viem).
    assert.equal((await pub.getBalance({ address: address as `0x${string}` })).toString(), balances![0]!.balance);
    assert.equal((await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address as `0x${string}`] })).toString(), balances![1]!.balance);
  });

  it('list_supported_assets and get_nonces in the hosted shapes', async () => {
    const { assets } = await hosted.listSupportedAssets({ organizationId: f.demoOrgId, caip2: SEPOLIA });
    assert.deepEqual(assets!.map((a) => [a.symbol, a.decimals, a.stable]), [['ETH', 18, false], ['USDC', 6, true], ['LTK', 18, false], ['LKC', 0, false]]);
    assert.equal((await hosted.getNonces({ organizationId: f.demoOrgId, address, caip2: SEPOLIA, nonce: true })).nonce, '0');
    await plainPost(`${f.urls.apiUrl}/__faucet`, { address, chain: SEPOLIA, amount: '1' });
    assert.equal((await f.submit('eth_send_transaction', f.demoOrgId, { from: address, caip2: SEPOLIA, to: '0x1111111111111111111111111111111111111111', value: '1' })).status, 200);
    assert.equal((await hosted.getNonces({ organizationId: f.demoOrgId, address, caip2: SEPOLIA, nonce: true })).nonce, '1');
  });

  it('eth_send_raw_transaction broadcasts what viem signed; the chain\'s refusal is the service\'s 400 and records nothing', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await plainPost(`${f.urls.apiUrl}/__faucet`, { address: account.address, chain: SEPOLIA, amount: '1' });
    const local = defineChain({ id: 11155111, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } });
    const wallet = createWalletClient({ account, chain: local, transport: http(chain.rpcUrl) });
    const request = await wallet.prepareTransactionRequest({ to: '0x2222222222222222222222222222222222222222', value: 123n });
    const signedTransaction = await wallet.signTransaction(request);
    const sent = await hosted.ethSendRawTransaction({ type: 'ACTIVITY_TYPE_ETH_SEND_RAW_TRANSACTION', timestampMs: String(f.now()), organizationId: f.demoOrgId, parameters: { signedTransaction, caip2: SEPOLIA } });
    const hash = sent.activity.result.ethSendRawTransactionResult!.transactionHash as `0x${string}`;
    const pub = createPublicClient({ transport: http(chain.rpcUrl) });
    assert.equal((await pub.getTransactionReceipt({ hash })).status, 'success');
    assert.equal(await pub.getBalance({ address: '0x2222222222222222222222222222222222222222' }), 123n);
    const again = await assertNoStateChange(f.emulator, () => f.submit('eth_send_raw_transaction', f.demoOrgId, { signedTransaction, caip2: SEPOLIA }));
    assertServiceError(again, 400, 3, 'TRANSACTION_REJECTED', 'nonce too low');
  });

  it('the on-ramp sandbox\'s completed purchase credits the bought USDC on the local chain', async () => {
    const init = await f.submit('init_fiat_on_ramp', f.demoOrgId, {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM',
      cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC',
      walletAddress: address,
      fiatCurrencyCode: 'FIAT_ON_RAMP_CURRENCY_USD',
      fiatCurrencyAmount: '25.5',
      sandboxMode: true,
    });
    assert.equal(init.status, 200, JSON.stringify(init.json));
    const { onRampTransactionId } = Object.values((init.json.activity as { result: Record<string, { onRampTransactionId: string }> }).result)[0]!;
    const done = await fetch(`${f.urls.apiUrl}/__onramp/${onRampTransactionId}/complete`, { method: 'POST' });
    assert.equal(done.status, 200);
    assert.match(await done.text(), /id="onramp-credit"[^>]*>Credited 25500000 atomic units of USDC/);
    const { balances } = await hosted.getWalletAddressBalances({ organizationId: f.demoOrgId, address, caip2: SEPOLIA });
    assert.deepEqual(balances!.map((b) => [b.symbol, b.balance]), [['ETH', '0'], ['USDC', '25500000']]);
  });

  it('an address outside the organization, a chain not run, a malformed caip2: the service\'s errors, nothing changed', async () => {
    const read = (body: Record<string, unknown>) => f.query('get_wallet_address_balances', { organizationId: f.demoOrgId, ...body });
    assertServiceError(await assertNoStateChange(f.emulator, () => read({ address: '0x1111111111111111111111111111111111111111', caip2: SEPOLIA })), 404, 5, 'ADDRESS_NOT_FOUND');
    assertServiceError(await read({ address, caip2: 'eip155:1' }), 400, 3, 'CHAIN_UNAVAILABLE');
    assertServiceError(await read({ address, caip2: 'bitcoin:x' }), 400, 3);
    assertServiceError(await f.query('list_supported_assets', { organizationId: f.demoOrgId, caip2: 'eip155:1' }), 400, 3, 'CHAIN_UNAVAILABLE');
  });
});
