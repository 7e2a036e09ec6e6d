/**
 * The login methods a kit can offer, in the order the drop-in shows them by default: the
 * methods that need nothing but the page first (email, SMS, passkey), then the OAuth providers.
 * `wallet` (an external wallet signing in) is a wallet_kit_config provider but not one of these:
 * its buttons are the wallets the page announces (EIP-6963), not a fixed name, and it logs in
 * through `LatchKit.logInWithWallet` (see src/flows/wallet-flow.ts).
 */
export const LoginMethods = ['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord'] as const;

export type LoginMethod = (typeof LoginMethods)[number];

export function isLoginMethod(value: unknown): value is LoginMethod {
  return typeof value === 'string' && (LoginMethods as readonly string[]).includes(value);
}

/**
 * The enabled login methods, ordered: first those named in `order` (trimmed, case-insensitive,
 * unknown or disabled names skipped), then every other enabled method in the default order. An
 * order reorders, it never hides or adds: the drop-in shows exactly what the configuration enables.
 */
export function orderLoginMethods(enabled: readonly string[], order: readonly string[] = []): LoginMethod[] {
  const on = new Set(enabled);
  const out: LoginMethod[] = [];
  for (const name of [...order.map((m) => String(m).trim().toLowerCase()), ...LoginMethods]) {
    if (isLoginMethod(name) && on.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}
