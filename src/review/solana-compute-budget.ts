/**
 * The Compute Budget Program's instructions (nearly every dapp transaction carries them, so they
 * are read, not "unreadable"): `requestHeapFrame`, `setComputeUnitLimit`, `setComputeUnitPrice`
 * (micro-lamports per compute unit) and `setLoadedAccountsDataSizeLimit`; and the transaction's
 * fee from them, as the runtime charges it: 5,000 lamports per signature, plus the compute unit
 * limit times the price, in millionths of a lamport, rounded up (the whole limit is charged,
 * whatever the transaction uses). Without `setComputeUnitLimit` the limit is the runtime's
 * default: 3,000 units per System or Compute Budget instruction (builtins) and 200,000 per other
 * instruction, at most 1,400,000; other builtins (vote, stake, loaders) are counted at 200,000,
 * so the fee shown is never below what is charged. Held to LiteSVM's charge in the tests. From
 * 0.05 SOL, 'high-fee'. Pure.
 */
import type { ReviewRow, ReviewSection } from './request-review.ts';
import { COMPUTE_BUDGET_PROGRAM, decoded, formatUnits, SYSTEM_PROGRAM, u32, u64, type SolanaInstructionInput } from './solana-instruction-rows.ts';
import type { SolanaTransaction } from './solana-transaction.ts';

export const LAMPORTS_PER_SIGNATURE = 5_000n;
const MAX_UNITS = 1_400_000n;
const UNITS_PER_INSTRUCTION = 200_000n;
const UNITS_PER_BUILTIN = 3_000n;
/** 0.05 SOL: a fee from here up is warned ('high-fee'). */
export const HIGH_FEE_LAMPORTS = 50_000_000n;

/** Discriminator → name, field label, width (u32 or u64). */
const LAYOUTS: Record<number, { name: string; label: 'space' | 'compute-units' | 'unit-price'; width: 4 | 8 }> = {
  1: { name: 'requestHeapFrame', label: 'space', width: 4 },
  2: { name: 'setComputeUnitLimit', label: 'compute-units', width: 4 },
  3: { name: 'setComputeUnitPrice', label: 'unit-price', width: 8 },
  4: { name: 'setLoadedAccountsDataSizeLimit', label: 'space', width: 4 },
};

function read(data: Uint8Array): { discriminator: number; value: bigint } | undefined {
  const layout = LAYOUTS[data[0]!];
  if (!layout || data.length !== 1 + layout.width) return undefined;
  return { discriminator: data[0]!, value: layout.width === 4 ? BigInt(u32(data, 1)) : u64(data, 1) };
}

export function computeBudgetInstructionReview(input: SolanaInstructionInput): ReviewSection | undefined {
  const field = read(input.ix.data);
  if (!field) return undefined;
  const layout = LAYOUTS[field.discriminator]!;
  const rows: ReviewRow[] = [{ label: layout.label, value: field.value.toString(), format: 'amount' }];
  return decoded(COMPUTE_BUDGET_PROGRAM, `Compute Budget Program: ${layout.name}`, rows);
}

/** The most the transaction can be charged, in lamports. */
export function solanaTransactionFee(tx: SolanaTransaction): bigint {
  let limit: bigint | undefined;
  let price = 0n;
  let defaultUnits = 0n;
  for (const ix of tx.instructions) {
    const program = tx.staticAccountKeys[ix.programIdIndex];
    defaultUnits += program === COMPUTE_BUDGET_PROGRAM || program === SYSTEM_PROGRAM ? UNITS_PER_BUILTIN : UNITS_PER_INSTRUCTION;
    if (program !== COMPUTE_BUDGET_PROGRAM) continue;
    const field = read(ix.data);
    // The runtime refuses a transaction that sets one twice: the first is the one that counts.
    if (field?.discriminator === 2) limit ??= field.value;
    if (field?.discriminator === 3 && price === 0n) price = field.value;
  }
  const units = limit ?? defaultUnits;
  const capped = units < MAX_UNITS ? units : MAX_UNITS;
  const priority = (capped * price + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(tx.numRequiredSignatures) + priority;
}

/** The fee as SOL, for the transaction's rows. */
export const feeRow = (lamports: bigint): ReviewRow => ({ label: 'fee', value: `${formatUnits(lamports, 9)} SOL`, format: 'amount' });
