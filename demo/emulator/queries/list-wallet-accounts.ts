/**
 * list_wallet_accounts: accounts of the organization (or of one wallet), oldest first, with
 * paginationOptions {limit 1..100 (default 10), before, after} (ids of accounts) and optional
 * walletDetails.
 */
import { invalidRequest } from '../http/service-error.ts';
import { optionalBoolean, optionalObject, optionalString } from '../http/fields.ts';
import { wireAccount } from '../custody/wire-wallet.ts';
import { requireWallet } from '../custody/require-wallet.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const DEFAULT_PAGE = 10;
export const MAX_PAGE = 100;

/** paginationOptions.limit: 1..100, default 10 (shared by the listings that page). */
export function pageLimit(value: unknown): number {
  if (value === undefined || value === null || value === '') return DEFAULT_PAGE;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) throw invalidRequest('paginationOptions.limit must be from 1 to 100.');
  return n;
}

export const listWalletAccounts: QueryHandler = {
  run({ view, organization, body }) {
    const walletId = optionalString(body, 'walletId');
    const details = optionalBoolean(body, 'includeWalletDetails') ?? false;
    const pagination = optionalObject(body, 'paginationOptions') ?? {};
    const limit = pageLimit(pagination.limit);
    const before = optionalString(pagination, 'before', 'paginationOptions');
    const after = optionalString(pagination, 'after', 'paginationOptions');
    if (before && after) throw invalidRequest('paginationOptions takes before or after, not both.');
    if (walletId) requireWallet(view, organization.id, walletId);
    let accounts = view.walletAccounts
      .findBy('organizationId', organization.id)
      .filter((a) => !walletId || a.walletId === walletId)
      .sort((a, b) => a.seq - b.seq);
    const cursorIndex = (id: string) => {
      const i = accounts.findIndex((a) => a.id === id);
      if (i < 0) throw invalidRequest('The pagination cursor names no account of this listing.');
      return i;
    };
    if (after) accounts = accounts.slice(cursorIndex(after) + 1, cursorIndex(after) + 1 + limit);
    else if (before) accounts = accounts.slice(Math.max(0, cursorIndex(before) - limit), cursorIndex(before));
    else accounts = accounts.slice(0, limit);
    return { accounts: accounts.map((a) => wireAccount(a, details ? view.wallets.get(a.walletId) : undefined)) };
  },
};
