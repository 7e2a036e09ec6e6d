/**
 * What a send costs, read before the person is asked (issue 35 item 6): src/review/evm-send-cost.ts
 * and solana-send-cost.ts against the emulator's chains (anvil and LiteSVM, one emulator for the
 * file, EVM tests isolated by evm_snapshot / evm_revert, Solana tests by fresh keypairs), and
 * src/review/spl-transfer.ts's SPL send. The outside truth: viem's public client (estimateGas,
 * the block's base fee, the priority fee, balances) and @solana/web3.js / @solana/spl-token (the
 * associated token address, the instructions, the balances after the chain ran the send). The
 * cover check is held to the chain itself: a transaction with the very gas and fees, from a
 * balance one wei (one lamport) short of value + fee, is refused by the chain, and from exactly
 * value + fee it lands.
 */
import { describe, it, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, parseUnits, toFunctionSelector, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { Connection, Keypair, Transaction, type PublicKey } from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { startFixture, getJson, plainPost, type Fixture } from '../support/emulator-fixture.ts';
import type { ChainsDocument, EvmChainInfo, SolanaChainInfo } from '../../../demo/emulator/chains/chain-types.ts';
import { readEvmSendCost } from '../../../src/review/evm-send-cost.ts';
import { readSolanaSendCost, readTokenAccountDeposit } from '../../../src/review/solana-send-cost.ts';
import { associatedTokenAddress, splTransferTransaction } from '../../../src/review/spl-transfer.ts';
import { sendShortfall } from '../../../src/review/send-cover.ts';
import { systemTransferTransaction } from '../../../src/review/solana-transfer.ts';
import { readLatestBlockhash } from '../../../src/review/solana-blockhash.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';

const SEPOLIA = 'eip155:11155111';
const RECIPIENT = '0x1111111111111111111111111111111111111111' as Address;
/** revert(0, 0): every call fails. */
const REVERTER = '0x3333333333333333333333333333333333333333' as Address;

describe('send cost and cover check on the local chains', () => {
  let f: Fixture;
  let evm: EvmChainInfo;
  let sol: SolanaChainInfo;
  let usdc: Address;
  let pub: ReturnType<typeof createPublicClient>;
  let connection: Connection;

  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(evm.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await response.json()) as { result: unknown }).result;
  };
  const faucet = async (body: Record<string, unknown>) => assert.equal((await plainPost(`${f.urls.apiUrl}/__faucet`, body)).status, 200);

  before(async () => {
    f = await startFixture({ chains: 'all' });
    const doc = (await getJson(`${f.urls.apiUrl}/__chains`)).json as unknown as ChainsDocument;
    evm = doc.evm.find((c) => c.caip2 === SEPOLIA)!;
    sol = doc.solana!;
    usdc = evm.tokens.find((t) => t.symbol === 'USDC')!.address as Address;
    pub = createPublicClient({ transport: http(evm.rpcUrl) });
    connection = new Connection(sol.rpcUrl, { commitment: 'confirmed', wsEndpoint: sol.wsUrl });
  });
  after(async () => {
    await f.stop();
  });

  describe('Ethereum', () => {
    let snapshot: string;
    beforeEach(async () => {
      snapshot = (await rpc('evm_snapshot')) as string;
    });
    afterEach(async () => {
      assert.equal(await rpc('evm_revert', [snapshot]), true);
    });

    it('an ETH send: gas, fees and balance as viem reads them; the chain refuses one wei short of value + fee and takes exactly value + fee', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      const value = parseEther('0.5');
      // Nothing on the account: even a send of 0 is short of its fee.
      const empty = await readEvmSendCost({ rpcUrl: evm.rpcUrl, from: account.address, to: RECIPIENT, value: 0n });
      assert.ok(empty.native.fee > 0n);
      assert.deepEqual(sendShortfall(empty), { symbol: 'ETH', decimals: 18, have: 0n, need: empty.native.fee });
      await faucet({ address: account.address, chain: SEPOLIA, amount: '1' });
      const read = await readEvmSendCost({ rpcUrl: evm.rpcUrl, from: account.address, to: RECIPIENT, value });
      const block = await pub.getBlock();
      const tip = await pub.estimateMaxPriorityFeePerGas();
      assert.equal(read.gas, await pub.estimateGas({ account: account.address, to: RECIPIENT, value }));
      assert.equal(read.maxPriorityFeePerGas, tip);
      assert.equal(read.maxFeePerGas, block.baseFeePerGas! * 2n + tip);
      assert.equal(read.native.balance, await pub.getBalance({ address: account.address }));
      assert.equal(read.native.fee, read.gas * read.maxFeePerGas);
      assert.equal(sendShortfall(read), null);

      // The chain's own rule, with these very numbers: balance one wei short is refused.
      const wallet = createWalletClient({ account, transport: http(evm.rpcUrl), chain: { id: evm.chainId, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [evm.rpcUrl] } } } });
      const tx = { to: RECIPIENT, value, gas: read.gas, maxFeePerGas: read.maxFeePerGas, maxPriorityFeePerGas: read.maxPriorityFeePerGas };
      const need = value + read.native.fee;
      await rpc('anvil_setBalance', [account.address, `0x${(need - 1n).toString(16)}`]);
      const short = await readEvmSendCost({ rpcUrl: evm.rpcUrl, from: account.address, to: RECIPIENT, value });
      assert.deepEqual(sendShortfall(short), { symbol: 'ETH', decimals: 18, have: need - 1n, need });
      await assert.rejects(wallet.sendTransaction(tx), /insufficient funds|funds/i);
      await rpc('anvil_setBalance', [account.address, `0x${need.toString(16)}`]);
      assert.equal(sendShortfall(await readEvmSendCost({ rpcUrl: evm.rpcUrl, from: account.address, to: RECIPIENT, value })), null);
      const hash = await wallet.sendTransaction(tx);
      assert.equal((await pub.waitForTransactionReceipt({ hash })).status, 'success');
    });

    it('an ERC-20 send: the token balance by balanceOf, the gas of the transfer; more than the balance is short of USDC before any estimate', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      await faucet({ address: account.address, chain: SEPOLIA, amount: '1' });
      await faucet({ address: account.address, chain: SEPOLIA, asset: 'USDC', amount: '100' });
      assert.equal(toFunctionSelector('balanceOf(address)'), '0x70a08231');
      const token = { address: usdc, amount: parseUnits('25', 6), decimals: 6, symbol: 'USDC' };
      const read = await readEvmSendCost({ rpcUrl: evm.rpcUrl, from: account.address, to: RECIPIENT, value: 0n, token });
      assert.equal(read.token!.balance, await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] }));
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, token.amount] });
      assert.equal(read.gas, await pub.estimateGas({ account: account.address, to: usdc, data }));
      assert.equal(read.native.value, 0n);
      assert.equal(sendShortfall(read), null);
      // 100.000001 USDC of 100: short of the token; the node is not asked to estimate a transfer that would revert.
      const over = await readEvmSendCost({ rpcUrl: evm.rpcUrl, from: account.address, to: RECIPIENT, value: 0n, token: { ...token, amount: 100_000_001n } });
      assert.deepEqual(sendShortfall(over), { symbol: 'USDC', decimals: 6, have: 100_000_000n, need: 100_000_001n });
      assert.equal(over.gas, 0n);
    });

    it('a send the chain will not estimate (a revert) is ERR_SEND_ESTIMATE_FAILED with the chain\u2019s words; a dead endpoint is ERR_NETWORK_FAILED', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      await faucet({ address: account.address, chain: SEPOLIA, amount: '1' });
      await rpc('anvil_setCode', [REVERTER, '0x60006000fd']);
      await assert.rejects(readEvmSendCost({ rpcUrl: evm.rpcUrl, from: account.address, to: REVERTER, value: 1n }), (e: unknown) => isLatchError(e, 'ERR_SEND_ESTIMATE_FAILED') && /revert/i.test(e.message));
      await assert.rejects(readEvmSendCost({ rpcUrl: 'http://127.0.0.1:9/', from: account.address, to: RECIPIENT, value: 1n }), (e: unknown) => isLatchError(e, 'ERR_NETWORK_FAILED'));
    });
  });

  describe('Solana', () => {
    const signAndSend = async (bytes: Uint8Array, signer: Keypair) => {
      const tx = Transaction.from(bytes);
      tx.partialSign(signer);
      const signature = await connection.sendRawTransaction(tx.serialize());
      const blockhash = tx.recentBlockhash!;
      const { value } = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight: (await connection.getLatestBlockhash()).lastValidBlockHeight }, 'confirmed');
      assert.equal(value.err, null);
      return signature;
    };
    const balance = (key: PublicKey) => connection.getBalance(key, 'confirmed').then(BigInt);

    it('a SOL send: the fee is what the chain takes; one lamport short of value + fee is refused by the chain, exactly value + fee lands', async () => {
      const sender = Keypair.generate();
      const to = Keypair.generate().publicKey.toBase58();
      const from = sender.publicKey.toBase58();
      const lamports = 10_000_000n;
      await faucet({ address: from, chain: 'solana', amount: '1' });
      const transaction = systemTransferTransaction({ from, to, lamports, recentBlockhash: await readLatestBlockhash(sol.rpcUrl) });
      const cost = await readSolanaSendCost({ rpcUrl: sol.rpcUrl, from, transaction, lamports });
      assert.equal(cost.native.balance, await balance(sender.publicKey));
      assert.equal(sendShortfall(cost), null);
      const before = await balance(sender.publicKey);
      await signAndSend(transaction, sender);
      assert.equal(before - (await balance(sender.publicKey)), lamports + cost.native.fee);

      // A fresh sender holding one lamport less than value + fee: short, and the chain refuses it.
      const poor = Keypair.generate();
      const need = lamports + cost.native.fee;
      await faucet({ address: poor.publicKey.toBase58(), chain: 'solana', amount: ((Number(need) - 1) / 1e9).toFixed(9) });
      const poorTx = systemTransferTransaction({ from: poor.publicKey.toBase58(), to, lamports, recentBlockhash: await readLatestBlockhash(sol.rpcUrl) });
      const short = await readSolanaSendCost({ rpcUrl: sol.rpcUrl, from: poor.publicKey.toBase58(), transaction: poorTx, lamports });
      assert.deepEqual(sendShortfall(short), { symbol: 'SOL', decimals: 9, have: need - 1n, need });
      await assert.rejects(signAndSend(poorTx, poor));
      // One lamport more: exactly value + fee, and it lands.
      await faucet({ address: poor.publicKey.toBase58(), chain: 'solana', amount: '0.000000001' });
      const enough = systemTransferTransaction({ from: poor.publicKey.toBase58(), to, lamports, recentBlockhash: await readLatestBlockhash(sol.rpcUrl) });
      assert.equal(sendShortfall(await readSolanaSendCost({ rpcUrl: sol.rpcUrl, from: poor.publicKey.toBase58(), transaction: enough, lamports })), null);
      await signAndSend(enough, poor);
      assert.equal(await balance(poor.publicKey), 0n);
    });

    it('an SPL USDC send: associated accounts and instructions as @solana/spl-token makes them; the first send pays the new account\u2019s rent, the second does not; balances move', async () => {
      const sender = Keypair.generate();
      const recipient = Keypair.generate().publicKey;
      const from = sender.publicKey.toBase58();
      const to = recipient.toBase58();
      const mint = sol.tokens.find((t) => t.symbol === 'USDC')!;
      const mintKey = new (sender.publicKey.constructor as typeof PublicKey)(mint.mint);
      await faucet({ address: from, chain: 'solana', amount: '1' });
      await faucet({ address: from, chain: 'solana', asset: 'USDC', amount: '100' });
      const source = getAssociatedTokenAddressSync(mintKey, sender.publicKey);
      const destination = getAssociatedTokenAddressSync(mintKey, recipient);
      assert.equal(associatedTokenAddress(from, mint.mint), source.toBase58());
      assert.equal(associatedTokenAddress(to, mint.mint), destination.toBase58());

      const deposit = await readTokenAccountDeposit(sol.rpcUrl, destination.toBase58());
      assert.equal(deposit, BigInt(await connection.getMinimumBalanceForRentExemption(165)));
      const amount = 2_500_000n;
      const transaction = splTransferTransaction({ from, to, mint: mint.mint, amount, decimals: mint.decimals, recentBlockhash: await readLatestBlockhash(sol.rpcUrl), createRecipientAccount: true });
      // The instructions as spl-token builds them (program, keys with signer / writable, data).
      const decoded = Transaction.from(transaction).instructions;
      const expected = [
        createAssociatedTokenAccountIdempotentInstruction(sender.publicKey, destination, recipient, mintKey),
        createTransferCheckedInstruction(source, mintKey, destination, sender.publicKey, amount, mint.decimals),
      ];
      type Ix = { programId: PublicKey; keys: { pubkey: PublicKey; isSigner: boolean; isWritable: boolean }[]; data: Buffer };
      const shape = (i: Ix) => ({ program: i.programId.toBase58(), keys: i.keys.map((k) => k.pubkey.toBase58()), data: [...i.data] });
      assert.deepEqual(decoded.map(shape), expected.map(shape));
      // Flags are the message's (the fee payer is a writable signer everywhere): at least what spl-token asks.
      expected.forEach((ix, n) => ix.keys.forEach((k, j) => {
        const got = decoded[n]!.keys[j]!;
        assert.ok((!k.isSigner || got.isSigner) && (!k.isWritable || got.isWritable) && got.isSigner === k.isSigner, `${n}/${j}`);
      }));

      const cost = await readSolanaSendCost({ rpcUrl: sol.rpcUrl, from, transaction, lamports: 0n, deposit, token: { account: source.toBase58(), amount, decimals: mint.decimals, symbol: 'USDC' } });
      assert.equal(cost.token!.balance, (await getAccount(connection, source, 'confirmed')).amount);
      assert.equal(sendShortfall(cost), null);
      const before = await balance(sender.publicKey);
      await signAndSend(transaction, sender);
      assert.equal(before - (await balance(sender.publicKey)), cost.native.fee + deposit);
      assert.equal((await getAccount(connection, destination, 'confirmed')).amount, amount);

      // The account exists now: no deposit, no create instruction, and the balance adds up.
      assert.equal(await readTokenAccountDeposit(sol.rpcUrl, destination.toBase58()), 0n);
      const again = splTransferTransaction({ from, to, mint: mint.mint, amount, decimals: mint.decimals, recentBlockhash: await readLatestBlockhash(sol.rpcUrl), createRecipientAccount: false });
      assert.equal(Transaction.from(again).instructions.length, 1);
      await signAndSend(again, sender);
      assert.equal((await getAccount(connection, destination, 'confirmed')).amount, 2n * amount);

      // More than the token balance: short of USDC; a sender with no token account has 0.
      const over = await readSolanaSendCost({ rpcUrl: sol.rpcUrl, from, transaction: again, lamports: 0n, token: { account: source.toBase58(), amount: 100_000_000n, decimals: 6, symbol: 'USDC' } });
      assert.deepEqual(sendShortfall(over), { symbol: 'USDC', decimals: 6, have: 95_000_000n, need: 100_000_000n });
      const stranger = associatedTokenAddress(Keypair.generate().publicKey.toBase58(), mint.mint);
      const none = await readSolanaSendCost({ rpcUrl: sol.rpcUrl, from, transaction: again, lamports: 0n, token: { account: stranger, amount: 1n, decimals: 6, symbol: 'USDC' } });
      assert.equal(none.token!.balance, 0n);
    });
  });
});
