/** Wallets and wallet accounts as the queries show them. */
import { timestamp } from '../api/envelope.ts';
import type { WalletAccountRecord, WalletRecord } from '../state/records.ts';

export function wireWallet(wallet: WalletRecord): Record<string, unknown> {
  return {
    walletId: wallet.id,
    walletName: wallet.walletName,
    createdAt: timestamp(wallet.createdAt),
    updatedAt: timestamp(wallet.updatedAt),
    exported: wallet.exported,
    imported: wallet.imported,
  };
}

export function wireAccount(account: WalletAccountRecord, wallet?: WalletRecord): Record<string, unknown> {
  return {
    walletAccountId: account.id,
    organizationId: account.organizationId,
    walletId: account.walletId,
    curve: account.curve,
    pathFormat: account.pathFormat,
    path: account.path,
    addressFormat: account.addressFormat,
    address: account.address,
    publicKey: account.publicKey,
    createdAt: timestamp(account.createdAt),
    updatedAt: timestamp(account.updatedAt),
    ...(wallet ? { walletDetails: wireWallet(wallet) } : {}),
  };
}
