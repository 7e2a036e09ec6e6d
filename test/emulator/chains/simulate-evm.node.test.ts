/**
 * Simulation on the sheet (issue 36 item 2), against the emulator's local EVM chain (anvil, one
 * per file, each test isolated by evm_snapshot / evm_revert): src/review/simulate-evm.ts asks the
 * chain with eth_simulateV1 what a transaction changes for the account: an ERC-20 transfer is
 * USDC out with the symbol and decimals read from the contract, a contract that pays out is ETH
 * in, an approval is the allowance set, a revert is `will-fail` with its reason (Error(string),
 * a custom error's selector, Panic). viem's `simulateCalls` (a library this project did not write)
 * on the same chain (its traceTransfers logs, parsed by viem) is the outside truth for the amounts. A dead endpoint, a node without the
 * method and a server that never answers are `not-simulated`, the last one within the timeout.
 * An approval or permit whose spender has no code (an EOA, or one with only an EIP-7702
 * delegation) carries 'no-code-spender', its code read with eth_getCode as viem's getCode reads it.
 */
import { describe, it, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, encodeAbiParameters, encodeFunctionData, erc20Abi, erc721Abi, http, maxUint256, parseEther, parseEventLogs, parseUnits, type Address } from 'viem';
import { startFixture, getJson, plainPost } from '../support/emulator-fixture.ts';
import { simulateEvmReview, simulateEvmTransaction, SIMULATION_TIMEOUT_MS, type EvmSimulation } from '../../../src/review/simulate-evm.ts';
import { reviewEvmRequest } from '../../../src/review/evm-review.ts';
import { reviewEvmRequestSimulated } from '../../../src/review/evm-review-simulated.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { ChainsDocument, EvmChainInfo } from '../../../demo/emulator/chains/chain-types.ts';

const SEPOLIA = 'eip155:11155111';
const ACCOUNT = '0x7e57000000000000000000000000000000000a11' as Address;
const RECIPIENT = '0x1111111111111111111111111111111111111111' as Address;
const PAYER = '0x2222222222222222222222222222222222222222' as Address;
const PANICKER = '0x3333333333333333333333333333333333333333' as Address;
/** CALL(gas, caller, 0.5 ETH, 0, 0, 0, 0); STOP: pays whoever calls it half an ether. */
const PAYER_CODE = '0x600060006000600067' + '06f05b59d3b20000' + '335af100';
/** mstore(0, Panic selector << 224); mstore(4, 0x11); revert(0, 0x24): Panic(0x11), an overflow. */
const PANIC_CODE = '0x634e487b7160e01b600052601160045260246000fd';

const hex2 = (n: number) => n.toString(16).padStart(4, '0');
/** Code that ends by copying `blob` (hex) to memory and handing it back: RETURN (f3) or REVERT (fd). */
const answering = (prefix: string, blob: string, opcode: 'f3' | 'fd') => {
  const head = `${prefix}61${hex2(blob.length / 2)}61XXXX600039` + `61${hex2(blob.length / 2)}6000${opcode}`;
  return `0x${head.replace('XXXX', hex2(head.length / 2))}${blob}`;
};
/** An ABI-encoded string, as Error(string) and symbol() carry it. */
const abiString = (text: string) => encodeAbiParameters([{ type: 'string' }], [text]).slice(2);
/**
 * A "token" whose every call logs Transfer(caller → RECIPIENT, 5) and answers `symbol` (its
 * symbol() and decimals() alike: decimals are then unknown).
 */
const loggingToken = (symbol: string) =>
  answering(`60056000527311111111111111111111111111111111111111113` + `37f${TRANSFER_TOPIC.slice(2)}60206000a3`, abiString(symbol), 'f3');
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

