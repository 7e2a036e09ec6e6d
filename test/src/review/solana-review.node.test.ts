// The Solana request review against encoders this project did not write: transactions built by
// @solana/web3.js 1.98.4 (legacy Transaction, v0 VersionedTransaction with an address lookup
// table) and @solana/kit 8.4.0 (compileTransaction), instructions by web3.js' SystemProgram and
// ComputeBudgetProgram and by @solana-program/token 0.16.1 (transfer, transferChecked, approve,
// approveChecked). Our reading of each is compared with what went in, and our wire reader with
// web3.js' own deserialization (VersionedTransaction.deserialize, getAccountKeys with the
// lookup table). Amount formatting against viem's formatUnits. Bad bytes: ERR_INPUT_INVALID.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import { getApproveCheckedInstruction, getApproveInstruction, getTransferCheckedInstruction, getTransferInstruction } from '@solana-program/token';
import { formatUnits as viemFormatUnits } from 'viem';
import { parseSolanaTransaction, solanaAccount } from '../../../src/review/solana-transaction.ts';
import { solanaTransactionReview } from '../../../src/review/solana-transaction-review.ts';
import { solanaMessageReview, messageText } from '../../../src/review/solana-message-review.ts';
import { formatUnits, TOKEN_2022_PROGRAM, TOKEN_PROGRAM, U64_MAX } from '../../../src/review/solana-instruction-review.ts';
import type { RequestReview, ReviewSection } from '../../../src/review/request-review.ts';

const key = () => Keypair.generate().publicKey;
const blockhash = () => key().toBase58();
const ORIGIN = 'https://dapp.example';
const CHAIN = { id: 'solana:devnet', name: 'Solana Devnet' };

/** A kit instruction (from @solana-program/token) as web3.js takes it. */
function web3Instruction(ix: Instruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(ix.programAddress),
    keys: (ix.accounts ?? []).map((a) => ({ pubkey: new PublicKey(a.address), isSigner: a.role >= 2, isWritable: (a.role & 1) === 1 })),
    data: Buffer.from(ix.data ?? []),
  });
}

function legacy(payer: PublicKey, ...instructions: TransactionInstruction[]): Uint8Array {
  const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash() }).add(...instructions);
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false });
}

function v0(payer: PublicKey, instructions: TransactionInstruction[], tables: AddressLookupTableAccount[] = []): Uint8Array {
  const message = new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash(), instructions }).compileToV0Message(tables);
  return new VersionedTransaction(message).serialize();
}

function review(bytes: Uint8Array, account: string, action: 'sign-transaction' | 'send-transaction' = 'sign-transaction'): RequestReview {
  return solanaTransactionReview({ origin: ORIGIN, account, chain: CHAIN, action }, bytes);
}

/** A section's rows as label → value (rows with a name are keyed by it). */
const rowsOf = (section: ReviewSection) => Object.fromEntries(section.rows.map((r) => [r.label ?? r.name, r.value]));

