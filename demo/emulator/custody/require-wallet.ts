/** A wallet of the organization, or NOT_FOUND: another organization's wallet is not told apart from none. */
import { notFound } from '../http/service-error.ts';
import type { StateView } from '../state/store.ts';
import type { WalletRecord } from '../state/records.ts';

export function requireWallet(view: StateView, organizationId: string, walletId: string): WalletRecord {
  const wallet = view.wallets.get(walletId);
  if (!wallet || wallet.organizationId !== organizationId) throw notFound('NOT_FOUND', 'No wallet with this walletId in the organization.');
  return wallet;
}
