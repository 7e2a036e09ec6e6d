// The fee the Solana review shows, held to what a Solana runtime charges: LiteSVM 1.5.0 (the
// Agave runtime in-process, code this project did not write) runs each transaction, signed with
// @solana/kit, and the payer's balance says what was charged. With a compute unit limit the two
// are equal; without one, equal for System and Compute Budget instructions (3,000 units each) and
// never below for other programs (counted at the 200,000 most).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LiteSVM } from 'litesvm';
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { parseSolanaTransaction } from '../../../src/review/solana-transaction.ts';
import { solanaTransactionFee } from '../../../src/review/solana-compute-budget.ts';

const CB = address('ComputeBudget111111111111111111111111111111');
const limit = (units: number): Instruction => ({ programAddress: CB, data: Uint8Array.from([2, ...new Uint8Array(Uint32Array.of(units).buffer)]) });
const price = (micro: bigint): Instruction => ({ programAddress: CB, data: Uint8Array.from([3, ...new Uint8Array(BigUint64Array.of(micro).buffer)]) });

describe('the Solana fee shown is what LiteSVM charges', () => {
  it('one signer, System transfers, with and without a compute unit limit and price', async () => {
    const svm = new LiteSVM();
    const payer = await generateKeyPairSigner();
    const to = await generateKeyPairSigner();
    const cosigner = await generateKeyPairSigner();
    svm.airdrop(payer.address, lamports(100_000_000_000n));
    svm.airdrop(cosigner.address, lamports(1_000_000_000n));
    svm.airdrop(to.address, lamports(1_000_000_000n));
    const transfer = () => getTransferSolInstruction({ source: payer, destination: to.address, amount: 1n });
    const cases: [string, Instruction[]][] = [
      ['no compute budget: 5,000 per signature', [transfer()]],
      ['200,000 units at 1,000 micro-lamports', [limit(200_000), price(1_000n), transfer()]],
      ['1,400,000 units at 30,000 micro-lamports', [limit(1_400_000), price(30_000n), transfer()]],
      ['a limit past 1,400,000 is 1,400,000', [limit(2_000_000), price(10_000n), transfer()]],
      ['a price alone: the default limit, 3,000 per builtin', [price(250_000_000n), transfer()]],
      ['a price alone, three transfers', [price(7_777n), transfer(), transfer(), transfer()]],
      ['a price that rounds up (1 micro-lamport over 3,000 units)', [limit(3_000), price(1n), transfer()]],
      ['two signers: 10,000', [transfer(), getTransferSolInstruction({ source: cosigner, destination: to.address, amount: 1n })]],
    ];
    for (const [name, instructions] of cases) {
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: svm.latestBlockhash(), lastValidBlockHeight: 1_000n }, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      );
      const tx = await signTransactionMessageWithSigners(message);
      const before = svm.getBalance(payer.address)!;
      const result = svm.sendTransaction(tx);
      assert.equal(result.constructor.name, 'TransactionMetadata', `${name}: ${String(result)}`);
      // Each transfer from the payer moves 1 lamport.
      const moved = BigInt(instructions.filter((ix) => ix.programAddress !== CB && ix.accounts?.[0]?.address === payer.address).length);
      const charged = before - svm.getBalance(payer.address)! - moved;
      assert.equal(solanaTransactionFee(parseSolanaTransaction(Uint8Array.from(getTransactionEncoder().encode(tx)))), charged, name);
      svm.expireBlockhash();
    }
  });
});
