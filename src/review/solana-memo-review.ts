/**
 * The Memo Program (v2, and v1 still on chain): its data is UTF-8 text the program logs (it fails
 * on anything else), shown as text through the hidden-characters filter; its accounts are the
 * signers it checks. Data that is not UTF-8 is left to the unreadable listing. Pure.
 */
import type { ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';
import { accountRow, decoded, MEMO_PROGRAM, utf8Text, type SolanaInstructionInput } from './solana-instruction-rows.ts';
import { shownText } from './hidden-characters.ts';

export function memoInstructionReview(input: SolanaInstructionInput): ReviewSection | undefined {
  const text = utf8Text(input.ix.data);
  if (text === undefined) return undefined;
  const warnings: ReviewWarning[] = [];
  const rows: ReviewRow[] = [{ label: 'memo', value: shownText(text, () => warnings.push('hidden-characters')), format: 'text' }];
  for (const index of input.ix.accounts) rows.push(accountRow(input.tx, index, 'signer'));
  return decoded(input.program, input.program === MEMO_PROGRAM ? 'Memo Program' : 'Memo Program (v1)', rows, warnings);
}
