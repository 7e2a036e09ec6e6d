/**
 * Wallet Standard registration, by hand (the protocol of @wallet-standard/wallet's
 * registerWallet, without the dependency): the wallet dispatches
 * `wallet-standard:register-wallet` with a callback, for apps already listening, and answers each
 * later `wallet-standard:app-ready` with the same callback, for apps that start after it. The
 * callback is given `{register}` and keeps the unregister function each app returns.
 * Browser-only: it needs a window (or `target`).
 */
import { LatchSolanaWallet, type SolanaWalletOptions } from './solana-wallet.ts';

type Register = (...wallets: LatchSolanaWallet[]) => () => void;

export interface RegisteredSolanaWallet {
  wallet: LatchSolanaWallet;
  /** Removes the wallet from every app that registered it, and disposes it. */
  unregister(): void;
}

/** Creates the wallet (see LatchSolanaWallet) and registers it with the page's Wallet Standard apps. */
export function registerSolanaWallet(options: SolanaWalletOptions & { target?: EventTarget }): RegisteredSolanaWallet {
  const wallet = new LatchSolanaWallet(options);
  const target = options.target ?? (globalThis as { window?: EventTarget }).window;
  const unregisters: (() => void)[] = [];
  const callback = (api: { register?: Register } | undefined): void => {
    if (typeof api?.register !== 'function') return;
    try {
      unregisters.push(api.register(wallet));
    } catch {
      // One app's failure leaves the others registered.
    }
  };
  const onReady = (event: Event): void => callback((event as CustomEvent).detail);
  target?.addEventListener('wallet-standard:app-ready', onReady);
  target?.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
  return {
    wallet,
    unregister() {
      target?.removeEventListener('wallet-standard:app-ready', onReady);
      for (const unregister of unregisters.splice(0)) unregister();
      wallet.dispose();
    },
  };
}
