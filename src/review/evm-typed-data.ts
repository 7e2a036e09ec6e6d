/**
 * Reads EIP-712 typed data for the review: the domain (name, version, chain, contract, salt), the
 * primary type and every field of the message, nested structs and arrays flattened to paths
 * (`to.wallet`, `details[1].token`) in the order the types declare them. The permits a dapp asks
 * for to spend the person's tokens are named as permits, with their spender, token, amount and
 * deadline: EIP-2612 `Permit` and Uniswap's Permit2 (`PermitSingle`, `PermitBatch`,
 * `PermitTransferFrom`, `PermitBatchTransferFrom` and their witness forms).
 */
import type { TypedData, TypedDataField } from '../signing/typed-data-digest.ts';
import { chainText, formatUnixSeconds, isUnlimitedAmount, toBigInt } from './evm-format.ts';
import type { ReviewFormat, ReviewLabel, ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';

const ARRAY = /^(.+)\[(\d*)\]$/;
/** Deeper nesting than this is listed as JSON: a review must end. */
const MAX_DEPTH = 8;
/** More rows than this are cut (the digest still covers all of it; the sheet says so by a row `…`). */
const MAX_ROWS = 200;

export interface TypedDataReview {
  sections: ReviewSection[];
  warnings: ReviewWarning[];
}

type Record_ = Record<string, unknown>;
const isRecord = (v: unknown): v is Record_ => typeof v === 'object' && v !== null && !Array.isArray(v);

function formatOf(type: string): ReviewFormat {
  if (type === 'address') return 'address';
  if (/^u?int\d*$/.test(type)) return 'amount';
  if (/^bytes\d*$/.test(type)) return 'hex';
  if (type === 'bool') return 'code';
  return 'text';
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** Every leaf of `value` (of `type`) as a named row. */
function flatten(types: TypedData['types'], type: string, value: unknown, path: string, rows: ReviewRow[], depth: number): void {
  if (rows.length >= MAX_ROWS) return;
  const array = ARRAY.exec(type);
  if (array && Array.isArray(value) && depth < MAX_DEPTH) {
    value.forEach((item, i) => flatten(types, array[1]!, item, `${path}[${i}]`, rows, depth + 1));
    if (value.length === 0) rows.push({ name: path, value: '[]', format: 'code' });
    return;
  }
  const struct = types[type];
  if (struct && isRecord(value) && depth < MAX_DEPTH) {
    for (const field of struct) flatten(types, field.type, value[field.name], path ? `${path}.${field.name}` : field.name, rows, depth + 1);
    return;
  }
  const integer = /^u?int\d*$/.test(type) ? toBigInt(value) : undefined;
  rows.push({ name: path, value: integer !== undefined ? integer.toString() : scalarText(value), format: struct || array ? 'code' : formatOf(type) });
}

function domainSection(domain: Record_, chainId: bigint | undefined): ReviewSection {
  const rows: ReviewRow[] = [];
  const add = (label: ReviewLabel, value: unknown, format: ReviewFormat) => {
    if (value !== undefined && value !== null) rows.push({ label, value: scalarText(value), format });
  };
  add('domain-name', domain.name, 'text');
  add('domain-version', domain.version, 'text');
  if (chainId !== undefined) rows.push({ label: 'chain', value: chainText(chainId), format: 'text' });
  add('contract', domain.verifyingContract, 'address');
  add('salt', domain.salt, 'hex');
  return { title: 'domain', rows };
}

/** An amount row, and the warning when it is unlimited. */
function amountRow(value: unknown, warnings: Set<ReviewWarning>): ReviewRow {
  const amount = toBigInt(value);
  if (amount !== undefined && isUnlimitedAmount(amount)) warnings.add('unlimited-amount');
  return { label: 'amount', value: amount?.toString() ?? scalarText(value), format: 'amount' };
}

function timeRow(label: ReviewLabel, value: unknown): ReviewRow {
  const seconds = toBigInt(value);
  if (seconds === undefined) return { label, value: scalarText(value), format: 'text' };
  const { value: text, isDate } = formatUnixSeconds(seconds);
  return { label, value: text, format: isDate ? 'date' : 'amount' };
}

const addressRow = (label: ReviewLabel, value: unknown): ReviewRow => ({ label, value: scalarText(value), format: 'address' });

/** The permit section for EIP-2612 and Permit2 primary types, or undefined for anything else. */
function permitSection(typed: TypedData, warnings: Set<ReviewWarning>): ReviewSection | undefined {
  const m = typed.message;
  const rows: ReviewRow[] = [];
  const tokenAmounts = (items: unknown, expires: boolean) => {
    for (const item of Array.isArray(items) ? items : [items]) {
      if (!isRecord(item)) continue;
      rows.push(addressRow('token', item.token), amountRow(item.amount, warnings));
      if (expires) rows.push(timeRow('expiration', item.expiration));
    }
  };
  switch (typed.primaryType) {
    case 'Permit': // EIP-2612: the token is the domain's contract
      if (!('spender' in m) || !('value' in m)) return undefined;
      rows.push(addressRow('token', typed.domain.verifyingContract), addressRow('spender', m.spender), amountRow(m.value, warnings), timeRow('deadline', m.deadline));
      break;
    case 'PermitSingle': // Permit2 AllowanceTransfer
    case 'PermitBatch':
      if (!('spender' in m) || !('details' in m)) return undefined;
      rows.push(addressRow('spender', m.spender));
      tokenAmounts(m.details, true);
      rows.push(timeRow('deadline', m.sigDeadline));
      break;
    case 'PermitTransferFrom': // Permit2 SignatureTransfer
    case 'PermitBatchTransferFrom':
    case 'PermitWitnessTransferFrom':
    case 'PermitBatchWitnessTransferFrom':
      if (!('spender' in m) || !('permitted' in m)) return undefined;
      rows.push(addressRow('spender', m.spender));
      tokenAmounts(m.permitted, false);
      rows.push(timeRow('deadline', m.deadline));
      break;
    default:
      return undefined;
  }
  warnings.add('permit');
  const sectionWarnings: ReviewWarning[] = warnings.has('unlimited-amount') ? ['permit', 'unlimited-amount'] : ['permit'];
  return { title: 'permit', heading: typed.primaryType, rows, warnings: sectionWarnings };
}

/**
 * The review of valid typed data (the provider computes its digest first, which checks it).
 * `currentChain` is the chain the account is on: a domain naming another one warns.
 */
export function reviewTypedData(typed: TypedData, currentChain?: bigint): TypedDataReview {
  const warnings = new Set<ReviewWarning>();
  const domain = isRecord(typed.domain) ? typed.domain : {};
  const chainId = toBigInt(domain.chainId);
  if (chainId !== undefined && currentChain !== undefined && chainId !== currentChain) warnings.add('chain-mismatch');
  const sections: ReviewSection[] = [];
  const permit = permitSection(typed, warnings);
  if (permit) sections.push(permit);
  sections.push(domainSection(domain, chainId));
  const rows: ReviewRow[] = [];
  // A primary type of EIP712Domain signs the domain alone (its message is not part of the digest).
  const fields: readonly TypedDataField[] = typed.primaryType === 'EIP712Domain' ? [] : (typed.types[typed.primaryType] ?? []);
  for (const field of fields) flatten(typed.types, field.type, typed.message[field.name], field.name, rows, 0);
  if (rows.length >= MAX_ROWS) rows.push({ name: '…', value: '…', format: 'text' });
  sections.push({ title: 'fields', heading: typed.primaryType, rows });
  // Most serious first.
  const order: ReviewWarning[] = ['unlimited-amount', 'permit', 'chain-mismatch'];
  return { sections, warnings: order.filter((w) => warnings.has(w)) };
}