describe('Solana wire reader against web3.js', () => {
  it('reads legacy and v0 transactions as VersionedTransaction.deserialize does (keys, header, blockhash, instructions, lookups)', () => {
    let mixed = 0;
    const tableOf = (addresses: PublicKey[]) => new AddressLookupTableAccount({ key: key(), state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses } });
    for (let round = 0; round < 40; round++) {
      const payer = key();
      const authority = createNoopSigner(address(payer.toBase58()));
      // System transfers (a writable recipient), compute-budget (no accounts) and token
      // transferChecked (writable source and destination, a read-only mint, a signer).
      const instructions = Array.from({ length: 1 + (round % 5) }, (_, i) =>
        [
          () => SystemProgram.transfer({ fromPubkey: payer, toPubkey: key(), lamports: BigInt(round * 1_000_003 + i) }),
          () => ComputeBudgetProgram.setComputeUnitPrice({ microLamports: round + i }),
          () => web3Instruction(getTransferCheckedInstruction({ source: address(key().toBase58()), mint: address(key().toBase58()), destination: address(key().toBase58()), authority, amount: BigInt(i), decimals: 6 })),
        ][(round + i) % 3]!(),
      );
      const loadable = (parity: number) => instructions.filter((_, i) => i % 2 === parity).flatMap((ix) => ix.keys.filter((k) => !k.isSigner).map((k) => k.pubkey));
      // Two tables, each holding writable and read-only entries, so the loaded order (every
      // table's writable entries, then every table's read-only ones) matters.
      const table = tableOf(loadable(0));
      const second = tableOf(loadable(1));
      for (const bytes of [legacy(payer, ...instructions), v0(payer, instructions), v0(payer, instructions, [table, second])]) {
        const ours = parseSolanaTransaction(bytes);
        const theirs = VersionedTransaction.deserialize(bytes);
        const m = theirs.message;
        assert.equal(ours.version, m.version);
        assert.deepEqual(ours.staticAccountKeys, m.staticAccountKeys.map((k) => k.toBase58()));
        assert.equal(ours.recentBlockhash, m.recentBlockhash);
        assert.equal(ours.numRequiredSignatures, m.header.numRequiredSignatures);
        assert.equal(ours.numReadonlySignedAccounts, m.header.numReadonlySignedAccounts);
        assert.equal(ours.numReadonlyUnsignedAccounts, m.header.numReadonlyUnsignedAccounts);
        assert.deepEqual(
          ours.instructions.map((ix) => [ix.programIdIndex, [...ix.accounts], Buffer.from(ix.data).toString('hex')]),
          m.compiledInstructions.map((ix) => [ix.programIdIndex, ix.accountKeyIndexes, Buffer.from(ix.data).toString('hex')]),
        );
        assert.deepEqual(
          ours.addressTableLookups.map((l) => [l.table, l.writableIndexes, l.readonlyIndexes]),
          m.addressTableLookups.map((l) => [l.accountKey.toBase58(), l.writableIndexes, l.readonlyIndexes]),
        );
        assert.deepEqual([...ours.message], [...m.serialize()]);
        if (ours.addressTableLookups.length === 2 && ours.addressTableLookups.every((l) => l.writableIndexes.length && l.readonlyIndexes.length)) mixed++;
        // Every account index leads where web3.js resolves it (through the table's contents).
        const tables = [table, second];
        const keys = m.getAccountKeys({ addressLookupTableAccounts: tables });
        for (const ix of ours.instructions) {
          for (const index of ix.accounts) {
            const ref = solanaAccount(ours, index);
            const resolved = ref.kind === 'static' ? ref.address : tables.find((t) => t.key.toBase58() === ref.table)!.state.addresses[ref.index]!.toBase58();
            assert.equal(resolved, keys.get(index)!.toBase58());
            assert.equal(ref.writable, m.isAccountWritable(index));
          }
        }
      }
    }
    assert.ok(mixed > 0, 'some transactions load writable and read-only entries from both tables');
  });

  it('reads a transaction compiled by @solana/kit', () => {
    const payer = address(key().toBase58());
    const [source, destination, mint] = [key(), key(), key()].map((k) => address(k.toBase58()));
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash() as Blockhash, lastValidBlockHeight: 1n }, m),
      (m) => appendTransactionMessageInstructions([getTransferCheckedInstruction({ source, mint, destination, authority: createNoopSigner(payer), amount: 1_500_000n, decimals: 6 })], m),
    );
    const bytes = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
    const r = review(bytes, payer);
    assert.deepEqual(r.warnings, []);
    assert.equal(r.sections[1]!.heading, 'Token Program: transferChecked');
    assert.deepEqual(rowsOf(r.sections[1]!), { program: TOKEN_PROGRAM, source, mint, destination, authority: payer, amount: '1.5', decimals: '6' });
  });

  it('refuses bytes that are not a legacy or v0 transaction (ERR_INPUT_INVALID)', () => {
    const payer = key();
    const good = legacy(payer, SystemProgram.transfer({ fromPubkey: payer, toPubkey: key(), lamports: 5 }));
    const goodV0 = v0(payer, [SystemProgram.transfer({ fromPubkey: payer, toPubkey: key(), lamports: 5 })]);
    const bad: [string, Uint8Array][] = [
      ['empty', new Uint8Array()],
      ['truncated', good.slice(0, -1)],
      ['a byte after the message', Uint8Array.from([...good, 0])],
      ['two signature slots for one signer', Uint8Array.from([2, ...new Uint8Array(64), ...good.slice(1)])],
      ['version 1', Uint8Array.from([...goodV0.slice(0, 65), 0x81, ...goodV0.slice(66)])],
      ['a non-canonical length', Uint8Array.from([0x81, 0x00, ...good.slice(1)])],
    ];
    // The instruction's first account index pointing past every key.
    const outOfRange = good.slice();
    const parsed = parseSolanaTransaction(good);
    const at = good.length - parsed.instructions[0]!.data.length - 1 - parsed.instructions[0]!.accounts.length;
    outOfRange[at] = 200;
    bad.push(['an account index past the keys', outOfRange]);
    for (const [what, bytes] of bad) {
      assert.throws(() => parseSolanaTransaction(bytes), (e: { code?: string }) => e.code === 'ERR_INPUT_INVALID', what);
    }
    // web3.js agrees the out-of-range one names no account.
    assert.equal(VersionedTransaction.deserialize(outOfRange).message.getAccountKeys().get(200), undefined);
  });
});

