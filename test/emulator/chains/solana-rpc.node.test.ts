/**
 * The local Solana cluster seen through libraries this project did not write: @solana/web3.js
 * v1 sends and confirms (its confirmation waits on signatureSubscribe), @solana/spl-token moves
 * USDC, @solana/kit reads the balances. A fresh cluster per test (LiteSVM starts in ~150 ms);
 * the clock is injected, so expiry is tested without sleeping.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SYSVAR_CLOCK_PUBKEY,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotent, getAccount, getAssociatedTokenAddressSync, getMint, transfer } from '@solana/spl-token';
import { address, createSolanaRpc } from '@solana/kit';
import { startSolanaChain } from '../../../demo/emulator/chains/solana/start-solana-chain.ts';
import type { SolanaChain } from '../../../demo/emulator/chains/solana/start-solana-chain.ts';

interface Cluster {
  chain: SolanaChain;
  connection: Connection;
  clock: { ms: number };
}

async function withCluster(run: (c: Cluster) => Promise<void>): Promise<void> {
  const clock = { ms: 1_800_000_000_000 };
  const chain = await startSolanaChain({ now: () => clock.ms });
  // No wsEndpoint: web3.js must find the WebSocket at its default, the HTTP port + 1.
  const connection = new Connection(chain.info.rpcUrl, 'confirmed');
  try {
    await run({ chain, connection, clock });
  } finally {
    await chain.close();
  }
}

async function funded(chain: SolanaChain, sol = 2): Promise<Keypair> {
  const keypair = Keypair.generate();
  await chain.fund(keypair.publicKey.toBase58(), 'SOL', BigInt(sol * LAMPORTS_PER_SOL));
  return keypair;
}

function transferTx(from: Keypair, to: PublicKey, lamports: number): Transaction {
  return new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }));
}

/** Sends with the preflight and returns the refusal web3.js raises. */
async function refusal(connection: Connection, tx: Transaction, signer: Keypair): Promise<SendTransactionError> {
  const error = await connection.sendTransaction(tx, [signer]).then(
    () => assert.fail('the cluster accepted it'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof SendTransactionError, String(error));
  return error;
}

test('web3.js v1 sends SOL and confirms it through signatureSubscribe; kit reads both balances; the fee is the chain\u2019s', async () => {
  await withCluster(async ({ chain, connection }) => {
    const alice = await funded(chain);
    const bob = Keypair.generate();
    const signature = await sendAndConfirmTransaction(connection, transferTx(alice, bob.publicKey, LAMPORTS_PER_SOL / 2), [alice]);
    const rpc = createSolanaRpc(chain.info.rpcUrl);
    const { value: bobBalance } = await rpc.getBalance(address(bob.publicKey.toBase58())).send();
    const { value: aliceBalance } = await rpc.getBalance(address(alice.publicKey.toBase58())).send();
    assert.equal(bobBalance, BigInt(LAMPORTS_PER_SOL / 2));
    assert.equal(aliceBalance, BigInt(2 * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 2 - 5000));
    const status = (await connection.getSignatureStatus(signature)).value;
    assert.equal(status?.err, null);
    assert.equal(status?.confirmationStatus, 'finalized');
    const landed = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    assert.equal(landed?.meta?.fee, 5000);
    assert.deepEqual(landed?.meta?.postBalances.slice(0, 2), [Number(aliceBalance), LAMPORTS_PER_SOL / 2]);
    assert.equal(chain.status(signature)?.slot, landed?.slot);
    // What a wallet's activity list reads: the parsed form, each key with its role.
    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    assert.deepEqual(
      parsed?.transaction.message.accountKeys.map((k) => [k.pubkey.toBase58(), k.signer, k.writable]),
      [[alice.publicKey.toBase58(), true, true], [bob.publicKey.toBase58(), false, true], [SystemProgram.programId.toBase58(), false, false]],
    );
    assert.equal((parsed?.transaction.message.instructions[0] as { programId: PublicKey }).programId.toBase58(), SystemProgram.programId.toBase58());
    assert.equal(parsed?.meta?.fee, 5000);
    const [listed] = await connection.getSignaturesForAddress(bob.publicKey);
    assert.deepEqual([listed?.signature, listed?.slot, listed?.err], [signature, landed?.slot, null]);
  });
});

test('spl-token moves the fixed USDC mint (6 decimals) between associated accounts; kit reads the token balances', async () => {
  await withCluster(async ({ chain, connection }) => {
    const usdc = chain.info.tokens.find((t) => t.symbol === 'USDC')!;
    assert.equal(usdc.decimals, 6);
    const mint = new PublicKey(usdc.mint);
    assert.equal((await getMint(connection, mint)).decimals, 6);
    const alice = await funded(chain);
    const bob = Keypair.generate();
    const { account } = await chain.fund(alice.publicKey.toBase58(), 'USDC', 25_000_000n);
    const aliceAta = getAssociatedTokenAddressSync(mint, alice.publicKey);
    assert.equal(account, aliceAta.toBase58(), 'the faucet credits the associated token account spl-token derives');
    const bobAta = await createAssociatedTokenAccountIdempotent(connection, alice, mint, bob.publicKey);
    await transfer(connection, alice, aliceAta, bobAta, alice, 7_500_000n);
    assert.equal((await getAccount(connection, bobAta)).amount, 7_500_000n);
    const rpc = createSolanaRpc(chain.info.rpcUrl);
    const { value } = await rpc.getTokenAccountBalance(address(aliceAta.toBase58())).send();
    assert.deepEqual({ amount: value.amount, decimals: value.decimals, ui: value.uiAmountString }, { amount: '17500000', decimals: 6, ui: '17.5' });
    const owned = await rpc.getTokenAccountsByOwner(address(bob.publicKey.toBase58()), { mint: address(usdc.mint) }, { encoding: 'jsonParsed' }).send();
    assert.equal(owned.value.length, 1);
    assert.equal(owned.value[0]!.account.data.parsed.info.tokenAmount.uiAmountString, '7.5');
    assert.equal(chain.balance(bob.publicKey.toBase58(), 'USDC'), 7_500_000n);
  });
});

test('the USDC mint has the same address on every start', async () => {
  const first = await startSolanaChain();
  const second = await startSolanaChain();
  try {
    assert.equal(first.info.tokens[0]!.mint, second.info.tokens[0]!.mint);
    assert.equal(first.info.tokens[0]!.mint, '72bgXy9U4FrRr7HxYRstdKjjTeMaRTBrBCkWGecc18zN', 'the address the README gives');
    assert.equal(first.info.caip2, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    const genesis = await new Connection(first.info.rpcUrl).getGenesisHash();
    assert.equal(`solana:${genesis.slice(0, 32)}`, first.info.caip2);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});

test('a blockhash lives 150 blocks: valid at 150, refused ("Blockhash not found") at 151, nothing charged', async () => {
  await withCluster(async ({ chain, connection, clock }) => {
    const alice = await funded(chain);
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    assert.equal(lastValidBlockHeight, (await connection.getBlockHeight()) + 150);
    clock.ms += 150 * 400;
    assert.equal(await connection.getBlockHeight(), lastValidBlockHeight);
    assert.equal(await connection.isBlockhashValid(blockhash).then((r) => r.value), true);
    clock.ms += 400;
    assert.equal(await connection.isBlockhashValid(blockhash).then((r) => r.value), false);
    const before = await connection.getBalance(alice.publicKey);
    const tx = transferTx(alice, Keypair.generate().publicKey, LAMPORTS_PER_SOL / 10);
    tx.recentBlockhash = blockhash;
    tx.sign(alice);
    const error = await connection.sendRawTransaction(tx.serialize()).then(
      () => assert.fail('an expired blockhash was accepted'),
      (e: unknown) => e as SendTransactionError,
    );
    assert.match(error.message, /Blockhash not found/);
    assert.equal(await connection.getBalance(alice.publicKey), before);
    // The clock sysvar follows the wall clock too: its slot and unix time, as programs read them.
    const sysvar = (await connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY))!.data;
    assert.equal(sysvar.readBigUInt64LE(0), BigInt(lastValidBlockHeight + 1));
    assert.equal(sysvar.readBigInt64LE(32), BigInt(Math.floor(clock.ms / 1000)));
  });
});

test('a transfer that leaves a new account below rent exemption is refused by the preflight, fee not charged', async () => {
  await withCluster(async ({ chain, connection }) => {
    const alice = await funded(chain);
    const before = await connection.getBalance(alice.publicKey);
    const error = await refusal(connection, transferTx(alice, Keypair.generate().publicKey, 1000), alice);
    assert.match(error.message, /insufficient funds for rent/);
    assert.deepEqual((error as unknown as { transactionError: { message: string } }).transactionError.message.length > 0, true);
    assert.equal(await connection.getBalance(alice.publicKey), before);
    assert.equal(await connection.getMinimumBalanceForRentExemption(0), 890_880);
  });
});

test('insufficient lamports: refused with the System Program\u2019s error and logs, no fee charged', async () => {
  await withCluster(async ({ chain, connection }) => {
    const alice = await funded(chain, 1);
    const before = await connection.getBalance(alice.publicKey);
    const error = await refusal(connection, transferTx(alice, Keypair.generate().publicKey, 5 * LAMPORTS_PER_SOL), alice);
    assert.match(error.message, /custom program error: 0x1/);
    const logs = await error.getLogs(connection);
    assert.ok(logs.some((line) => /insufficient lamports/.test(line)), logs.join('\n'));
    assert.equal(await connection.getBalance(alice.publicKey), before);
  });
});

test('simulateTransaction with accounts answers their state after the transaction and changes nothing', async () => {
  await withCluster(async ({ chain, connection }) => {
    const alice = await funded(chain);
    const bob = Keypair.generate();
    const tx = transferTx(alice, bob.publicKey, LAMPORTS_PER_SOL);
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    tx.feePayer = alice.publicKey;
    const { value } = await connection.simulateTransaction(tx, [alice], [alice.publicKey, bob.publicKey]);
    assert.equal(value.err, null);
    assert.deepEqual(value.accounts?.map((a) => a?.lamports), [2 * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL - 5000, LAMPORTS_PER_SOL]);
    assert.equal(await connection.getBalance(bob.publicKey), 0);
    assert.equal(await connection.getBalance(alice.publicKey), 2 * LAMPORTS_PER_SOL);
  });
});

test('signatureSubscribe notifies once the signature lands, and at once for one that already landed', async () => {
  await withCluster(async ({ chain, connection }) => {
    const alice = await funded(chain);
    const tx = transferTx(alice, Keypair.generate().publicKey, LAMPORTS_PER_SOL);
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    tx.sign(alice);
    const signature = tx.signatures[0]!.signature!;
    const { encode } = await import('@scure/base').then((m) => m.base58);
    const heard = new Promise<unknown>((resolve) => connection.onSignature(encode(signature), (result) => resolve(result.err)));
    await chain.sendTransaction(tx.serialize());
    assert.equal(await heard, null);
    const again = await new Promise<unknown>((resolve) => connection.onSignature(encode(signature), (result) => resolve(result.err)));
    assert.equal(again, null);
  });
});
