/**
 * Simulation on the sheet, Solana (issue 36 item 2), against the emulator's local cluster
 * (LiteSVM behind a real JSON-RPC server, one per file, each test isolated by the ledger's
 * snapshot): src/review/simulate-solana.ts reads a v0 transaction's lookup tables through the
 * RPC (the review shows the real destination, not `table[2]`) and asks simulateTransaction with
 * the touched accounts what changes for the account. The attacker's transactions are built with
 * @solana/web3.js and @solana/spl-token (libraries this project did not write); the outside truth
 * is the chain itself: the same transaction signed and sent, its balances read back with web3.js
 * and spl-token. A dead node, a lying node and a node that never answers are `not-simulated`,
 * never "no change"; a transaction the cluster refuses is `will-fail` with its reason. Every
 * assert.ok carries its message: without one, node:assert reads the transpiled source to word the
 * failure and stalls the file.
 */
import { describe, it, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AddressLookupTableProgram, Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction,
  type AddressLookupTableAccount, type TransactionInstruction,
} from '@solana/web3.js';
import {
  AuthorityType, createApproveInstruction, createAssociatedTokenAccountIdempotentInstruction, createCloseAccountInstruction, createSetAuthorityInstruction,
  createTransferCheckedInstruction, getAccount, getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { startSolanaChain, type SolanaChain, type SolanaSnapshot } from '../../../demo/emulator/chains/solana/start-solana-chain.ts';
import { simulateSolanaReview, simulateSolanaTransaction, LOOKUP_TABLE_PROGRAM, type SolanaSimulation } from '../../../src/review/simulate-solana.ts';
import type { AssetChange } from '../../../src/review/request-review.ts';

const FEE = 5_000n;
const U64_MAX = 2n ** 64n - 1n;

describe('simulation on the sheet: simulateTransaction on the local Solana cluster', () => {
  const clock = { ms: 1_800_000_000_000 };
  let chain: SolanaChain;
  let connection: Connection;
  let usdc: PublicKey;
  let victim: Keypair;
  let victimUsdc: PublicKey;
  let table: AddressLookupTableAccount;
  let snapshot: SolanaSnapshot;
  const attacker = Keypair.generate().publicKey;
  const servers: Server[] = [];

  const context = () => ({ origin: 'https://dapp.example', account: victim.publicKey.toBase58(), chain: { id: chain.info.caip2 }, action: 'send-transaction' as const });
  /** The unsigned legacy transaction, as a dapp hands it to the wallet. */
  const legacy = async (...instructions: TransactionInstruction[]) =>
    new Transaction({ feePayer: victim.publicKey, blockhash: await chain.latestBlockhash(), lastValidBlockHeight: 0 }).add(...instructions).serialize({ requireAllSignatures: false, verifySignatures: false });
  const v0 = async (tables: AddressLookupTableAccount[], ...instructions: TransactionInstruction[]) =>
    new VersionedTransaction(new TransactionMessage({ payerKey: victim.publicKey, recentBlockhash: await chain.latestBlockhash(), instructions }).compileToV0Message(tables)).serialize();
  const simulate = (transaction: Uint8Array, rpcUrl: string | null = chain.info.rpcUrl, more: { fetch?: typeof fetch; timeoutMs?: number } = {}) =>
    simulateSolanaTransaction({ ...(rpcUrl ? { rpcUrl } : {}), account: victim.publicKey.toBase58(), transaction, ...more }).then((r) => r.simulation);
  /** The same transaction signed and sent: what the chain really does (the outside truth). */
  const send = async (transaction: Uint8Array) => {
    const tx = VersionedTransaction.deserialize(transaction);
    tx.sign([victim]);
    await chain.sendTransaction(tx.serialize());
  };
  const changes = (s: SolanaSimulation): readonly AssetChange[] => {
    assert.equal(s.status, 'simulated', JSON.stringify(s));
    return (s as Extract<SolanaSimulation, { status: 'simulated' }>).changes;
  };
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  before(async () => {
    chain = await startSolanaChain({ now: () => clock.ms });
    connection = new Connection(chain.info.rpcUrl, 'confirmed');
    usdc = new PublicKey(chain.info.tokens[0]!.mint);
    victim = Keypair.generate();
    await chain.fund(victim.publicKey.toBase58(), 'SOL', 2n * BigInt(LAMPORTS_PER_SOL));
    await chain.fund(victim.publicKey.toBase58(), 'USDC', 100_000_000n);
    victimUsdc = getAssociatedTokenAddressSync(usdc, victim.publicKey);
    // The attacker's lookup table, made on the chain with web3.js: [filler, filler, attacker].
    const owner = Keypair.generate();
    await chain.fund(owner.publicKey.toBase58(), 'SOL', BigInt(LAMPORTS_PER_SOL));
    const [create, address] = AddressLookupTableProgram.createLookupTable({ authority: owner.publicKey, payer: owner.publicKey, recentSlot: await connection.getSlot() });
    const extend = AddressLookupTableProgram.extendLookupTable({ lookupTable: address, authority: owner.publicKey, payer: owner.publicKey, addresses: [Keypair.generate().publicKey, Keypair.generate().publicKey, attacker] });
    const made = new VersionedTransaction(new TransactionMessage({ payerKey: owner.publicKey, recentBlockhash: await chain.latestBlockhash(), instructions: [create, extend] }).compileToV0Message());
    made.sign([owner]);
    await chain.sendTransaction(made.serialize());
    // A table's entries are usable from the slot after they were added.
    clock.ms += 2_000;
    table = (await connection.getAddressLookupTable(address)).value!;
    assert.equal(table.state.addresses[2]!.toBase58(), attacker.toBase58());
  });
  after(async () => {
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await chain.close();
  });
  beforeEach(() => {
    snapshot = chain.snapshot();
  });
  afterEach(() => chain.restore(snapshot));

  it('a SOL send is the amount and the fee out, as the chain charges them when the same transaction is sent', async () => {
    const wire = await legacy(SystemProgram.transfer({ fromPubkey: victim.publicKey, toPubkey: attacker, lamports: LAMPORTS_PER_SOL / 10 }));
    const before = await connection.getBalance(victim.publicKey);
    assert.deepEqual(changes(await simulate(wire)), [
      { kind: 'transfer', standard: 'native', asset: 'native', direction: 'out', amount: (-(BigInt(LAMPORTS_PER_SOL) / 10n + FEE)).toString(), symbol: 'SOL', decimals: 9 },
    ]);
    // The simulation changed nothing; the send does what it said.
    assert.equal(await connection.getBalance(victim.publicKey), before);
    await send(wire);
    assert.equal(BigInt(await connection.getBalance(victim.publicKey)) - BigInt(before), -(BigInt(LAMPORTS_PER_SOL) / 10n + FEE));
  });

  it('an SPL transfer is −25 USDC (decimals read from the mint) and the fee; the review shows both token accounts; spl-token reads the same after the send', async () => {
    const theirs = getAssociatedTokenAddressSync(usdc, attacker);
    const wire = await legacy(
      createAssociatedTokenAccountIdempotentInstruction(victim.publicKey, theirs, attacker, usdc),
      createTransferCheckedInstruction(victimUsdc, usdc, theirs, victim.publicKey, 25_000_000n, 6),
    );
    const review = await simulateSolanaReview(context(), wire, { rpcUrl: chain.info.rpcUrl });
    const rent = BigInt(await connection.getMinimumBalanceForRentExemption(165));
    assert.deepEqual(review.simulation?.changes, [
      { kind: 'transfer', standard: 'native', asset: 'native', direction: 'out', amount: (-(rent + FEE)).toString(), symbol: 'SOL', decimals: 9 },
      { kind: 'transfer', standard: 'spl', asset: usdc.toBase58(), direction: 'out', amount: '-25000000', decimals: 6 },
    ]);
    const rows = review.sections.flatMap((s) => s.rows.map((r) => r.value));
    assert.deepEqual([rows.includes(victimUsdc.toBase58()), rows.includes(theirs.toBase58())], [true, true]);
    assert.equal(review.warnings.includes('not-simulated'), false, review.warnings.join());
    await send(wire);
    assert.equal((await getAccount(connection, victimUsdc)).amount, 75_000_000n);
    assert.equal((await getAccount(connection, theirs)).amount, 25_000_000n);
  });

  it('a v0 transfer to a lookup-table entry shows the real destination, read from the table through the RPC; without the table read it is table[2] with unresolved-address', async () => {
    const wire = await v0([table], SystemProgram.transfer({ fromPubkey: victim.publicKey, toPubkey: attacker, lamports: LAMPORTS_PER_SOL / 2 }));
    const review = await simulateSolanaReview(context(), wire, { rpcUrl: chain.info.rpcUrl });
    const transfer = review.sections.find((s) => s.title === 'instruction')!;
    assert.deepEqual(transfer.rows.find((r) => r.label === 'to'), { label: 'to', value: attacker.toBase58(), format: 'address' });
    assert.ok(!review.warnings.includes('unresolved-address'), review.warnings.join());
    assert.deepEqual(review.simulation?.changes.map((c) => c.amount), [(-(BigInt(LAMPORTS_PER_SOL) / 2n + FEE)).toString()]);
    // No rpcUrl: nothing read, the entry stays table[2], warned, and the sheet says it could not simulate.
    const blind = await simulateSolanaReview(context(), wire, {});
    assert.equal(blind.sections.find((s) => s.title === 'instruction')!.rows.find((r) => r.label === 'to')!.value, `${table.key.toBase58()}[2]`);
    assert.deepEqual(blind.warnings.filter((w) => w === 'unresolved-address' || w === 'not-simulated'), ['unresolved-address', 'not-simulated']);
    assert.equal(blind.simulation, undefined);
  });

  it('a "table" that is not one (a plain account, an index past the end, a look-alike owned by another program) stays unresolved and warned', async () => {
    // A plain system account posing as the table: the cluster cannot load it either (will-fail).
    const fake: AddressLookupTableAccount = { ...table, key: victim.publicKey } as AddressLookupTableAccount;
    const forged = await v0([fake], SystemProgram.transfer({ fromPubkey: victim.publicKey, toPubkey: attacker, lamports: 1_000_000 }));
    const review = await simulateSolanaReview(context(), forged, { rpcUrl: chain.info.rpcUrl });
    assert.equal(review.warnings.includes('unresolved-address'), true, review.warnings.join());
    assert.equal(review.warnings[0], 'will-fail');
    // The real table, an index past its end (web3.js compiles from the entries it is handed).
    const longer = { ...table, state: { ...table.state, addresses: [...table.state.addresses, Keypair.generate().publicKey] } } as AddressLookupTableAccount;
    const past = await v0([longer], SystemProgram.transfer({ fromPubkey: victim.publicKey, toPubkey: longer.state.addresses[3]!, lamports: 1_000_000 }));
    const pastReview = await simulateSolanaReview(context(), past, { rpcUrl: chain.info.rpcUrl });
    assert.equal(pastReview.warnings.includes('unresolved-address'), true, pastReview.warnings.join());
    assert.match(pastReview.sections.find((s) => s.title === 'instruction')!.rows.find((r) => r.label === 'to')!.value, /\[3\]$/);
    // A node that answers the table's bytes under another owner (a program's look-alike account): not a table.
    const lying: typeof fetch = async (url, init) => {
      const body = JSON.parse(String(init!.body)) as { method: string };
      const answer = await fetch(url, init);
      if (body.method !== 'getAccountInfo') return answer;
      const json = (await answer.json()) as { result: { value: { owner: string } } };
      assert.equal(json.result.value.owner, LOOKUP_TABLE_PROGRAM);
      json.result.value.owner = attacker.toBase58();
      return new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } });
    };
    const wire = await v0([table], SystemProgram.transfer({ fromPubkey: victim.publicKey, toPubkey: attacker, lamports: 1_000_000 }));
    const lied = await simulateSolanaReview(context(), wire, { rpcUrl: chain.info.rpcUrl, fetch: lying });
    assert.equal(lied.warnings.includes('unresolved-address'), true, lied.warnings.join());
  });

  it('an unlimited approve is an allowance to the attacker; setAuthority(AccountOwner) hands the token account over; close sends its rent away', async () => {
    const approve = changes(await simulate(await legacy(createApproveInstruction(victimUsdc, attacker, victim.publicKey, U64_MAX))));
    assert.deepEqual(approve.filter((c) => c.standard === 'spl'), [{ kind: 'approval', standard: 'spl', asset: usdc.toBase58(), direction: 'approve', amount: U64_MAX.toString(), spender: attacker.toBase58(), decimals: 6 }]);
    const handover = changes(await simulate(await legacy(createSetAuthorityInstruction(victimUsdc, victim.publicKey, AuthorityType.AccountOwner, attacker))));
    // The 100 USDC are no longer the person's: out, and the account named as handed over.
    assert.deepEqual(handover.filter((c) => c.standard === 'spl'), [
      { kind: 'transfer', standard: 'spl', asset: usdc.toBase58(), direction: 'out', amount: '-100000000', decimals: 6 },
      { kind: 'owner-change', standard: 'spl', asset: usdc.toBase58(), direction: 'out', amount: '100000000', spender: attacker.toBase58(), decimals: 6 },
    ]);
    // An empty token account closed with its rent paid to the attacker.
    await chain.fund(attacker.toBase58(), 'USDC', 1n);
    const drain = createTransferCheckedInstruction(victimUsdc, usdc, getAssociatedTokenAddressSync(usdc, attacker), victim.publicKey, 100_000_000n, 6);
    const closed = changes(await simulate(await legacy(drain, createCloseAccountInstruction(victimUsdc, attacker, victim.publicKey))));
    assert.deepEqual(closed.map((c) => [c.kind, c.standard, c.amount]), [
      ['transfer', 'native', (-FEE).toString()],
      ['transfer', 'spl', '-100000000'],
      ['closed', 'spl', '0'],
    ]);
  });

  it('System assign of the account itself is an owner change to that program', async () => {
    const program = Keypair.generate().publicKey;
    const assigned = changes(await simulate(await legacy(SystemProgram.assign({ accountPubkey: victim.publicKey, programId: program }))));
    assert.deepEqual(assigned.map((c) => [c.kind, c.spender ?? '']), [['transfer', ''], ['owner-change', program.toBase58()]]);
  });

  it('a transfer of more USDC than held is will-fail with the program\u2019s error, and the review puts will-fail first', async () => {
    const wire = await legacy(createTransferCheckedInstruction(victimUsdc, usdc, victimUsdc, victim.publicKey, 500_000_000n, 6));
    const simulation = await simulate(wire);
    assert.equal(simulation.status, 'will-fail');
    assert.match((simulation as { reason: string }).reason, /^instruction 1: \{"Custom":1\} \(Error: insufficient funds\)$/);
    const review = await simulateSolanaReview(context(), wire, { rpcUrl: chain.info.rpcUrl });
    assert.equal(review.warnings[0], 'will-fail');
    assert.deepEqual(review.simulation, { changes: [], failure: (simulation as { reason: string }).reason });
    // web3.js's preflight refuses the same transaction.
    await assert.rejects(send(wire));
  });

  it('no rpcUrl, a dead node, a node without the accounts, a node that never answers: not-simulated, never "no change"', async () => {
    const wire = await legacy(SystemProgram.transfer({ fromPubkey: victim.publicKey, toPubkey: attacker, lamports: LAMPORTS_PER_SOL / 10 }));
    assert.deepEqual(await simulate(wire, null), { status: 'not-simulated', cause: 'no rpcUrl' });
    const dead = await listen(() => undefined);
    servers.pop()!.close();
    assert.equal((await simulate(wire, dead)).status, 'not-simulated');
    // A node that simulates but leaves the accounts out (or answers fewer): the changes are not known.
    const forgetful: typeof fetch = async (url, init) => {
      const answer = await fetch(url, init);
      const json = (await answer.json()) as { result?: { value?: { accounts?: unknown } } };
      if (json.result?.value && 'accounts' in json.result.value) json.result.value.accounts = null;
      return new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } });
    };
    assert.deepEqual(await simulate(wire, chain.info.rpcUrl, { fetch: forgetful }), { status: 'not-simulated', cause: 'the node answered without the accounts' });
    const silent = await listen(() => undefined);
    const started = performance.now();
    assert.deepEqual(await simulate(wire, silent, { timeoutMs: 300 }), { status: 'not-simulated', cause: 'timeout' });
    assert.ok(performance.now() - started < 2_000, 'within the timeout');
    const review = await simulateSolanaReview(context(), wire, { rpcUrl: silent, timeoutMs: 300 });
    assert.deepEqual(review.warnings.at(-1), 'not-simulated');
    assert.equal(review.simulation, undefined);
  });
});
