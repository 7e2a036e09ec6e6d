// The System transfer the kit builds for a Solana send (src/review/solana-transfer.ts) against
// @solana/web3.js 1.98.4, which this project did not write: the bytes equal what web3.js
// serializes for a Transaction holding SystemProgram.transfer (unsigned), web3.js reads them back
// (Transaction.from, SystemInstruction.decodeTransfer: from, to, lamports; the fee payer and
// blockhash), and the compiled message equals web3.js' compileMessage(). SOL to lamports against
// viem's parseUnits(…, 9). Bad input: ERR_INPUT_INVALID.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Keypair, SystemInstruction, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import { parseUnits } from 'viem';
import { solToLamports, systemTransferTransaction } from '../../../src/review/solana-transfer.ts';
import { U64_MAX } from '../../../src/review/solana-instruction-review.ts';
import { parseSolanaTransaction } from '../../../src/review/solana-transaction.ts';
import { solanaTransactionReview } from '../../../src/review/solana-transaction-review.ts';

const key = () => Keypair.generate().publicKey;

describe('systemTransferTransaction', () => {
  for (const lamports of [1n, 500_000_000n, 123_456_789_012n, U64_MAX]) {
    it(`${lamports} lamports: the bytes web3.js serializes for SystemProgram.transfer, and web3.js decodes them back`, () => {
      const [from, to, blockhash] = [key(), key(), key()];
      const ours = systemTransferTransaction({ from: from.toBase58(), to: to.toBase58(), lamports, recentBlockhash: blockhash.toBase58() });

      const theirs = new Transaction({ feePayer: from, recentBlockhash: blockhash.toBase58() }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }));
      assert.deepEqual(Buffer.from(ours), theirs.serialize({ requireAllSignatures: false, verifySignatures: false }));
      assert.deepEqual(Buffer.from(parseSolanaTransaction(ours).message), theirs.compileMessage().serialize());

      const read = Transaction.from(ours);
      assert.equal(read.feePayer?.toBase58(), from.toBase58());
      assert.equal(read.recentBlockhash, blockhash.toBase58());
      assert.equal(read.instructions.length, 1);
      assert.equal(SystemInstruction.decodeInstructionType(read.instructions[0]!), 'Transfer');
      const decoded = SystemInstruction.decodeTransfer(read.instructions[0]!);
      assert.equal(decoded.fromPubkey.toBase58(), from.toBase58());
      assert.equal(decoded.toPubkey.toBase58(), to.toBase58());
      assert.equal(BigInt(decoded.lamports), lamports);
      // One signature slot, zeroed: the service signs for the sender.
      const versioned = VersionedTransaction.deserialize(ours);
      assert.equal(versioned.version, 'legacy');
      assert.deepEqual([...versioned.signatures[0]!], new Array(64).fill(0));
    });
  }

  it('reads back on the review as a System transfer of the amount in SOL and lamports, from and to', () => {
    const [from, to, blockhash] = [key().toBase58(), key().toBase58(), key().toBase58()];
    const review = solanaTransactionReview(
      { origin: 'https://app.example', account: from, chain: { id: 'solana:devnet' }, action: 'send-transaction' },
      systemTransferTransaction({ from, to, lamports: 1_500_000_000n, recentBlockhash: blockhash }),
    );
    assert.equal(review.sections[1]!.heading, 'System Program: transfer');
    assert.deepEqual(
      review.sections[1]!.rows.map((r) => [r.label, r.value]),
      [['program', '11111111111111111111111111111111'], ['from', from], ['to', to], ['sol', '1.5'], ['lamports', '1500000000']],
    );
    assert.deepEqual(review.warnings, []);
  });

  it('refuses a bad key, amount or blockhash, and a send to oneself (ERR_INPUT_INVALID)', () => {
    const [from, to, blockhash] = [key().toBase58(), key().toBase58(), key().toBase58()];
    const good = { from, to, lamports: 1n, recentBlockhash: blockhash };
    for (const bad of [
      { to: `${to}1` },
      { to: '0x3333333333333333333333333333333333333333' },
      { from: 'not base58 0OIl' },
      { recentBlockhash: '1111' },
      { lamports: 0n },
      { lamports: -1n },
      { lamports: U64_MAX + 1n },
      { lamports: 5 as unknown as bigint },
      { to: from },
    ]) {
      assert.throws(() => systemTransferTransaction({ ...good, ...bad }), { code: 'ERR_INPUT_INVALID' }, JSON.stringify(bad, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)));
    }
  });
});

describe('solToLamports', () => {
  it('is viem parseUnits(…, 9) for decimals of at most 9 places', () => {
    for (const sol of ['0', '0.5', '1', '0.000000001', '12.345678901', '99999999999.999999999', '007.10']) {
      assert.equal(solToLamports(sol), parseUnits(sol, 9), sol);
    }
  });

  it('refuses anything else (ERR_INPUT_INVALID)', () => {
    for (const sol of ['', '.5', '1.', '0.0000000001', '-1', '1e9', '0x10', '1,5', '123456789012', 5 as unknown as string]) {
      assert.throws(() => solToLamports(sol), { code: 'ERR_INPUT_INVALID' }, String(sol));
    }
  });
});
