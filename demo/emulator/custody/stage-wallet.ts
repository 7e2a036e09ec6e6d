/** Creating wallets and their accounts in a transaction, over the wallet library. */
import { deriveAccounts, generateMnemonic } from '../wallet/index.ts';
import { invalidRequest } from '../http/service-error.ts';
import { seedOf } from './seed-cache.ts';
import { walletCall } from './wallet-errors.ts';
import type { AccountSpec } from '../wallet/index.ts';
import type { Tx } from '../state/store.ts';
import type { WalletRecord } from '../state/records.ts';
import type { WalletSpec } from './wallet-params.ts';

function nextSeq(tx: Tx, organizationId: string): number {
  return tx.walletAccounts.findBy('organizationId', organizationId).reduce((max, a) => Math.max(max, a.seq), 0) + 1;
}

/** Derives and stages accounts; returns their addresses in the order asked. */
export function stageAccounts(tx: Tx, wallet: WalletRecord, accounts: readonly AccountSpec[], now: number): string[] {
  const existing = new Set(tx.walletAccounts.findBy('organizationId', wallet.organizationId).filter((a) => a.walletId === wallet.id).map((a) => `${a.curve} ${a.path} ${a.addressFormat}`));
  const derived = walletCall(() => deriveAccounts({ seed: seedOf(wallet.id, wallet.mnemonic), accounts }));
  let seq = nextSeq(tx, wallet.organizationId);
  for (const account of derived) {
    const key = `${account.curve} ${account.path} ${account.addressFormat}`;
    if (existing.has(key)) throw invalidRequest('The wallet already has an account with this curve, path and address format.');
    existing.add(key);
    account.privateKey.fill(0);
    tx.walletAccounts.put({
      id: crypto.randomUUID(),
      organizationId: wallet.organizationId,
      walletId: wallet.id,
      curve: account.curve,
      pathFormat: account.pathFormat,
      path: account.path,
      addressFormat: account.addressFormat,
      address: account.address,
      publicKey: account.publicKey,
      seq: seq++,
      createdAt: now,
      updatedAt: now,
    });
  }
  return derived.map((a) => a.address);
}

export function stageWallet(tx: Tx, organizationId: string, spec: WalletSpec, now: number, mnemonic?: string): { walletId: string; addresses: string[] } {
  const wallet: WalletRecord = {
    id: crypto.randomUUID(),
    organizationId,
    walletName: spec.walletName,
    mnemonic: mnemonic ?? walletCall(() => generateMnemonic(spec.mnemonicLength)),
    exported: false,
    imported: mnemonic !== undefined,
    createdAt: now,
    updatedAt: now,
  };
  tx.wallets.put(wallet);
  return { walletId: wallet.id, addresses: stageAccounts(tx, wallet, spec.accounts, now) };
}