describe('Solana transaction review', () => {
  it('System transfer: from, to, SOL and lamports (legacy and v0), fee payer and blockhash', () => {
    const payer = key();
    const to = key();
    const lamports = 1_234_567_890_123n;
    for (const bytes of [legacy(payer, SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports })), v0(payer, [SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports })])]) {
      const r = review(bytes, payer.toBase58(), 'send-transaction');
      const web3 = VersionedTransaction.deserialize(bytes).message;
      assert.equal(r.action, 'send-transaction');
      assert.equal(r.origin, ORIGIN);
      assert.deepEqual(r.chain, CHAIN);
      assert.deepEqual(r.warnings, []);
      assert.deepEqual(rowsOf(r.sections[0]!), { version: String(web3.version), 'fee-payer': payer.toBase58(), 'recent-blockhash': web3.recentBlockhash, fee: '0.000005 SOL' });
      assert.equal(r.sections[1]!.heading, 'System Program: transfer');
      assert.deepEqual(rowsOf(r.sections[1]!), { program: SystemProgram.programId.toBase58(), from: payer.toBase58(), to: to.toBase58(), sol: '1234.567890123', lamports: '1234567890123' });
    }
  });

  it('SPL Token and Token-2022 transfer, transferChecked, approve, approveChecked as @solana-program/token encodes them', () => {
    const owner = key();
    const signer = createNoopSigner(address(owner.toBase58()));
    const [source, destination, mint, delegate] = [key(), key(), key(), key()].map((k) => address(k.toBase58()));
    for (const program of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
      const config = { programAddress: address(program) };
      const name = program === TOKEN_PROGRAM ? 'Token Program' : 'Token-2022 Program';
      const cases: [Instruction, string, Record<string, string>, string[]][] = [
        [getTransferInstruction({ source, destination, authority: signer, amount: 42n }, config), 'transfer', { source, destination, authority: signer.address, amount: '42' }, []],
        [getTransferCheckedInstruction({ source, mint, destination, authority: signer, amount: 1_000_001n, decimals: 6 }, config), 'transferChecked', { source, mint, destination, authority: signer.address, amount: '1.000001', decimals: '6' }, []],
        [getApproveInstruction({ source, delegate, owner: signer, amount: 7n }, config), 'approve', { source, delegate, owner: signer.address, amount: '7' }, ['delegation']],
        [getApproveInstruction({ source, delegate, owner: signer, amount: U64_MAX }, config), 'approve', { source, delegate, owner: signer.address, amount: U64_MAX.toString() }, ['unlimited-amount', 'delegation']],
        [getApproveCheckedInstruction({ source, mint, delegate, owner: signer, amount: U64_MAX, decimals: 9 }, config), 'approveChecked', { source, mint, delegate, owner: signer.address, amount: '18446744073.709551615', decimals: '9' }, ['unlimited-amount', 'delegation']],
        // From u64::MAX / 2 up is unlimited too (issue 36: u64::MAX - 1 was let through); just under it is a number.
        [getApproveInstruction({ source, delegate, owner: signer, amount: U64_MAX - 1n }, config), 'approve', { source, delegate, owner: signer.address, amount: (U64_MAX - 1n).toString() }, ['unlimited-amount', 'delegation']],
        [getApproveInstruction({ source, delegate, owner: signer, amount: U64_MAX / 2n - 1n }, config), 'approve', { source, delegate, owner: signer.address, amount: (U64_MAX / 2n - 1n).toString() }, ['delegation']],
      ];
      for (const [ix, instruction, rows, warnings] of cases) {
        for (const bytes of [legacy(owner, web3Instruction(ix)), v0(owner, [web3Instruction(ix)])]) {
          const r = review(bytes, owner.toBase58());
          const section = r.sections[1]!;
          assert.equal(section.heading, `${name}: ${instruction}`);
          assert.deepEqual(rowsOf(section), { program, ...rows }, `${name} ${instruction}`);
          assert.deepEqual(section.warnings ?? [], warnings);
          assert.deepEqual(r.warnings, warnings);
        }
      }
    }
  });

  it('v0: the lookup table is noted, and an account it supplies is shown as table[index], the entry web3.js resolves', () => {
    const payer = key();
    const to = key();
    const table = new AddressLookupTableAccount({ key: key(), state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [key(), key(), to] } });
    const bytes = v0(payer, [SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 10n })], [table]);
    const r = review(bytes, payer.toBase58());
    const rows = rowsOf(r.sections[0]!);
    assert.equal(rows['lookup-table'], table.key.toBase58());
    assert.equal(rows['lookup-writable'], '2');
    // No read-only entry is taken from the table: no row for an empty list.
    assert.equal('lookup-readonly' in rows, false);
    assert.equal(r.sections[0]!.rows.some((row) => row.name !== undefined), false, 'every row is labelled');
    assert.equal(rowsOf(r.sections[1]!).to, `${table.key.toBase58()}[2]`);
    assert.equal(r.sections[1]!.rows.find((row) => row.label === 'to')!.format, 'code');
    // web3.js, given the table's contents, resolves that account to the recipient.
    const m = VersionedTransaction.deserialize(bytes).message;
    assert.equal(m.getAccountKeys({ addressLookupTableAccounts: [table] }).get(m.compiledInstructions[0]!.accountKeyIndexes[1]!)!.toBase58(), to.toBase58());
  });

  it('other programs, and known programs with data this reader cannot vouch for, are listed by program id with unreadable-instruction; ComputeBudget and Memo are read', () => {
    const payer = key();
    const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5000 });
    const memo = new TransactionInstruction({ programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), keys: [{ pubkey: payer, isSigner: true, isWritable: false }], data: Buffer.from('hi') });
    const token = web3Instruction(getTransferInstruction({ source: address(key().toBase58()), destination: address(key().toBase58()), authority: createNoopSigner(address(payer.toBase58())), amount: 1n }));
    const longer = new TransactionInstruction({ ...token, data: Buffer.concat([token.data, Buffer.of(0)]) });
    const seed = SystemProgram.transfer({ fromPubkey: payer, toPubkey: key(), lamports: 1 });
    const systemOther = new TransactionInstruction({ ...seed, data: Buffer.concat([Buffer.of(3, 0, 0, 0), seed.data.subarray(4)]) });
    const unknown = new TransactionInstruction({ programId: key(), keys: [{ pubkey: payer, isSigner: true, isWritable: true }], data: Buffer.from('hi') });
    const r = review(legacy(payer, price, memo, longer, systemOther, seed, unknown), payer.toBase58());
    assert.deepEqual(r.warnings, ['unreadable-instruction']);
    const [, priceSection, memoSection, longerSection, otherSection, seedSection, unknownSection] = r.sections;
    assert.deepEqual(rowsOf(priceSection!), { program: ComputeBudgetProgram.programId.toBase58(), 'unit-price': '5000' });
    assert.deepEqual(rowsOf(memoSection!), { program: memo.programId.toBase58(), memo: 'hi', signer: payer.toBase58() });
    assert.deepEqual(rowsOf(unknownSection!), { program: unknown.programId.toBase58(), accounts: payer.toBase58(), data: '0x6869' });
    for (const s of [priceSection, memoSection]) assert.equal(s!.warnings, undefined);
    for (const s of [longerSection, otherSection, unknownSection]) assert.deepEqual(s!.warnings, ['unreadable-instruction']);
    assert.equal(longerSection!.heading, undefined);
    assert.equal(seedSection!.heading, 'System Program: transfer');
  });

  it('refuses a transaction the account does not sign (ERR_INPUT_INVALID)', () => {
    const payer = key();
    const bytes = legacy(payer, SystemProgram.transfer({ fromPubkey: payer, toPubkey: key(), lamports: 1 }));
    assert.throws(() => review(bytes, key().toBase58()), (e: { code?: string }) => e.code === 'ERR_INPUT_INVALID');
  });

  it('formatUnits agrees with viem', () => {
    for (const [amount, decimals] of [[0n, 0], [0n, 9], [1n, 9], [10n ** 9n, 9], [U64_MAX, 0], [U64_MAX, 6], [U64_MAX, 19], [U64_MAX, 25], [1_000_000n, 6], [123_456_789n, 3]] as const) {
      assert.equal(formatUnits(amount, decimals), viemFormatUnits(amount, decimals), `${amount} / 10^${decimals}`);
    }
  });
});

