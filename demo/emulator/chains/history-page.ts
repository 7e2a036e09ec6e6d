/**
 * One page of a history listing (list_eth_transaction_history, list_sol_transaction_history),
 * newest first: `paginationOptions {limit 1..100 (default 10), before, after}` whose cursors
 * are the transactions' own hashes or signatures (opaque to the client, valid for the same
 * address and caip2), read as list_wallet_accounts reads its own: `after` the items that
 * follow the cursor in the listing (older), `before` those that precede it (newer). The
 * hosted `pageInfo` says whether there is more either side.
 */
import { invalidRequest } from '../http/service-error.ts';
import { optionalObject, optionalString } from '../http/fields.ts';
import { pageLimit } from '../queries/list-wallet-accounts.ts';
import type { JsonObject } from '../http/fields.ts';

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor?: string;
  endCursor?: string;
}

/** The page of `keys` (the whole listing's cursors, in order) that `body.paginationOptions` asks for: [start, end) and pageInfo. */
export function historyPage(body: JsonObject, keys: readonly string[]): { start: number; end: number; pageInfo: PageInfo } {
  const pagination = optionalObject(body, 'paginationOptions') ?? {};
  const limit = pageLimit(pagination.limit);
  const before = optionalString(pagination, 'before', 'paginationOptions', { max: 200 });
  const after = optionalString(pagination, 'after', 'paginationOptions', { max: 200 });
  if (before && after) throw invalidRequest('paginationOptions takes before or after, not both.');
  const at = (cursor: string) => {
    const i = keys.indexOf(cursor);
    if (i < 0) throw invalidRequest('The pagination cursor names no transaction of this listing.');
    return i;
  };
  let start = 0;
  let end = Math.min(keys.length, limit);
  if (after) {
    start = at(after) + 1;
    end = Math.min(keys.length, start + limit);
  } else if (before) {
    end = at(before);
    start = Math.max(0, end - limit);
  }
  const pageInfo: PageInfo = { hasNextPage: end < keys.length, hasPreviousPage: start > 0 };
  if (end > start) {
    pageInfo.startCursor = keys[start]!;
    pageInfo.endCursor = keys[end - 1]!;
  }
  return { start, end, pageInfo };
}
