/**
 * A Solana transaction (wire bytes, legacy or v0) as the review the person answers: the version,
 * the fee payer, the recent blockhash, each address lookup table a v0 transaction loads accounts
 * from (its address and the entries it takes, named by the message's own field names: the table's
 * contents are not in the transaction), then one section per instruction (see
 * solana-instruction-review.ts). Refuses (ERR_INPUT_INVALID) bytes that are not a transaction
 * and a transaction the account does not sign. Pure.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { RequestReview, ReviewRow, ReviewWarning } from './request-review.ts';
import { parseSolanaTransaction, type SolanaTransaction } from './solana-transaction.ts';
import { solanaInstructionReview } from './solana-instruction-review.ts';

export interface SolanaReviewContext {
  origin: string;
  /** The signing account's address (base58). */
  account: string;
  chain: { id: string; name?: string };
}

/** Most serious first (RequestReview.warnings). */
const SEVERITY: readonly ReviewWarning[] = ['unlimited-amount', 'unreadable-instruction'];

export function solanaTransactionReview(context: SolanaReviewContext & { action: 'sign-transaction' | 'send-transaction' }, transaction: Uint8Array | SolanaTransaction): RequestReview {
  const tx = transaction instanceof Uint8Array ? parseSolanaTransaction(transaction) : transaction;
  if (!tx.staticAccountKeys.slice(0, tx.numRequiredSignatures).includes(context.account)) {
    throw new LatchError('ERR_INPUT_INVALID', 'The account is not a signer of this transaction.');
  }
  const rows: ReviewRow[] = [
    { label: 'version', value: String(tx.version) },
    { label: 'fee-payer', value: tx.staticAccountKeys[0]!, format: 'address' },
    { label: 'recent-blockhash', value: tx.recentBlockhash, format: 'code' },
  ];
  tx.addressTableLookups.forEach((lookup, i) => {
    const field = `addressTableLookups[${i}]`;
    rows.push({ name: field, value: lookup.table, format: 'address' });
    rows.push({ name: `${field}.writableIndexes`, value: lookup.writableIndexes.join(', '), format: 'code' });
    rows.push({ name: `${field}.readonlyIndexes`, value: lookup.readonlyIndexes.join(', '), format: 'code' });
  });
  const instructions = tx.instructions.map((ix) => solanaInstructionReview(tx, ix));
  const raised = new Set(instructions.flatMap((section) => section.warnings ?? []));
  return {
    action: context.action,
    origin: context.origin,
    account: context.account,
    chain: context.chain,
    sections: [{ title: 'transaction', rows }, ...instructions],
    warnings: SEVERITY.filter((w) => raised.has(w)),
  };
}
