/**
 * Reads a transaction's calldata for the review: the ERC-20 calls that move or allow spending of
 * tokens (transfer, approve, increaseAllowance, transferFrom), ERC-721 / ERC-1155
 * setApprovalForAll, Permit2's on-chain approve, and the calls that carry other calls, decoded
 * as the top level is: Multicall3 (aggregate3, aggregate3Value, aggregate, tryAggregate) and a
 * Safe's execTransaction. Every approval is a `delegation`, with its spender and amount in the
 * section that carries the warning; from 2^128 up the amount is `unlimited-amount`; amounts are
 * in the token's units when its decimals are known. Anything else, or a known selector whose
 * arguments are not exactly the ABI encoding of its parameters (evm-abi.ts), is shown as its
 * selector and hex with the `unreadable-data` warning: the sheet never shows a reading it is not
 * sure of.
 */
import { decodeArguments, staticSize, type AbiType, type AbiValue } from './evm-abi.ts';
import { formatEth, formatTokenAmount, isUnlimitedAmount, type TokenBook, type TokenInfo } from './evm-format.ts';
import { hasHiddenCharacters, revealHiddenCharacters } from './hidden-characters.ts';
import type { ReviewLabel, ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';

interface Param {
  type: AbiType;
  label: ReviewLabel;
}

interface KnownCall {
  signature: string;
  params: readonly Param[];
  /** What the call allows or carries, read from its decoded arguments. */
  kind: 'transfer' | 'approve' | 'approve-all' | 'permit2-approve' | 'multicall' | 'safe';
}

const CALL3: AbiType = { array: { tuple: ['address', 'bool', 'bytes'] } };
const CALL3_VALUE: AbiType = { array: { tuple: ['address', 'bool', 'uint256', 'bytes'] } };
const CALL: AbiType = { array: { tuple: ['address', 'bytes'] } };

/** By selector (the first 4 bytes of keccak-256 of the signature; the tests check them with viem). */
const KNOWN_CALLS: ReadonlyMap<string, KnownCall> = new Map<string, KnownCall>([
  ['a9059cbb', { signature: 'transfer(address,uint256)', kind: 'transfer', params: [{ type: 'address', label: 'recipient' }, { type: 'uint256', label: 'amount' }] }],
  // ERC-721's approve(address,uint256) has the same selector: its second word is a token id.
  ['095ea7b3', { signature: 'approve(address,uint256)', kind: 'approve', params: [{ type: 'address', label: 'spender' }, { type: 'uint256', label: 'amount' }] }],
  ['39509351', { signature: 'increaseAllowance(address,uint256)', kind: 'approve', params: [{ type: 'address', label: 'spender' }, { type: 'uint256', label: 'amount' }] }],
  // ERC-721's transferFrom(address,address,uint256) has the same selector: its third word is a token id.
  ['23b872dd', { signature: 'transferFrom(address,address,uint256)', kind: 'transfer', params: [{ type: 'address', label: 'from' }, { type: 'address', label: 'recipient' }, { type: 'uint256', label: 'amount' }] }],
  ['a22cb465', { signature: 'setApprovalForAll(address,bool)', kind: 'approve-all', params: [{ type: 'address', label: 'operator' }, { type: 'bool', label: 'approved' }] }],
  ['87517c45', {
    signature: 'approve(address,address,uint160,uint48)', kind: 'permit2-approve',
    params: [{ type: 'address', label: 'token' }, { type: 'address', label: 'spender' }, { type: 'uint160', label: 'amount' }, { type: 'uint48', label: 'expiration' }],
  }],
  ['82ad56cb', { signature: 'aggregate3((address,bool,bytes)[])', kind: 'multicall', params: [{ type: CALL3, label: 'data' }] }],
  ['174dea71', { signature: 'aggregate3Value((address,bool,uint256,bytes)[])', kind: 'multicall', params: [{ type: CALL3_VALUE, label: 'data' }] }],
  ['252dba42', { signature: 'aggregate((address,bytes)[])', kind: 'multicall', params: [{ type: CALL, label: 'data' }] }],
  ['bce38bd7', { signature: 'tryAggregate(bool,(address,bytes)[])', kind: 'multicall', params: [{ type: 'bool', label: 'data' }, { type: CALL, label: 'data' }] }],
  ['6a761202', {
    signature: 'execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)', kind: 'safe',
    params: [
      { type: 'address', label: 'to' }, { type: 'uint256', label: 'value' }, { type: 'bytes', label: 'data' }, { type: 'uint8', label: 'operation' },
      { type: 'uint256', label: 'gas' }, { type: 'uint256', label: 'gas' }, { type: 'uint256', label: 'gas-price' }, { type: 'address', label: 'token' },
      { type: 'address', label: 'recipient' }, { type: 'bytes', label: 'data' },
    ],
  }],
]);

/** Calls inside calls deeper than this are shown as unreadable hex. */
const MAX_DEPTH = 4;
/** Nested calls past this many are not listed (the review says `truncated`). */
const MAX_NESTED = 32;

export interface CalldataContext {
  /** The decimals of the contract called at the top level, when read. */
  decimals?: number;
  /** Tokens whose decimals (and symbol) are known, by lowercase address. */
  tokens?: TokenBook;
}

export interface CalldataReview {
  /** The call's section, then the sections of the calls it carries (Multicall3, Safe), in order. */
  sections: ReviewSection[];
  warnings: ReviewWarning[];
}

function unreadable(data: string, to: string | undefined, nested: boolean): CalldataReview {
  const rows: ReviewRow[] = [];
  // A nested call's contract is nowhere else on the sheet.
  if (nested && to) rows.push({ label: 'to', value: to, format: 'address' });
  if (data.length >= 10) rows.push({ label: 'selector', value: data.slice(0, 10), format: 'code' });
  rows.push({ label: 'data', value: data, format: 'hex' });
  return { sections: [{ title: 'call', rows, warnings: ['unreadable-data'] }], warnings: ['unreadable-data'] };
}

/** What is known of the token at `address`; its symbol (the chain's text) through the hidden-character filter. */
function tokenOf(address: string | undefined, context: CalldataContext, top: boolean, warnings: ReviewWarning[]): TokenInfo | undefined {
  const known = address ? context.tokens?.[address.toLowerCase()] : undefined;
  const decimals = top && context.decimals !== undefined ? context.decimals : known?.decimals;
  if (decimals === undefined) return undefined;
  const symbol = known?.symbol;
  if (symbol === undefined) return { decimals };
  if (hasHiddenCharacters(symbol)) warnings.push('hidden-characters');
  return { decimals, symbol: revealHiddenCharacters(symbol) };
}

class Walk {
  readonly sections: ReviewSection[] = [];
  readonly warnings: ReviewWarning[] = [];
  nested = 0;

  constructor(readonly context: CalldataContext) {}

  add(review: CalldataReview): void {
    this.sections.push(...review.sections);
    this.warnings.push(...review.warnings);
  }

  /** The calls a Multicall3 or a Safe carries, each decoded as a top-level call is. */
  inner(to: string, data: string, depth: number): void {
    if (this.nested >= MAX_NESTED) {
      this.warnings.push('truncated');
      return;
    }
    this.nested += 1;
    if (data === '0x') return;
    this.add(depth >= MAX_DEPTH ? unreadable(data, to, true) : this.call(to, data, depth));
  }

  call(to: string | undefined, hex: string, depth: number): CalldataReview {
    const known = to ? KNOWN_CALLS.get(hex.slice(2, 10)) : undefined;
    const types = known?.params.map((p) => p.type) ?? [];
    let args = known ? decodeArguments(types, hex.slice(10)) : undefined;
    // Bytes after a static argument list: the contract reads the arguments and ignores the rest,
    // so the call is still what it reads (an approve stays a delegation) and the rest is unreadable.
    const size = staticSize(types);
    const trailing = known !== undefined && !args && size !== undefined && hex.length > 10 + size * 2;
    if (trailing) args = decodeArguments(types, hex.slice(10, 10 + size * 2));
    if (!known || !args || !to) return unreadable(hex, to, depth > 0);
    const rows: ReviewRow[] = [];
    const warnings: ReviewWarning[] = trailing ? ['unreadable-data'] : [];
    const after: CalldataReview[] = [];
    const amountRow = (label: ReviewLabel, value: bigint, token: TokenInfo | undefined): ReviewRow => {
      if (isUnlimitedAmount(value)) warnings.push('unlimited-amount');
      return { label, value: formatTokenAmount(value, token), format: 'amount' };
    };
    switch (known.kind) {
      case 'transfer':
      case 'approve': {
        rows.push({ label: 'token', value: to, format: 'address' });
        const token = tokenOf(to, this.context, depth === 0, warnings);
        known.params.forEach((p, i) => {
          const v = args[i]!;
          rows.push(typeof v === 'bigint' ? amountRow(p.label, v, token) : { label: p.label, value: String(v), format: 'address' });
        });
        // An approval of 0 takes an allowance back: nothing is delegated.
        if (known.kind === 'approve' && args[1] !== 0n) warnings.push('delegation');
        break;
      }
      case 'approve-all':
        rows.push({ label: 'token', value: to, format: 'address' }, { label: 'operator', value: String(args[0]), format: 'address' }, { label: 'approved', value: String(args[1]), format: 'code' });
        if (args[1] === true) warnings.push('approval-for-all', 'delegation');
        break;
      case 'permit2-approve': {
        const [token, spender, amount, expiration] = args as [string, string, bigint, bigint];
        rows.push({ label: 'contract', value: to, format: 'address' }, { label: 'token', value: token, format: 'address' }, { label: 'spender', value: spender, format: 'address' });
        rows.push(amountRow('amount', amount, tokenOf(token, this.context, false, warnings)), { label: 'expiration', value: expiration.toString(), format: 'amount' });
        if (amount !== 0n) warnings.push('delegation');
        break;
      }
      case 'multicall': {
        rows.push({ label: 'contract', value: to, format: 'address' });
        const calls = args[args.length - 1] as readonly (readonly AbiValue[])[];
        for (const call of calls) {
          const target = call[0] as string;
          const data = call[call.length - 1] as string;
          // aggregate3Value's value: ETH the call sends from the batch.
          if (call.length === 4 && call[2] !== 0n) {
            after.push({ sections: [{ title: 'call', rows: [{ label: 'to', value: target, format: 'address' }, { label: 'value', value: formatEth(call[2] as bigint), format: 'amount' }] }], warnings: [] });
          }
          after.push(this.nestedCall(target, data, depth));
        }
        break;
      }
      case 'safe': {
        const [target, value, data, operation] = args as [string, bigint, string, bigint];
        rows.push({ label: 'contract', value: to, format: 'address' }, { label: 'to', value: target, format: 'address' }, { label: 'value', value: formatEth(value), format: 'amount' });
        rows.push({ label: 'operation', value: operation === 0n ? 'call' : operation === 1n ? 'delegatecall' : operation.toString(), format: 'code' });
        if (operation > 1n) return unreadable(hex, to, depth > 0);
        after.push(this.nestedCall(target, data, depth));
        break;
      }
    }
    const section: ReviewSection = { title: 'call', heading: known.signature, rows, ...(warnings.length ? { warnings: [...new Set(warnings)] } : {}) };
    const sections = [section];
    const all = [...warnings];
    for (const review of after) {
      sections.push(...review.sections);
      all.push(...review.warnings);
    }
    return { sections, warnings: all };
  }

  private nestedCall(target: string, data: string, depth: number): CalldataReview {
    const walk = new Walk(this.context);
    walk.nested = this.nested;
    walk.inner(target, data, depth + 1);
    this.nested = walk.nested;
    return { sections: walk.sections, warnings: walk.warnings };
  }
}

/**
 * The `call` sections of a transaction to `to` with `data` (0x-hex, lower or upper case), or
 * undefined for a plain transfer (no data) or a contract creation (no `to`: the code is not a
 * call). The first section is the call itself; the calls it carries follow.
 */
export function reviewCalldata(to: string | undefined, data: string, context: CalldataContext = {}): CalldataReview | undefined {
  const hex = data.toLowerCase();
  if (hex === '0x' || hex === '' || !to) return undefined;
  const walk = new Walk(context);
  walk.add(walk.call(to, hex, 0));
  return { sections: walk.sections, warnings: walk.warnings };
}
