/**
 * `<latch-auth>`'s views that are separate chunks, loaded once per page: the logged-in view
 * (loaded once the methods show, so that it is there for the login) and the external-wallet
 * method (when the config enables `wallet`). A failed load (offline) is forgotten, so the next
 * call tries again.
 */
import type { LoggedInView } from './logged-in-view.ts';
import type { WalletLogin } from './wallet-login.ts';

let loggedInView: Promise<typeof LoggedInView> | undefined;
let walletLogin: Promise<typeof WalletLogin> | undefined;

export function loadLoggedInView(): Promise<typeof LoggedInView> {
  return (loggedInView ??= import('./logged-in-view.ts').then(
    (m) => m.LoggedInView,
    (error: unknown) => {
      loggedInView = undefined;
      throw error;
    },
  ));
}

export function loadWalletLogin(): Promise<typeof WalletLogin> {
  return (walletLogin ??= import('./wallet-login.ts').then(
    (m) => m.WalletLogin,
    (error: unknown) => {
      walletLogin = undefined;
      throw error;
    },
  ));
}
