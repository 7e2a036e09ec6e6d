/**
 * The login methods a kit can offer, in the order the drop-in shows them by default: the
 * methods that need nothing but the page first (email, SMS, passkey), then the OAuth providers.
 * `wallet` (an external wallet signing in) is a wallet_kit_config provider but not one of these:
 * its buttons are the wallets the page announces (EIP-6963), not a fixed name, and it logs in
 * through `LatchKit.logInWithWallet` (see src/flows/wallet-flow.ts).
 */
import { LatchError } from '../errors/latch-error.ts';
import type { WalletKitConfig } from '../clients/proxy-types.ts';

export const LoginMethods = ['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord'] as const;

export type LoginMethod = (typeof LoginMethods)[number];

export function isLoginMethod(value: unknown): value is LoginMethod {
  return typeof value === 'string' && (LoginMethods as readonly string[]).includes(value);
}

/**
 * A page's list of methods (`<latch-auth methods>`), trimmed and lowercased; empty when it names
 * no method (nor `wallet`): such a list is no list, and every enabled method shows.
 */
function listed(order: readonly string[]): string[] {
  const names = order.map((m) => String(m).trim().toLowerCase());
  return names.some((name) => isLoginMethod(name) || name === 'wallet') ? names : [];
}

/**
 * The enabled login methods to show, ordered. Without a list: every enabled method, in the
 * default order. With one (as the hosted kit's `methodOrder`): only the methods it names, in its
 * order; unknown or disabled names are skipped. A list hides, it never adds: nothing the
 * configuration does not enable shows.
 */
export function orderLoginMethods(enabled: readonly string[], order: readonly string[] = []): LoginMethod[] {
  const on = new Set(enabled);
  const names = listed(order);
  return (names.length ? names : LoginMethods).filter((name, i, all): name is LoginMethod => isLoginMethod(name) && on.has(name) && all.indexOf(name) === i);
}

/** Whether a page's list lets the `wallet` method show (no list, or one that names it). */
export function listsWallet(order: readonly string[]): boolean {
  const names = listed(order);
  return !names.length || names.includes('wallet');
}

/** Throws ERR_CONFIG_INVALID unless `config` enables `method`. */
export function requireEnabled(config: WalletKitConfig, method: LoginMethod | 'wallet'): void {
  if (!(config.enabledProviders as string[]).includes(method)) {
    throw new LatchError('ERR_CONFIG_INVALID', 'This login method is not enabled for this configuration.');
  }
}