describe('Solana message review', () => {
  const context = { origin: ORIGIN, account: key().toBase58(), chain: CHAIN };

  it('text is shown as text, with its bytes as hex', () => {
    const text = 'Sign in to dapp.example\nNonce: 42 ✓ مرحبا';
    const bytes = new TextEncoder().encode(text);
    const r = solanaMessageReview(context, bytes);
    assert.deepEqual(r.message, { text, hex: `0x${Buffer.from(bytes).toString('hex')}` });
    assert.deepEqual(r.warnings, []);
    assert.equal(r.action, 'sign-message');
  });

  it('bytes that are not text a person can read as signed are hex only, with message-not-text', () => {
    const cases = [
      Uint8Array.of(0xff, 0xfe, 0x00, 0x01),
      new TextEncoder().encode('pay\u0000 attention'),
      new TextEncoder().encode('\u009bC1 control'),
      Uint8Array.from([0xff, ...new TextEncoder().encode('solana offchain')]),
    ];
    for (const bytes of cases) {
      assert.equal(messageText(bytes), undefined, Buffer.from(bytes).toString('hex'));
      const r = solanaMessageReview(context, bytes);
      assert.deepEqual(r.message, { hex: `0x${Buffer.from(bytes).toString('hex')}` });
      assert.deepEqual(r.warnings, ['message-not-text']);
    }
  });

  it('text with invisible or bidirectional characters is shown with each as ⟦U+XXXX⟧, with hidden-characters', () => {
    for (const [text, shown] of [
      ['abc\u202Efed', 'abc⟦U+202E⟧fed'],
      ['\ufeffhidden mark', '⟦U+FEFF⟧hidden mark'],
      ['Sign in to bank\u200b.example', 'Sign in to bank⟦U+200B⟧.example'],
      ['\u2066pay\u2069 \u200fme', '⟦U+2066⟧pay⟦U+2069⟧ ⟦U+200F⟧me'],
    ]) {
      const bytes = new TextEncoder().encode(text);
      const r = solanaMessageReview(context, bytes);
      assert.deepEqual(r.message, { text: shown, hex: `0x${Buffer.from(bytes).toString('hex')}` });
      assert.deepEqual(r.warnings, ['hidden-characters']);
    }
  });
});
