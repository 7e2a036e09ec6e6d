/**
 * One Solana instruction as a review section. Decoded: the System Program's `transfer` and the
 * Token programs' (SPL Token and Token-2022, same layouts) `transfer`, `transferChecked`,
 * `approve` and `approveChecked`. Data must have exactly its layout's length: the programs ignore
 * trailing bytes, but a client that sends them is doing something this reader cannot vouch for,
 * so such an instruction is listed as unreadable rather than read. Any other instruction is
 * listed by program id with its data in hex and the 'unreadable-instruction' warning. An account
 * that comes from an address lookup table is shown as `table[index]`: its address is not in the
 * transaction.
 */
import { toHex } from '../encoding/hex.ts';
import type { ReviewRow, ReviewSection, ReviewLabel, ReviewWarning } from './request-review.ts';
import { solanaAccount, type SolanaCompiledInstruction, type SolanaTransaction } from './solana-transaction.ts';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
/** u64::MAX: what "approve unlimited" sends. */
export const U64_MAX = 2n ** 64n - 1n;

const TOKEN_NAMES: Record<string, string> = { [TOKEN_PROGRAM]: 'Token Program', [TOKEN_2022_PROGRAM]: 'Token-2022 Program' };

/**
 * The Token programs' instructions read here, by discriminator: name, the accounts' labels in
 * order (multisig signers may follow), and whether amount is followed by decimals (the checked
 * forms).
 */
const TOKEN_LAYOUTS: Record<number, { name: string; accounts: readonly ReviewLabel[]; checked: boolean }> = {
  3: { name: 'transfer', accounts: ['source', 'destination', 'authority'], checked: false },
  4: { name: 'approve', accounts: ['source', 'delegate', 'owner'], checked: false },
  12: { name: 'transferChecked', accounts: ['source', 'mint', 'destination', 'authority'], checked: true },
  13: { name: 'approveChecked', accounts: ['source', 'mint', 'delegate', 'owner'], checked: true },
};

const u64 = (data: Uint8Array, at: number): bigint => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(at, true);

/** `amount` base units as a decimal number of `decimals` places, trailing zeros dropped: 1500000, 6 → "1.5". */
export function formatUnits(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

function accountRow(tx: SolanaTransaction, index: number, label: ReviewLabel): ReviewRow {
  const ref = solanaAccount(tx, index);
  return ref.kind === 'static' ? { label, value: ref.address, format: 'address' } : { label, value: `${ref.table}[${ref.index}]`, format: 'code' };
}

function decoded(program: string, heading: string, rows: ReviewRow[], warnings: ReviewWarning[] = []): ReviewSection {
  return { title: 'instruction', heading, rows: [{ label: 'program', value: program, format: 'address' }, ...rows], ...(warnings.length ? { warnings } : {}) };
}

function systemTransfer(tx: SolanaTransaction, ix: SolanaCompiledInstruction): ReviewSection | undefined {
  const { data, accounts } = ix;
  // bincode: a u32 variant index (2 = Transfer) and the lamports as u64, little-endian.
  if (data.length !== 12 || accounts.length < 2 || new DataView(data.buffer, data.byteOffset).getUint32(0, true) !== 2) return undefined;
  const lamports = u64(data, 4);
  return decoded(SYSTEM_PROGRAM, 'System Program: transfer', [
    accountRow(tx, accounts[0]!, 'from'),
    accountRow(tx, accounts[1]!, 'to'),
    { label: 'sol', value: formatUnits(lamports, 9), format: 'amount' },
    { label: 'lamports', value: lamports.toString(), format: 'amount' },
  ]);
}

function tokenInstruction(tx: SolanaTransaction, ix: SolanaCompiledInstruction, program: string): ReviewSection | undefined {
  const { data, accounts } = ix;
  const layout = TOKEN_LAYOUTS[data[0]!];
  if (!layout || data.length !== (layout.checked ? 10 : 9) || accounts.length < layout.accounts.length) return undefined;
  const amount = u64(data, 1);
  const rows = layout.accounts.map((label, i) => accountRow(tx, accounts[i]!, label));
  const decimals = layout.checked ? data[9]! : undefined;
  rows.push({ label: 'amount', value: decimals === undefined ? amount.toString() : formatUnits(amount, decimals), format: 'amount' });
  if (decimals !== undefined) rows.push({ label: 'decimals', value: String(decimals) });
  const unlimited = layout.name.startsWith('approve') && amount === U64_MAX;
  return decoded(program, `${TOKEN_NAMES[program]}: ${layout.name}`, rows, unlimited ? ['unlimited-amount'] : []);
}

/** The instruction's section: decoded when its program and layout are known, else listed with the warning. */
export function solanaInstructionReview(tx: SolanaTransaction, ix: SolanaCompiledInstruction): ReviewSection {
  const program = tx.staticAccountKeys[ix.programIdIndex]!;
  const known = program === SYSTEM_PROGRAM ? systemTransfer(tx, ix) : Object.hasOwn(TOKEN_NAMES, program) ? tokenInstruction(tx, ix, program) : undefined;
  if (known) return known;
  const rows: ReviewRow[] = [{ label: 'program', value: program, format: 'address' }];
  if (ix.accounts.length) rows.push({ label: 'accounts', value: ix.accounts.map((a) => accountRow(tx, a, 'accounts').value).join(', '), format: 'code' });
  rows.push({ label: 'data', value: `0x${toHex(ix.data)}`, format: 'hex' });
  return { title: 'instruction', rows, warnings: ['unreadable-instruction'] };
}
