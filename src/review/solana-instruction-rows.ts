/**
 * What every Solana instruction decoder shares: the programs' ids, u64 reads, amounts in units,
 * the row of an account (a lookup-table entry is its address when the table was read from the
 * chain, else `table[index]`: its address is not in the transaction) and the section of a decoded instruction. Pure.
 */
import type { ReviewLabel, ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';
import { solanaAccount, type SolanaCompiledInstruction, type SolanaTransaction } from './solana-transaction.ts';
import { formatUnits } from '../encoding/format-units.ts';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
export const MEMO_V1_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';
/** u64::MAX: what "approve unlimited" sends. */
export const U64_MAX = 2n ** 64n - 1n;

/** The instruction being read, with its transaction (for account rows) and program id. */
export interface SolanaInstructionInput {
  tx: SolanaTransaction;
  ix: SolanaCompiledInstruction;
  program: string;
}

const exact = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** The bytes as UTF-8, a leading BOM kept (the filter shows it), or undefined when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return exact.decode(bytes);
  } catch {
    return undefined;
  }
}

export const u32 = (data: Uint8Array, at: number): number => new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(at, true);
export const u64 = (data: Uint8Array, at: number): bigint => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(at, true);

export { formatUnits };

export function accountRow(tx: SolanaTransaction, index: number, label: ReviewLabel): ReviewRow {
  const ref = solanaAccount(tx, index);
  // A table entry read from the chain is its address; one not read stays `table[index]` (and is warned).
  return ref.kind === 'static' || ref.address !== undefined ? { label, value: ref.address!, format: 'address' } : { label, value: `${ref.table}[${ref.index}]`, format: 'code' };
}

/** The instruction's first accounts as rows, one label each (more accounts, multisig signers, may follow). */
export function accountRows({ tx, ix }: SolanaInstructionInput, labels: readonly ReviewLabel[]): ReviewRow[] {
  return labels.map((label, i) => accountRow(tx, ix.accounts[i]!, label));
}

/** Lamports as two rows: SOL, then lamports. */
export const lamportRows = (lamports: bigint): ReviewRow[] => [
  { label: 'sol', value: formatUnits(lamports, 9), format: 'amount' },
  { label: 'lamports', value: lamports.toString(), format: 'amount' },
];

export function decoded(program: string, heading: string, rows: readonly ReviewRow[], warnings: readonly ReviewWarning[] = []): ReviewSection {
  return { title: 'instruction', heading, rows: [{ label: 'program', value: program, format: 'address' }, ...rows], ...(warnings.length ? { warnings } : {}) };
}
