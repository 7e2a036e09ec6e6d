/**
 * Every account of the organization (or of one wallet), read in pages of the service's largest
 * size. The wallet's sections use it when they stand alone (no `<latch-wallet>` hands them the
 * shown page) and "Add account" uses it to find a wallet's highest path. The page bound only
 * stops a misbehaving server from looping us forever.
 */
import type { WalletAccount } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';

const FULL_PAGE = 100;
const MAX_PAGES = 100;

export async function listAccounts(session: Pick<SigningSession, 'listWalletAccounts'>, options: { walletId?: string | undefined; includeWalletDetails?: boolean } = {}): Promise<WalletAccount[]> {
  const all: WalletAccount[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const after = all.at(-1)?.walletAccountId;
    const found = await session.listWalletAccounts({
      ...(options.walletId ? { walletId: options.walletId } : {}),
      ...(options.includeWalletDetails ? { includeWalletDetails: true } : {}),
      limit: FULL_PAGE,
      ...(after ? { after } : {}),
    });
    all.push(...found);
    if (found.length < FULL_PAGE) break;
  }
  return all;
}

/** The wallets named by `accounts`: id → name, in the order first seen. */
export function walletsOf(accounts: readonly WalletAccount[]): Map<string, string> {
  const wallets = new Map<string, string>();
  for (const account of accounts) if (!wallets.has(account.walletId)) wallets.set(account.walletId, account.walletDetails?.walletName ?? account.walletId);
  return wallets;
}
