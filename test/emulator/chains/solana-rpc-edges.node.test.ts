/**
 * The local Solana RPC's other edges: @solana/kit's own send-and-confirm (signature and slot
 * notifications over the WebSocket), refusals a node makes before any program runs (a bad
 * signature, a replay), fees, snapshots, and the bounds on what a client may ask (body size,
 * batch length, list lengths). Fresh cluster per test, clock injected, no sleeps.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { base58 } from '@scure/base';
import { startSolanaChain } from '../../../demo/emulator/chains/solana/start-solana-chain.ts';
import type { SolanaChain } from '../../../demo/emulator/chains/solana/start-solana-chain.ts';

async function withChain(run: (chain: SolanaChain, clock: { ms: number }) => Promise<void>): Promise<void> {
  const clock = { ms: 1_800_000_000_000 };
  const chain = await startSolanaChain({ now: () => clock.ms });
  try {
    await run(chain, clock);
  } finally {
    await chain.close();
  }
}

async function rpc(chain: SolanaChain, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(chain.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const call = (method: string, params: unknown[] = [], id: number = 1) => ({ jsonrpc: '2.0', id, method, params });

async function signedTransfer(chain: SolanaChain, from: Keypair, lamportsOut: number): Promise<Transaction> {
  const { blockhash } = await new Connection(chain.info.rpcUrl).getLatestBlockhash();
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: lamportsOut }));
  tx.sign(from);
  return tx;
}

/** The System Program's Transfer (instruction 2, u64 lamports), written out for kit. */
function transferSol(payer: Awaited<ReturnType<typeof generateKeyPairSigner>>, to: string, amount: bigint) {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, amount, true);
  return {
    programAddress: address('11111111111111111111111111111111'),
    accounts: [
      { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer },
      { address: address(to), role: AccountRole.WRITABLE },
    ],
    data,
  };
}

