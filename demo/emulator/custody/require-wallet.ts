/** A wallet of the organization, or NOT_FOUND: another organization's wallet is not told apart from none. */
import { notFound } from '../http/service-error.ts';
import type { WalletRecord } from '../state/records.ts';

/** `view`: a request's read view or its transaction (both read wallets by id). */
export function requireWallet(view: { readonly wallets: { get(id: string): WalletRecord | undefined } }, organizationId: string, walletId: string): WalletRecord {
  const wallet = view.wallets.get(walletId);
  if (!wallet || wallet.organizationId !== organizationId) throw notFound('NOT_FOUND', 'No wallet with this walletId in the organization.');
  return wallet;
}
