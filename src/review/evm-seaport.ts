/**
 * Seaport orders as the sheet says them: an `OrderComponents` (or each order of a `BulkOrder`'s
 * tree) is a listing, "you list X, for Y, paid to Z": every offer item, then every consideration
 * item with the address it is paid to (the offerer's own proceeds and anyone else's, a fee, a
 * royalty or an attacker, each named), and until when anyone may fill it. An NFT listed for
 * 1 wei to a stranger reads as exactly that, under the `listing` warning.
 */
import type { TypedData } from '../signing/typed-data-digest.ts';
import { formatEth, formatTokenAmount, toBigInt, type TokenBook } from './evm-format.ts';
import { addressRow, fieldType, scalarText, timeRow, type Findings } from './evm-typed-fields.ts';
import type { ReviewRow, ReviewSection } from './request-review.ts';

/** Orders of a bulk order listed at most (the rest: `truncated`). */
const MAX_ORDERS = 8;

type Record_ = Record<string, unknown>;
const isRecord = (v: unknown): v is Record_ => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One offer or consideration item as text: '0.5 ETH', 'ERC-721 0x… #42', '3 × ERC-1155 0x… #7'. */
function itemText(item: Record_, tokens: TokenBook | undefined, findings: Findings): string {
  const start = toBigInt(item.startAmount);
  const end = toBigInt(item.endAmount);
  const token = scalarText(item.token);
  const id = scalarText(toBigInt(item.identifierOrCriteria) ?? item.identifierOrCriteria);
  const info = tokens?.[token.toLowerCase()];
  const amount = (f: (v: bigint) => string) =>
    start === undefined || end === undefined ? `${scalarText(item.startAmount)} → ${scalarText(item.endAmount)}` : start === end ? f(start) : `${f(start)} → ${f(end)}`;
  switch (toBigInt(item.itemType)) {
    case 0n:
      return amount(formatEth);
    case 1n:
      return `${amount((v) => formatTokenAmount(v, info && { decimals: info.decimals, ...(info.symbol ? { symbol: findings.text(info.symbol) } : {}) }))} ERC-20 ${token}`;
    case 2n:
      return `ERC-721 ${token} #${id}`;
    case 3n:
      return `${amount(String)} × ERC-1155 ${token} #${id}`;
    case 4n:
      return `ERC-721 ${token} (any of criteria ${id})`;
    case 5n:
      return `${amount(String)} × ERC-1155 ${token} (any of criteria ${id})`;
    default:
      return findings.text(scalarText(item));
  }
}

function listingSection(order: Record_, heading: string, tokens: TokenBook | undefined, findings: Findings): ReviewSection {
  const rows: ReviewRow[] = [addressRow('from', order.offerer)];
  for (const item of Array.isArray(order.offer) ? order.offer : []) if (isRecord(item)) rows.push({ label: 'offer', value: itemText(item, tokens, findings), format: 'text' });
  for (const item of Array.isArray(order.consideration) ? order.consideration : []) {
    if (!isRecord(item)) continue;
    rows.push({ label: 'consideration', value: itemText(item, tokens, findings), format: 'text' }, addressRow('paid-to', item.recipient));
  }
  rows.push(timeRow('deadline', order.endTime));
  return { title: 'listing', heading, rows, warnings: ['listing'] };
}

/** Every order in a bulk order's tree (nested arrays of OrderComponents), padding left out. */
function treeOrders(node: unknown, found: Record_[]): void {
  if (Array.isArray(node)) for (const child of node) treeOrders(child, found);
  else if (isRecord(node) && ((Array.isArray(node.offer) && node.offer.length) || (Array.isArray(node.consideration) && node.consideration.length))) found.push(node);
}

/** The listing sections of a Seaport order or bulk order, or undefined for other typed data. */
export function seaportSections(typed: TypedData, findings: Findings, tokens: TokenBook | undefined): ReviewSection[] | undefined {
  const orderType = typed.types.OrderComponents;
  const declares = (name: string) => Array.isArray(orderType) && orderType.some((f) => f.name === name);
  if (!declares('offer') || !declares('consideration') || !declares('offerer')) return undefined;
  let orders: Record_[];
  if (typed.primaryType === 'OrderComponents') orders = [typed.message];
  else if (typed.primaryType === 'BulkOrder' && /^OrderComponents(\[\d*\])+$/.test(fieldType(typed, 'tree') ?? '')) {
    orders = [];
    treeOrders(typed.message.tree, orders);
  } else return undefined;
  findings.warnings.add('listing');
  if (orders.length > MAX_ORDERS) findings.warnings.add('truncated');
  return orders.slice(0, MAX_ORDERS).map((order, i) => listingSection(order, orders.length > 1 ? `BulkOrder ${i + 1}/${orders.length}` : typed.primaryType, tokens, findings));
}
