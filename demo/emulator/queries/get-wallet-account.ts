/**
 * get_wallet_account {organizationId, walletId, address? | path?} → {account}: one account of
 * a wallet of the organization, as list_wallet_accounts shows it. The hosted request marks both
 * address and path optional; an account is named by at least one, and by both when both are given.
 */
import { invalidRequest, notFound } from '../http/service-error.ts';
import { optionalString, requireString } from '../http/fields.ts';
import { requireWallet } from '../custody/require-wallet.ts';
import { wireAccount } from '../custody/wire-wallet.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getWalletAccount: QueryHandler = {
  run({ view, organization, body }) {
    const wallet = requireWallet(view, organization.id, requireString(body, 'walletId'));
    const address = optionalString(body, 'address');
    const path = optionalString(body, 'path');
    if (address === undefined && path === undefined) throw invalidRequest('get_wallet_account needs an address or a path.');
    const account = view.walletAccounts
      .findBy('organizationId', organization.id)
      .find((a) => a.walletId === wallet.id && (address === undefined || a.address === address) && (path === undefined || a.path === path));
    if (!account) throw notFound('NOT_FOUND', 'No account of this wallet has this address or path.');
    return { account: wireAccount(account) };
  },
};