test('@solana/kit sends and confirms through its own subscriptions (signature and slot notifications)', async () => {
  await withChain(async (chain) => {
    const kitRpc = createSolanaRpc(chain.info.rpcUrl);
    const subscriptions = createSolanaRpcSubscriptions(chain.info.wsUrl);
    const payer = await generateKeyPairSigner();
    const recipient = await generateKeyPairSigner();
    await chain.fund(payer.address, 'SOL', BigInt(LAMPORTS_PER_SOL));
    const { value: latestBlockhash } = await kitRpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
      (m) => appendTransactionMessageInstruction(transferSol(payer, recipient.address, 250_000_000n), m),
    );
    const signed = await signTransactionMessageWithSigners(message as never);
    await sendAndConfirmTransactionFactory({ rpc: kitRpc, rpcSubscriptions: subscriptions } as never)(signed as never, { commitment: 'confirmed' });
    assert.equal((await kitRpc.getBalance(recipient.address).send()).value, 250_000_000n);
    const landed = await kitRpc.getTransaction(getSignatureFromTransaction(signed), { maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    assert.equal(landed?.version, 0);
    assert.equal(landed?.meta?.fee, 5000n);
  });
});

test('a bad signature is refused (-32003) before anything runs; a replay is "already processed"; neither is charged twice', async () => {
  await withChain(async (chain) => {
    const alice = Keypair.generate();
    await chain.fund(alice.publicKey.toBase58(), 'SOL', BigInt(LAMPORTS_PER_SOL));
    const tx = await signedTransfer(chain, alice, LAMPORTS_PER_SOL / 10);
    const wire = tx.serialize();
    const forged = Uint8Array.from(wire);
    forged[10] ^= 1;
    const bad = await rpc(chain, call('sendTransaction', [Buffer.from(forged).toString('base64'), { encoding: 'base64' }]));
    assert.deepEqual((bad.json as { error: { code: number; message: string } }).error.code, -32003);
    assert.equal(chain.balance(alice.publicKey.toBase58(), 'SOL'), BigInt(LAMPORTS_PER_SOL));
    const first = await rpc(chain, call('sendTransaction', [Buffer.from(wire).toString('base64'), { encoding: 'base64' }]));
    assert.equal(typeof (first.json as { result: string }).result, 'string');
    const again = await rpc(chain, call('sendTransaction', [Buffer.from(wire).toString('base64'), { encoding: 'base64' }]));
    const error = (again.json as { error: { code: number; message: string; data: { err: unknown } } }).error;
    assert.equal(error.code, -32002);
    assert.equal(error.data.err, 'AlreadyProcessed');
    assert.equal(chain.balance(alice.publicKey.toBase58(), 'SOL'), BigInt(LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 10 - 5000));
  });
});

test('getFeeForMessage prices a message at 5000 lamports a signature, and answers null once its blockhash expired', async () => {
  await withChain(async (chain, clock) => {
    const connection = new Connection(chain.info.rpcUrl);
    const alice = Keypair.generate();
    const tx = await signedTransfer(chain, alice, 1);
    assert.equal((await connection.getFeeForMessage(tx.compileMessage())).value, 5000);
    clock.ms += 151 * 400;
    assert.equal((await connection.getFeeForMessage(tx.compileMessage())).value, null);
  });
});

test('snapshot and restore: accounts and history come back as they were', async () => {
  await withChain(async (chain) => {
    const alice = Keypair.generate();
    await chain.fund(alice.publicKey.toBase58(), 'SOL', BigInt(LAMPORTS_PER_SOL));
    const saved = chain.snapshot();
    const signature = await chain.sendTransaction((await signedTransfer(chain, alice, LAMPORTS_PER_SOL / 2)).serialize());
    assert.notEqual(chain.status(signature), null);
    chain.restore(saved);
    assert.equal(chain.status(signature), null);
    assert.equal(chain.balance(alice.publicKey.toBase58(), 'SOL'), BigInt(LAMPORTS_PER_SOL));
    // The cluster keeps working after a restore.
    await chain.sendTransaction((await signedTransfer(chain, alice, LAMPORTS_PER_SOL / 4)).serialize());
    assert.equal(chain.balance(alice.publicKey.toBase58(), 'SOL'), BigInt(LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 4 - 5000));
  });
});

test('bounds: body size, batch length and list lengths are refused in JSON-RPC\u2019s shape; a batch answers each call', async () => {
  await withChain(async (chain) => {
    const huge = await rpc(chain, call('getBalance', ['x'.repeat(300 * 1024)]));
    assert.equal(huge.status, 413);
    assert.equal((huge.json as { error: { code: number } }).error.code, -32600);
    const tooMany = await rpc(chain, Array.from({ length: 101 }, (_, i) => call('getSlot', [], i)));
    assert.equal((tooMany.json as { error: { code: number } }).error.code, -32600);
    const batch = (await rpc(chain, [call('getSlot', [], 1), call('getHealth', [], 2)])).json as { id: number; result: unknown }[];
    assert.deepEqual(batch.map((a) => [a.id, a.result]), [[1, 0], [2, 'ok']]);
    const keys = Array.from({ length: 101 }, () => Keypair.generate().publicKey.toBase58());
    assert.equal(((await rpc(chain, call('getMultipleAccounts', [keys]))).json as { error: { code: number } }).error.code, -32602);
    assert.equal(((await rpc(chain, call('getNoSuchThing'))).json as { error: { code: number } }).error.code, -32601);
    assert.equal(((await rpc(chain, '{"jsonrpc":')).json as { error: { code: number } }).error.code, -32700);
    assert.equal(((await rpc(chain, call('getBalance', ['not-a-key']))).json as { error: { code: number } }).error.code, -32602);
    assert.equal(((await rpc(chain, call('requestAirdrop', [Keypair.generate().publicKey.toBase58(), -1]))).json as { error: { code: number } }).error.code, -32602);
  });
});

test('the RPC answers any origin (a page\u2019s rpcUrl) and serves its WebSocket on the HTTP port too', async () => {
  await withChain(async (chain) => {
    const preflight = await fetch(chain.info.rpcUrl, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, solana-client' } });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /solana-client/);
    const alice = Keypair.generate();
    await chain.fund(alice.publicKey.toBase58(), 'SOL', BigInt(LAMPORTS_PER_SOL));
    const tx = await signedTransfer(chain, alice, LAMPORTS_PER_SOL / 2);
    const connection = new Connection(chain.info.rpcUrl, { wsEndpoint: chain.info.rpcUrl.replace(/^http/, 'ws') });
    const heard = new Promise((resolve) => connection.onSignature(base58.encode(tx.signatures[0]!.signature!), (r) => resolve(r.err)));
    await chain.sendTransaction(tx.serialize());
    assert.equal(await heard, null);
    assert.equal(await connection.getBalance(alice.publicKey), LAMPORTS_PER_SOL / 2 - 5000);
  });
});
