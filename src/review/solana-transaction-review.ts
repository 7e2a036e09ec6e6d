/**
 * A Solana transaction (wire bytes, legacy or v0) as the review the person answers: the version,
 * the fee payer, the recent blockhash, each address lookup table a v0 transaction loads accounts
 * from (its address, then the entries it takes as writable and as read-only, each list shown only
 * when it has entries: the table's contents are not in the transaction), the most the transaction
 * can be charged in SOL (with 'high-fee' from 0.05 SOL, solana-compute-budget.ts), then one
 * section per instruction (see
 * solana-instruction-review.ts). Refuses (ERR_INPUT_INVALID) bytes that are not a transaction
 * and a transaction the account does not sign. Pure.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { RequestReview, ReviewRow, ReviewWarning } from './request-review.ts';
import { parseSolanaTransaction, type SolanaTransaction } from './solana-transaction.ts';
import { solanaInstructionReview } from './solana-instruction-review.ts';
import { feeRow, HIGH_FEE_LAMPORTS, solanaTransactionFee } from './solana-compute-budget.ts';

export interface SolanaReviewContext {
  origin: string;
  /** The signing account's address (base58). */
  account: string;
  chain: { id: string; name?: string };
  /** The time now (ms since 1970), for a sign-in message's validity; Date.now() when absent. */
  now?: number;
}

/** Most serious first (RequestReview.warnings). */
const SEVERITY: readonly ReviewWarning[] = [
  'ownership-change', 'unlimited-amount', 'delegation', 'account-closed', 'never-expires', 'high-fee', 'unresolved-address', 'hidden-characters', 'unreadable-instruction',
];

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
  // Labelled rows, so the sheet says them in the person's language (they were the message's raw
  // field names, `addressTableLookups[0].writableIndexes`, in every language).
  for (const lookup of tx.addressTableLookups) {
    rows.push({ label: 'lookup-table', value: lookup.table, format: 'address' });
    if (lookup.writableIndexes.length) rows.push({ label: 'lookup-writable', value: lookup.writableIndexes.join(', '), format: 'code' });
    if (lookup.readonlyIndexes.length) rows.push({ label: 'lookup-readonly', value: lookup.readonlyIndexes.join(', '), format: 'code' });
  }
  const fee = solanaTransactionFee(tx);
  rows.push(feeRow(fee));
  const own: ReviewWarning[] = fee >= HIGH_FEE_LAMPORTS ? ['high-fee'] : [];
  const instructions = tx.instructions.map((ix) => solanaInstructionReview(tx, ix));
  const raised = new Set([...own, ...instructions.flatMap((section) => section.warnings ?? [])]);
  return {
    action: context.action,
    origin: context.origin,
    account: context.account,
    chain: context.chain,
    sections: [{ title: 'transaction', rows, ...(own.length ? { warnings: own } : {}) }, ...instructions],
    warnings: SEVERITY.filter((w) => raised.has(w)),
  };
}
