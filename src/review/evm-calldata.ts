/**
 * Reads a transaction's calldata for the review: the ERC-20 calls that move or allow spending of
 * tokens (transfer, approve, increaseAllowance, transferFrom) and ERC-721 / ERC-1155
 * setApprovalForAll. Anything else, or a known selector whose arguments are not exactly the ABI
 * encoding of its parameters (a short or padded body, an address with high bits set, a bool that
 * is neither 0 nor 1), is shown as its selector and hex with the `unreadable-data` warning:
 * the sheet never shows a reading it is not sure of.
 */
import { formatUnits, isUnlimitedAmount } from './evm-format.ts';
import type { ReviewLabel, ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';

type Param = 'address' | 'uint256' | 'bool';

interface KnownCall {
  signature: string;
  params: readonly { type: Param; label: ReviewLabel }[];
}

/** By selector (the first 4 bytes of keccak-256 of the signature; the tests check them with viem). */
const KNOWN_CALLS: ReadonlyMap<string, KnownCall> = new Map([
  ['a9059cbb', { signature: 'transfer(address,uint256)', params: [{ type: 'address', label: 'recipient' }, { type: 'uint256', label: 'amount' }] }],
  ['095ea7b3', { signature: 'approve(address,uint256)', params: [{ type: 'address', label: 'spender' }, { type: 'uint256', label: 'amount' }] }],
  ['39509351', { signature: 'increaseAllowance(address,uint256)', params: [{ type: 'address', label: 'spender' }, { type: 'uint256', label: 'amount' }] }],
  // ERC-721's transferFrom(address,address,uint256) has the same selector: its third word is a token id.
  ['23b872dd', { signature: 'transferFrom(address,address,uint256)', params: [{ type: 'address', label: 'from' }, { type: 'address', label: 'recipient' }, { type: 'uint256', label: 'amount' }] }],
  ['a22cb465', { signature: 'setApprovalForAll(address,bool)', params: [{ type: 'address', label: 'operator' }, { type: 'bool', label: 'approved' }] }],
] as const);

const ADDRESS_WORD = /^0{24}([0-9a-f]{40})$/;

export interface CalldataReview {
  section: ReviewSection;
  warnings: ReviewWarning[];
}

/** One ABI word as its parameter's value, or undefined when it is not a valid encoding of it. */
function decodeWord(word: string, type: Param): string | bigint | boolean | undefined {
  if (type === 'uint256') return BigInt(`0x${word}`);
  if (type === 'bool') return word === '0'.repeat(64) ? false : word === `${'0'.repeat(63)}1` ? true : undefined;
  const match = ADDRESS_WORD.exec(word);
  return match ? `0x${match[1]}` : undefined;
}

function unreadable(data: string): CalldataReview {
  const rows: ReviewRow[] = [];
  if (data.length >= 10) rows.push({ label: 'selector', value: data.slice(0, 10), format: 'code' });
  rows.push({ label: 'data', value: data, format: 'hex' });
  return { section: { title: 'call', rows, warnings: ['unreadable-data'] }, warnings: ['unreadable-data'] };
}

/**
 * The `call` section of a transaction to `to` with `data` (0x-hex, lower or upper case), or
 * undefined for a plain transfer (no data). `decimals`, when the token's are known, adds the
 * amount in the token's units beside the raw integer.
 */
export function reviewCalldata(to: string | undefined, data: string, decimals?: number): CalldataReview | undefined {
  const hex = data.toLowerCase();
  if (hex === '0x' || hex === '') return undefined;
  const known = to ? KNOWN_CALLS.get(hex.slice(2, 10)) : undefined;
  const body = hex.slice(10);
  if (!known || body.length !== known.params.length * 64) return unreadable(hex);
  const rows: ReviewRow[] = [{ label: 'token', value: to!, format: 'address' }];
  const warnings: ReviewWarning[] = [];
  for (const [i, param] of known.params.entries()) {
    const value = decodeWord(body.slice(i * 64, (i + 1) * 64), param.type);
    if (value === undefined) return unreadable(hex);
    if (typeof value === 'bigint') {
      if (isUnlimitedAmount(value)) warnings.push('unlimited-amount');
      const units = decimals === undefined ? value.toString() : `${formatUnits(value, decimals)} (${value})`;
      rows.push({ label: param.label, value: units, format: 'amount' });
    } else if (typeof value === 'boolean') {
      if (value) warnings.push('approval-for-all');
      rows.push({ label: param.label, value: String(value), format: 'code' });
    } else rows.push({ label: param.label, value, format: 'address' });
  }
  return { section: { title: 'call', heading: known.signature, rows, ...(warnings.length ? { warnings } : {}) }, warnings };
}