describe('simulation on the sheet: eth_simulateV1 on the local EVM chain', () => {
  let f: Fixture;
  let chain: EvmChainInfo;
  let usdc: Address;
  let pub: ReturnType<typeof createPublicClient>;
  let snapshot: string;
  const servers: Server[] = [];

  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await response.json()) as { result: unknown }).result;
  };
  const faucet = (body: Record<string, unknown>) => plainPost(`${f.urls.apiUrl}/__faucet`, body);
  const simulate = (tx: { to?: string; value?: bigint; data?: string }, rpcUrl: string | null = chain.rpcUrl) =>
    simulateEvmTransaction({ ...(rpcUrl ? { rpcUrl } : {}), account: ACCOUNT, tx: { from: ACCOUNT, ...tx } });
  /**
   * viem's view of the same call: simulateCalls with traceTransfers, its logs parsed by viem's
   * parseEventLogs, netted per token for the account (traceAssetChanges cannot be used: anvil
   * 1.7 refuses the contract creation it simulates, "missing keys: to").
   */
  const viemNet = async (call: { to: Address; value?: bigint; data?: `0x${string}` }) => {
    const { results } = await pub.simulateCalls({ account: ACCOUNT, calls: [call], traceTransfers: true, validation: true });
    assert.equal(results[0]!.status, 'success');
    const net = new Map<string, bigint>();
    for (const log of parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: results[0]!.logs! })) {
      const me = ACCOUNT.toLowerCase();
      const sign = (log.args.to.toLowerCase() === me ? 1n : 0n) - (log.args.from.toLowerCase() === me ? 1n : 0n);
      net.set(log.address.toLowerCase(), (net.get(log.address.toLowerCase()) ?? 0n) + sign * log.args.value);
    }
    return net;
  };
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  before(async () => {
    f = await startFixture({ chains: 'evm' });
    const doc = (await getJson(`${f.urls.apiUrl}/__chains`)).json as unknown as ChainsDocument;
    chain = doc.evm.find((c) => c.caip2 === SEPOLIA)!;
    usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address as Address;
    pub = createPublicClient({ transport: http(chain.rpcUrl) });
  });
  after(async () => {
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await f.stop();
  });
  beforeEach(async () => {
    snapshot = (await rpc('evm_snapshot')) as string;
    assert.equal((await faucet({ address: ACCOUNT, chain: SEPOLIA, amount: '1' })).status, 200);
    assert.equal((await faucet({ address: ACCOUNT, chain: SEPOLIA, asset: 'USDC', amount: '100' })).status, 200);
  });
  afterEach(async () => {
    assert.equal(await rpc('evm_revert', [snapshot]), true);
  });

  it('an ERC-20 transfer is −25 USDC, symbol and decimals read from the contract; viem reads the same net', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, parseUnits('25', 6)] });
    const simulation = await simulate({ to: usdc, data });
    assert.deepEqual(simulation, {
      status: 'simulated',
      changes: [{ kind: 'transfer', standard: 'erc20', asset: usdc.toLowerCase(), direction: 'out', amount: '-25000000', symbol: 'USDC', decimals: 6 }],
    });
    assert.deepEqual(await viemNet({ to: usdc, data }), new Map([[usdc.toLowerCase(), -25_000_000n]]));
    assert.equal(await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'symbol' }), 'USDC');
    assert.equal(await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'decimals' }), 6);
    // The simulation changed nothing on the chain.
    assert.equal(await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT] }), parseUnits('100', 6));
  });

  it('a contract that pays out is +0.5 ETH in; the ETH sent with a call is out, netted; viem reads the same net', async () => {
    await rpc('anvil_setCode', [PAYER, PAYER_CODE]);
    await rpc('anvil_setBalance', [PAYER, `0x${parseEther('10').toString(16)}`]);
    assert.deepEqual(await simulate({ to: PAYER }), {
      status: 'simulated',
      changes: [{ kind: 'transfer', standard: 'native', asset: 'native', direction: 'in', amount: '500000000000000000', symbol: 'ETH', decimals: 18 }],
    });
    // Sending 0.2 ETH to it: 0.5 comes back, the person is 0.3 up.
    const sent = await simulate({ to: PAYER, value: parseEther('0.2') });
    assert.equal(sent.status, 'simulated');
    assert.deepEqual((sent as Extract<EvmSimulation, { status: 'simulated' }>).changes.map((c) => [c.direction, c.amount]), [['in', '300000000000000000']]);
    assert.deepEqual(await viemNet({ to: PAYER, value: parseEther('0.2') }), new Map([['0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', parseEther('0.3')]]));
  });

  it('a plain ETH send is out; an approve of 2^256−1 is the allowance set, with its spender', async () => {
    assert.deepEqual(await simulate({ to: RECIPIENT, value: parseEther('0.25') }), {
      status: 'simulated',
      changes: [{ kind: 'transfer', standard: 'native', asset: 'native', direction: 'out', amount: '-250000000000000000', symbol: 'ETH', decimals: 18 }],
    });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [RECIPIENT, maxUint256] });
    assert.deepEqual(await simulate({ to: usdc, data }), {
      status: 'simulated',
      changes: [{ kind: 'approval', standard: 'erc20', asset: usdc.toLowerCase(), direction: 'approve', amount: maxUint256.toString(), spender: RECIPIENT.toLowerCase(), symbol: 'USDC', decimals: 6 }],
    });
  });

  it('a revert is will-fail with its reason: Error(string), a custom error by its selector, a Panic named; viem sees them fail too', async () => {
    const toZero = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: ['0x0000000000000000000000000000000000000000', 1n] });
    assert.deepEqual(await simulate({ to: usdc, data: toZero }), { status: 'will-fail', reason: 'TestToken: transfer to the zero address' });
    const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, parseUnits('101', 6)] });
    // ERC20InsufficientBalance(address,uint256,uint256) = 0xe450d38c
    assert.deepEqual(await simulate({ to: usdc, data: tooMuch }), { status: 'will-fail', reason: 'error 0xe450d38c' });
    await rpc('anvil_setCode', [PANICKER, PANIC_CODE]);
    assert.deepEqual(await simulate({ to: PANICKER }), { status: 'will-fail', reason: 'Panic(0x11): arithmetic underflow or overflow' });
    const { results } = await pub.simulateCalls({ account: ACCOUNT, calls: [{ to: usdc, data: toZero }, { to: usdc, data: tooMuch }, { to: PANICKER }] });
    assert.deepEqual(results.map((r) => r.status), ['failure', 'failure', 'failure']);
    // More than the account holds: the chain's validation refuses it before it runs.
    const broke = await simulate({ to: RECIPIENT, value: parseEther('5') });
    assert.equal(broke.status, 'will-fail');
    assert.match((broke as { reason: string }).reason, /insufficient funds/i);
  });

  it('an ERC-721 transfer is the item out (LKC #id, symbol read from the contract); viem reads the same Transfer', async () => {
    const lkc = chain.tokens.find((t) => t.symbol === 'LKC')!.address as Address;
    const minted = await faucet({ address: ACCOUNT, chain: SEPOLIA, asset: 'LKC', amount: '1' });
    const receipt = await pub.getTransactionReceipt({ hash: (minted.json.txHashes as `0x${string}`[])[0]! });
    const [mint] = parseEventLogs({ abi: erc721Abi, eventName: 'Transfer', logs: receipt.logs });
    const tokenId = mint!.args.tokenId;
    const data = encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [ACCOUNT, RECIPIENT, tokenId] });
    assert.deepEqual(await simulate({ to: lkc, data }), {
      status: 'simulated',
      changes: [{ kind: 'transfer', standard: 'erc721', asset: lkc.toLowerCase(), direction: 'out', amount: '-1', tokenId: tokenId.toString(), symbol: 'LKC' }],
    });
    const { results } = await pub.simulateCalls({ account: ACCOUNT, calls: [{ to: lkc, data }] });
    const [moved] = parseEventLogs({ abi: erc721Abi, eventName: 'Transfer', logs: results[0]!.logs! });
    assert.deepEqual([moved!.args.from.toLowerCase(), moved!.args.to.toLowerCase(), moved!.args.tokenId], [ACCOUNT.toLowerCase(), RECIPIENT.toLowerCase(), tokenId]);
  });

  it('a symbol or a revert reason with hidden characters is shown revealed, with hidden-characters', async () => {
    const token = '0x4444444444444444444444444444444444444444';
    await rpc('anvil_setCode', [token, loggingToken('US\u202eDC')]);
    const simulation = await simulate({ to: token, data: '0x01' });
    assert.deepEqual(simulation, {
      status: 'simulated',
      changes: [{ kind: 'transfer', standard: 'erc20', asset: token, direction: 'out', amount: '-5', symbol: 'US⟦U+202E⟧DC' }],
      hiddenCharacters: true,
    });
    const base = reviewEvmRequest({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: token, data: '0x01' }] }, { origin: 'https://app.example', account: ACCOUNT, chainId: 11155111n })!;
    assert.ok((await simulateEvmReview(base, { rpcUrl: chain.rpcUrl, account: ACCOUNT, tx: { to: token, data: '0x01' } })).warnings.includes('hidden-characters'));
    const liar = '0x5555555555555555555555555555555555555555';
    await rpc('anvil_setCode', [liar, answering('', `08c379a0${abiString('refund\u202egnp.exe')}`, 'fd')]);
    assert.deepEqual(await simulate({ to: liar }), { status: 'will-fail', reason: 'refund⟦U+202E⟧gnp.exe', hiddenCharacters: true });
  });

  it('the review carries the changes as data, will-fail first among the warnings, and still decodes the call', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, parseUnits('25', 6)] });
    const request = { method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: usdc, data }] };
    const decoded = reviewEvmRequest(request, { origin: 'https://app.example', account: ACCOUNT, chainId: 11155111n })!;
    const review = await simulateEvmReview(decoded, { rpcUrl: chain.rpcUrl, account: ACCOUNT, tx: { from: ACCOUNT, to: usdc, data } });
    assert.deepEqual(review.simulation?.changes.map((c) => [c.symbol, c.amount]), [['USDC', '-25000000']]);
    assert.deepEqual(review.sections, decoded.sections);
    assert.deepEqual(review.warnings, decoded.warnings);
    const toZero = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: ['0x0000000000000000000000000000000000000000', 1n] });
    const failing = await simulateEvmReview(decoded, { rpcUrl: chain.rpcUrl, account: ACCOUNT, tx: { from: ACCOUNT, to: usdc, data: toZero } });
    assert.equal(failing.warnings[0], 'will-fail');
    assert.deepEqual(failing.simulation, { changes: [], failure: 'TestToken: transfer to the zero address' });
    const offline = await simulateEvmReview(decoded, { account: ACCOUNT, tx: { from: ACCOUNT, to: usdc, data } });
    assert.equal(offline.simulation, undefined);
    assert.deepEqual(offline.warnings, [...decoded.warnings, 'not-simulated']);
    assert.deepEqual(offline.sections, decoded.sections, 'the decoding is still shown');
  });

  it('not-simulated: no rpcUrl, a closed port, a node without eth_simulateV1, a server that never answers (within the timeout)', async () => {
    const tx = { to: RECIPIENT, value: 1n };
    assert.deepEqual(await simulate(tx, null), { status: 'not-simulated', cause: 'no rpcUrl' });
    const closed = await listen(() => undefined);
    servers.pop()!.close();
    assert.equal((await simulate(tx, closed)).status, 'not-simulated');
    const old = await listen((_request, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'the method eth_simulateV1 does not exist/is not available' } }));
    });
    assert.deepEqual(await simulate(tx, old), { status: 'not-simulated', cause: 'the method eth_simulateV1 does not exist/is not available' });
    const silent = await listen(() => undefined); // takes the request, never answers (a 2 s-slow node is no better)
    const started = performance.now();
    assert.deepEqual(await simulate(tx, silent), { status: 'not-simulated', cause: 'timeout' });
    const took = performance.now() - started;
    assert.ok(took >= SIMULATION_TIMEOUT_MS - 20 && took < SIMULATION_TIMEOUT_MS + 500, `${took} ms`);
  });

  it('an approval or permit to an account without code is no-code-spender, right after delegation; a contract spender is not; viem getCode agrees', async () => {
    const lkc = chain.tokens.find((t) => t.symbol === 'LKC')!.address as Address;
    const context = { origin: 'https://app.example', account: ACCOUNT, chainId: 11155111n };
    const approveTo = (spender: Address) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, parseUnits('100', 6)] });
    const review = (request: { method: string; params: unknown[] }, tx?: { to: string; data: string }, rpcUrl: string | undefined = chain.rpcUrl) =>
      reviewEvmRequestSimulated(request as never, context, tx && { from: ACCOUNT, ...tx }, rpcUrl);
    const send = (to: Address, data: `0x${string}`) => review({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to, data }] }, { to, data });

    const toEoa = (await send(usdc, approveTo(RECIPIENT)))!;
    assert.deepEqual(toEoa.warnings.slice(0, 2), ['delegation', 'no-code-spender']);
    assert.deepEqual(toEoa.sections.find((x) => x.warnings?.includes('delegation'))!.warnings, ['delegation', 'no-code-spender']);
    assert.equal(await pub.getCode({ address: RECIPIENT }), undefined);
    // A contract as the spender (the collection, which has code): not warned.
    assert.equal((await send(usdc, approveTo(lkc)))!.warnings.includes('no-code-spender'), false);
    assert.notEqual(await pub.getCode({ address: lkc }), undefined);
    // setApprovalForAll to an EOA: the operator is checked.
    const all = encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [RECIPIENT, true] });
    assert.equal((await send(lkc, all))!.warnings.includes('no-code-spender'), true);
    // An EIP-2612 permit signed off-chain (no transaction): the spender is checked all the same.
    const permit = JSON.stringify({
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
        Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
      },
      primaryType: 'Permit',
      domain: { name: 'USD Coin', version: '2', chainId: 11155111, verifyingContract: usdc },
      message: { owner: ACCOUNT, spender: PAYER, value: '1000000', nonce: 0, deadline: 9999999999 },
    });
    const signed = (await review({ method: 'eth_signTypedData_v4', params: [ACCOUNT, permit] }))!;
    assert.deepEqual(signed.warnings.filter((w) => w === 'permit' || w === 'delegation' || w === 'no-code-spender'), ['permit', 'delegation', 'no-code-spender']);
    // An account whose code is only an EIP-7702 delegation designator is still an account with a key.
    await rpc('anvil_setCode', [PAYER, `0xef0100${usdc.slice(2)}`]);
    assert.equal((await review({ method: 'eth_signTypedData_v4', params: [ACCOUNT, permit] }))!.warnings.includes('no-code-spender'), true);
    await rpc('anvil_setCode', [PAYER, PAYER_CODE]);
    assert.equal((await review({ method: 'eth_signTypedData_v4', params: [ACCOUNT, permit] }))!.warnings.includes('no-code-spender'), false);
    // Not known is not warned: no rpcUrl, or a node that is gone.
    assert.equal((await review({ method: 'eth_signTypedData_v4', params: [ACCOUNT, permit] }, undefined, undefined))!.warnings.includes('no-code-spender'), false);
    const closed = await listen(() => undefined);
    servers.pop()!.close();
    await rpc('anvil_setCode', [PAYER, '0x']);
    assert.equal((await review({ method: 'eth_signTypedData_v4', params: [ACCOUNT, permit] }, undefined, closed))!.warnings.includes('no-code-spender'), false);
  });
});
