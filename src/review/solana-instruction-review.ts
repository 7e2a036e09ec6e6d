/**
 * One Solana instruction as a review section, by its program: System (solana-system-review.ts),
 * SPL Token and Token-2022 (solana-token-review.ts), Compute Budget (solana-compute-budget.ts)
 * and Memo (solana-memo-review.ts). An instruction none of them reads (another program, or a
 * layout it does not know exactly) is listed by program id with its accounts and data in hex and
 * the 'unreadable-instruction' warning. An instruction that names an account from an address
 * lookup table that was not read from the chain (tx.resolvedLookups, simulate-solana.ts) gets
 * 'unresolved-address': its address is not in the transaction, and the sheet shows it as
 * `table[index]`. Pure.
 */
import { toHex } from '../encoding/hex.ts';
import type { ReviewRow, ReviewSection } from './request-review.ts';
import { solanaAccount, type SolanaCompiledInstruction, type SolanaTransaction } from './solana-transaction.ts';
import { accountRow, COMPUTE_BUDGET_PROGRAM, MEMO_PROGRAM, MEMO_V1_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM, type SolanaInstructionInput } from './solana-instruction-rows.ts';
import { systemInstructionReview } from './solana-system-review.ts';
import { tokenInstructionReview } from './solana-token-review.ts';
import { computeBudgetInstructionReview } from './solana-compute-budget.ts';
import { memoInstructionReview } from './solana-memo-review.ts';

export { formatUnits, SYSTEM_PROGRAM, TOKEN_PROGRAM, TOKEN_2022_PROGRAM, U64_MAX } from './solana-instruction-rows.ts';

const READERS: Record<string, (input: SolanaInstructionInput) => ReviewSection | undefined> = {
  [SYSTEM_PROGRAM]: systemInstructionReview,
  [TOKEN_PROGRAM]: tokenInstructionReview,
  [TOKEN_2022_PROGRAM]: tokenInstructionReview,
  [COMPUTE_BUDGET_PROGRAM]: computeBudgetInstructionReview,
  [MEMO_PROGRAM]: memoInstructionReview,
  [MEMO_V1_PROGRAM]: memoInstructionReview,
};

function unreadable(tx: SolanaTransaction, ix: SolanaCompiledInstruction, program: string): ReviewSection {
  const rows: ReviewRow[] = [{ label: 'program', value: program, format: 'address' }];
  if (ix.accounts.length) rows.push({ label: 'accounts', value: ix.accounts.map((a) => accountRow(tx, a, 'accounts').value).join(', '), format: 'code' });
  rows.push({ label: 'data', value: `0x${toHex(ix.data)}`, format: 'hex' });
  return { title: 'instruction', rows, warnings: ['unreadable-instruction'] };
}

/** The instruction's section: decoded when its program and layout are known, else listed with the warning. */
export function solanaInstructionReview(tx: SolanaTransaction, ix: SolanaCompiledInstruction): ReviewSection {
  const program = tx.staticAccountKeys[ix.programIdIndex]!;
  const read = Object.hasOwn(READERS, program) ? READERS[program]!({ tx, ix, program }) : undefined;
  const section = read ?? unreadable(tx, ix, program);
  if (!ix.accounts.some((a) => { const ref = solanaAccount(tx, a); return ref.kind === 'lookup' && ref.address === undefined; })) return section;
  return { ...section, warnings: [...(section.warnings ?? []), 'unresolved-address'] };
}
