/**
 * The hosted history and balance routes from the local chains (issue 35 item 5), read with the
 * hosted HTTP client (`@turnkey/http` + `@turnkey/api-key-stamper`, libraries this project did
 * not write) in its own types, and checked against viem's public client and @solana/web3.js
 * reading the same chains: list_eth_transaction_history, list_sol_transaction_history,
 * get_wallet_address_balances and list_supported_assets for Solana, get_nonces; bad input and
 * a chain that is off answer the service's errors and change nothing. One emulator (both
 * chains) for the file, each test isolated by evm_snapshot / the ledger's snapshot.
 */
import { describe, it, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { p256 } from '@noble/curves/nist.js';
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther } from 'viem';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { startFixture, plainPost, getJson, resultOf } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { senderWallet } from '../onramp/send-v2-bodies.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { ChainsDocument } from '../../../demo/emulator/chains/chain-types.ts';
import type { SolanaChain, SolanaSnapshot } from '../../../demo/emulator/chains/solana/start-solana-chain.ts';

const SEPOLIA = 'eip155:11155111';
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
const OTHER = '0x1111111111111111111111111111111111111111';

describe('hosted history and balance routes from the local chains', () => {
  let f: Fixture;
  let hosted: TurnkeyClient;
  let eth: string;
  let sol: string;
  let sol2: string;
  let doc: ChainsDocument;
  let cluster: SolanaChain;
  let evmSnapshot: string;
  let solSnapshot: SolanaSnapshot;
  let connection: Connection;
  const evmRpc = async (method: string, params: unknown[] = []) =>
    ((await (await fetch(doc.evm[0]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: unknown }).result;
  const faucet = (body: Record<string, unknown>) => plainPost(`${f.urls.apiUrl}/__faucet`, body);
  const sendStatus = async (answer: Awaited<ReturnType<Fixture['submit']>>) => {
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const { sendTransactionStatusId } = resultOf(answer) as { sendTransactionStatusId: string };
    return hosted.getSendTransactionStatus({ organizationId: f.demoOrgId, sendTransactionStatusId });
  };

  before(async () => {
    const secret = p256.utils.randomSecretKey();
    const apiPublicKey = toHex(p256.getPublicKey(secret, true));
    f = await startFixture({ chains: 'all', rootApiKeys: [apiPublicKey] });
    hosted = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) }));
    [eth, sol, sol2] = await senderWallet(f, 'history');
    doc = (await getJson(`${f.urls.apiUrl}/__chains`)).json as unknown as ChainsDocument;
    cluster = f.emulator.context.chains!.solana!;
    connection = new Connection(doc.solana!.rpcUrl, 'confirmed');
  });
  after(() => f.stop());
  beforeEach(async () => {
    evmSnapshot = (await evmRpc('evm_snapshot')) as string;
    solSnapshot = cluster.snapshot();
  });
  afterEach(async () => {
    assert.equal(await evmRpc('evm_revert', [evmSnapshot]), true);
    cluster.restore(solSnapshot);
  });

  it('list_eth_transaction_history: sends, a token received and a revert, newest first, as viem reads them', async () => {
    const usdc = doc.evm[0]!.tokens.find((t) => t.symbol === 'USDC')!;
    await faucet({ address: eth, chain: SEPOLIA, amount: '1' });
    await faucet({ address: eth, chain: SEPOLIA, asset: 'USDC', amount: '50' });
    const ethSent = await sendStatus(await f.submit('eth_send_transaction', f.demoOrgId, { from: eth, caip2: SEPOLIA, to: OTHER, value: parseEther('0.25').toString() }));
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER, 7_500_000n] });
    const usdcSent = await sendStatus(await f.submit('eth_send_transaction', f.demoOrgId, { from: eth, caip2: SEPOLIA, to: usdc.address, data }));
    // Too much USDC with an explicit gas limit: mined, reverted.
    // (with value: a revert must not list the value as moved either)
    const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER, 10n ** 12n] });
    const reverted = await sendStatus(await f.submit('eth_send_transaction', f.demoOrgId, { from: eth, caip2: SEPOLIA, to: usdc.address, data: tooMuch, value: '1000', gasLimit: '100000' }));
    assert.deepEqual([ethSent.txStatus, usdcSent.txStatus, reverted.txStatus], ['INCLUDED', 'INCLUDED', 'FAILED']);

    const { transactions, pageInfo } = await hosted.listEthTransactionHistory({ organizationId: f.demoOrgId, address: eth, caip2: SEPOLIA });
    assert.deepEqual(transactions.map((t) => t.transactionHash), [reverted.eth!.txHash, usdcSent.eth!.txHash, ethSent.eth!.txHash, transactions[3]!.transactionHash]);
    assert.deepEqual(pageInfo, { hasNextPage: false, hasPreviousPage: false, startCursor: reverted.eth!.txHash, endCursor: transactions[3]!.transactionHash });
    const pub = createPublicClient({ transport: http(doc.evm[0]!.rpcUrl) });
    for (const item of transactions) {
      const receipt = await pub.getTransactionReceipt({ hash: item.transactionHash as `0x${string}` });
      const block = await pub.getBlock({ blockNumber: receipt.blockNumber });
      assert.deepEqual(item.block, { number: receipt.blockNumber.toString(), hash: receipt.blockHash, timestamp: new Date(Number(block.timestamp) * 1000).toISOString().replace('.000Z', 'Z') });
      assert.deepEqual(item.fee, { amount: (receipt.gasUsed * receipt.effectiveGasPrice).toString(), caip19: `${SEPOLIA}/slip44:60` });
      assert.equal(item.status, 'CONFIRMED', 'anvil finalizes 64 blocks back');
      assert.equal(item.from.toLowerCase(), receipt.from);
    }
    const [failed, token, native, minted] = transactions;
    assert.deepEqual(failed!.transfers, [], 'a reverted transaction moved nothing');
    assert.deepEqual(token!.transfers, [{ direction: 'OUT', asset: { caip19: `${SEPOLIA}/erc20:${usdc.address}`, symbol: 'USDC', name: 'USD Coin (local)', decimals: 6 }, amount: '7500000', counterparty: OTHER, display: { crypto: '7.5' } }]);
    assert.deepEqual(native!.transfers, [{ direction: 'OUT', asset: { caip19: `${SEPOLIA}/slip44:60`, symbol: 'ETH', name: 'Ether (local)', decimals: 18 }, amount: parseEther('0.25').toString(), counterparty: OTHER, display: { crypto: '0.25' } }]);
    assert.equal(native!.to!.toLowerCase(), OTHER);
    // The faucet's mint: IN, from the zero address, not sent through the service.
    assert.deepEqual(minted!.transfers.map((t) => [t.direction, t.amount, t.counterparty]), [['IN', '50000000', `0x${'0'.repeat(40)}`]]);
    assert.equal(minted!.origin, 'EXTERNAL');
    assert.equal(minted!.turnkey, undefined);
    for (const t of [failed, token, native]) {
      assert.equal(t!.origin, 'TURNKEY');
      assert.equal(t!.turnkey!.sponsored, false);
      assert.match(t!.turnkey!.activityFingerprint ?? '', /^sha256:[0-9a-f]{64}$/);
    }
    // The receiving side sees the same ETH transfer IN (its own listing: an address of the org is required).
    assert.equal(await pub.getBalance({ address: OTHER }), parseEther('0.25'));

    // Pages of one, walked forward by endCursor and back by startCursor.
    const page = (paginationOptions: Record<string, string>) => hosted.listEthTransactionHistory({ organizationId: f.demoOrgId, address: eth, caip2: SEPOLIA, paginationOptions });
    const first = await page({ limit: '1' });
    assert.deepEqual([first.transactions.map((t) => t.transactionHash), first.pageInfo!.hasNextPage, first.pageInfo!.hasPreviousPage], [[reverted.eth!.txHash], true, false]);
    const second = await page({ limit: '2', after: first.pageInfo!.endCursor! });
    assert.deepEqual(second.transactions.map((t) => t.transactionHash), [usdcSent.eth!.txHash, ethSent.eth!.txHash]);
    assert.deepEqual([second.pageInfo!.hasNextPage, second.pageInfo!.hasPreviousPage], [true, true]);
    const back = await page({ limit: '5', before: second.pageInfo!.startCursor! });
    assert.deepEqual(back.transactions.map((t) => t.transactionHash), [reverted.eth!.txHash]);
    assertServiceError(await f.query('list_eth_transaction_history', { organizationId: f.demoOrgId, address: eth, caip2: SEPOLIA, paginationOptions: { after: `0x${'ab'.repeat(32)}` } }), 400, 3);
    // 64 blocks later the chain calls them finalized (anvil's `finalized` tag), and so does the listing.
    await evmRpc('anvil_mine', ['0x40']);
    const later = await hosted.listEthTransactionHistory({ organizationId: f.demoOrgId, address: eth, caip2: SEPOLIA });
    assert.deepEqual(later.transactions.map((t) => t.status), ['FINALIZED', 'FINALIZED', 'FINALIZED', 'FINALIZED']);
  });

  it('Solana: balances (SOL + USDC), supported assets and list_sol_transaction_history, as web3.js reads them', async () => {
    const owner = new PublicKey(sol);
    const mint = new PublicKey(doc.solana!.tokens[0]!.mint);
    const empty = await hosted.getWalletAddressBalances({ organizationId: f.demoOrgId, address: sol, caip2: DEVNET });
    assert.deepEqual(empty.balances, [{ caip19: `${DEVNET}/slip44:501`, symbol: 'SOL', balance: '0', decimals: 9, display: { crypto: '0' }, name: 'Solana (local)' }]);
    await faucet({ address: sol, chain: DEVNET, amount: '2' });
    await faucet({ address: sol, chain: DEVNET, asset: 'USDC', amount: '100' });
    // The recipient is another account of the organization, so its own listing can be read.
    const to = new PublicKey(sol2);
    const unsigned = async (...instructions: Parameters<Transaction['add']>) =>
      toHex(new Transaction({ feePayer: owner, ...(await connection.getLatestBlockhash()) }).add(...instructions).serialize({ requireAllSignatures: false, verifySignatures: false }));
    const solSent = await sendStatus(await f.submit('sol_send_transaction', f.demoOrgId, { signWith: sol, caip2: 'solana:devnet', unsignedTransaction: await unsigned(SystemProgram.transfer({ fromPubkey: owner, toPubkey: to, lamports: LAMPORTS_PER_SOL / 4 })) }));
    const destination = getAssociatedTokenAddressSync(mint, to);
    const usdcSent = await sendStatus(
      await f.submit('sol_send_transaction', f.demoOrgId, {
        signWith: sol,
        caip2: DEVNET,
        unsignedTransaction: await unsigned(createAssociatedTokenAccountIdempotentInstruction(owner, destination, to, mint), createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, owner), mint, destination, owner, 12_250_000n, 6)),
      }),
    );
    // Again, without creating the account: the recipient's owner is not among the transaction's keys.
    const usdcAgain = await sendStatus(
      await f.submit('sol_send_transaction', f.demoOrgId, { signWith: sol, caip2: DEVNET, unsignedTransaction: await unsigned(createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, owner), mint, destination, owner, 1_000_000n, 6)) }),
    );
    assert.deepEqual([solSent.txStatus, usdcSent.txStatus, usdcAgain.txStatus], ['INCLUDED', 'INCLUDED', 'INCLUDED']);

    const { balances } = await hosted.getWalletAddressBalances({ organizationId: f.demoOrgId, address: sol, caip2: 'solana:devnet' as never });
    const lamports = await connection.getBalance(owner);
    const tokens = await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(mint, owner));
    assert.deepEqual(balances!.map((b) => [b.symbol, b.balance, b.decimals, b.display!.crypto]), [['SOL', String(lamports), 9, String(lamports / LAMPORTS_PER_SOL)], ['USDC', tokens.value.amount, 6, tokens.value.uiAmountString]]);
    assert.equal(balances![1]!.caip19, `${DEVNET}/token:${mint.toBase58()}`);
    const { assets } = await hosted.listSupportedAssets({ organizationId: f.demoOrgId, caip2: DEVNET });
    assert.deepEqual(assets!.map((a) => [a.caip19, a.symbol, a.decimals, a.stable]), [[`${DEVNET}/slip44:501`, 'SOL', 9, false], [`${DEVNET}/token:${mint.toBase58()}`, 'USDC', 6, true]]);

    const { transactions, pageInfo } = await hosted.listSolTransactionHistory({ organizationId: f.demoOrgId, address: sol, caip2: DEVNET });
    // The USDC faucet writes the account directly (no transaction): the airdrop and the two sends.
    const signatures = await connection.getSignaturesForAddress(owner);
    assert.deepEqual(transactions.map((t) => t.signature), [usdcAgain.solana!.signature, usdcSent.solana!.signature, solSent.solana!.signature, signatures.at(-1)!.signature]);
    assert.equal(pageInfo!.hasNextPage, false);
    // The airdrop has no transaction to read back: its slot and time as getSignaturesForAddress says them.
    assert.deepEqual([transactions[3]!.block.number, transactions[3]!.block.timestamp], [String(signatures.at(-1)!.slot), new Date(signatures.at(-1)!.blockTime! * 1000).toISOString().replace('.000Z', 'Z')]);
    for (const item of transactions.slice(0, 3)) {
      const parsed = (await connection.getParsedTransaction(item.signature, { maxSupportedTransactionVersion: 0 }))!;
      assert.equal(item.block.number, String(parsed.slot));
      assert.equal(item.block.timestamp, new Date(parsed.blockTime! * 1000).toISOString().replace('.000Z', 'Z'));
      assert.deepEqual(item.fee, { amount: String(parsed.meta!.fee), caip19: `${DEVNET}/slip44:501` });
      assert.equal(item.feePayer, parsed.transaction.message.accountKeys[0]!.pubkey.toBase58());
      assert.deepEqual(item.signers, parsed.transaction.message.accountKeys.filter((k) => k.signer).map((k) => ({ address: k.pubkey.toBase58(), writable: k.writable })));
      assert.equal(item.status, 'FINALIZED');
    }
    const [, usdcItem, solItem, airdrop] = transactions;
    assert.deepEqual(usdcItem!.transfers.map((t) => [t.direction, t.asset?.symbol, t.amount, t.counterparty, t.display?.crypto]), [
      // The token account the transfer created: its rent, paid by the sender.
      ['OUT', 'SOL', String(await connection.getMinimumBalanceForRentExemption(165)), destination.toBase58(), String(2039280 / LAMPORTS_PER_SOL)],
      ['OUT', 'USDC', '12250000', to.toBase58(), '12.25'],
    ]);
    assert.deepEqual(solItem!.transfers.map((t) => [t.direction, t.asset?.symbol, t.amount, t.counterparty]), [['OUT', 'SOL', String(LAMPORTS_PER_SOL / 4), to.toBase58()]]);
    assert.deepEqual(airdrop!.transfers.map((t) => [t.direction, t.amount]), [['IN', String(2 * LAMPORTS_PER_SOL)]]);
    assert.deepEqual([usdcItem!.origin, solItem!.origin, airdrop!.origin], ['TURNKEY', 'TURNKEY', 'EXTERNAL']);
    // The receiving side: both token transfers IN (the second names only its token account), the SOL IN.
    const received = await hosted.listSolTransactionHistory({ organizationId: f.demoOrgId, address: sol2, caip2: DEVNET });
    assert.deepEqual(
      received.transactions.map((t) => [t.signature, t.transfers.map((x) => [x.direction, x.asset?.symbol, x.amount, x.counterparty])]),
      [
        [usdcAgain.solana!.signature, [['IN', 'USDC', '1000000', sol]]],
        [usdcSent.solana!.signature, [['IN', 'USDC', '12250000', sol]]],
        [solSent.solana!.signature, [['IN', 'SOL', String(LAMPORTS_PER_SOL / 4), sol]]],
      ],
    );
  });

  it('get_nonces as the types say: nonce on request, no gas station', async () => {
    assert.deepEqual(await hosted.getNonces({ organizationId: f.demoOrgId, address: eth, caip2: SEPOLIA, nonce: true }), { nonce: '0' });
    assert.deepEqual(await hosted.getNonces({ organizationId: f.demoOrgId, address: eth, caip2: SEPOLIA, nonce: false }), {});
    assertServiceError(await f.query('get_nonces', { organizationId: f.demoOrgId, address: eth, caip2: SEPOLIA, gasStationNonce: true }), 501, 12, 'UNIMPLEMENTED');
  });

  it('bad input: the service\u2019s errors, nothing changed', async () => {
    const cases: [string, Record<string, unknown>, number, number, string?][] = [
      ['get_wallet_address_balances', { address: sol, caip2: 'solana:mainnet' }, 400, 3, 'CHAIN_UNAVAILABLE'],
      ['get_wallet_address_balances', { address: sol, caip2: 'eip155:1' }, 400, 3, 'CHAIN_UNAVAILABLE'],
      ['get_wallet_address_balances', { address: 'not-base58-0OIl', caip2: DEVNET }, 400, 3],
      ['get_wallet_address_balances', { address: eth, caip2: DEVNET }, 400, 3],
      ['get_wallet_address_balances', { address: Keypair.generate().publicKey.toBase58(), caip2: DEVNET }, 404, 5, 'ADDRESS_NOT_FOUND'],
      ['list_supported_assets', { caip2: 'solana:xyz' }, 400, 3],
      ['list_eth_transaction_history', { address: eth, caip2: DEVNET }, 400, 3],
      ['list_eth_transaction_history', { address: '0x12', caip2: SEPOLIA }, 400, 3],
      ['list_eth_transaction_history', { address: OTHER, caip2: SEPOLIA }, 404, 5, 'ADDRESS_NOT_FOUND'],
      ['list_eth_transaction_history', { address: eth, caip2: SEPOLIA, paginationOptions: { limit: '101' } }, 400, 3],
      ['list_sol_transaction_history', { address: sol, caip2: SEPOLIA }, 400, 3],
      ['list_sol_transaction_history', { address: sol, caip2: 'solana:mainnet' }, 400, 3, 'CHAIN_UNAVAILABLE'],
      ['get_nonces', { address: sol, caip2: DEVNET }, 400, 3],
      ['get_nonces', { address: 'x', caip2: SEPOLIA }, 400, 3],
    ];
    for (const [operation, body, status, code, turnkeyCode] of cases) {
      const answer = await assertNoStateChange(f.emulator, () => f.query(operation, { organizationId: f.demoOrgId, ...body }));
      assertServiceError(answer, status, code, turnkeyCode);
    }
  });

  it('a chain that is off: CHAIN_UNAVAILABLE saying why', async () => {
    const off = await startFixture({ chains: 'off' });
    try {
      const [address, solAddress] = await senderWallet(off, 'off');
      assertServiceError(await off.query('list_eth_transaction_history', { organizationId: off.demoOrgId, address, caip2: SEPOLIA }), 400, 3, 'CHAIN_UNAVAILABLE', '--chains off');
      assertServiceError(await off.query('list_sol_transaction_history', { organizationId: off.demoOrgId, address: solAddress, caip2: DEVNET }), 400, 3, 'CHAIN_UNAVAILABLE', '--chains off');
      assertServiceError(await off.query('get_wallet_address_balances', { organizationId: off.demoOrgId, address: solAddress, caip2: DEVNET }), 400, 3, 'CHAIN_UNAVAILABLE');
    } finally {
      await off.stop();
    }
  });
});
