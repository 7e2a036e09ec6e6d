/**
 * Marks a wallet or provider this kit made over its own session (the Wallet Standard wallet of
 * `latchkey/solana`, the EIP-1193 provider of `latchkey/eip1193`). The kit's login lists the
 * wallets a page has (EIP-6963, Wallet Standard); offering the logged-in user's own wallet there
 * would ask the session to log itself in. `Symbol.for`, so two copies of the kit on one page agree.
 */
export const OWN_WALLET: unique symbol = Symbol.for('latchkey.own-wallet') as typeof OWN_WALLET;

/** True for a wallet or provider that carries the kit's mark. */
export function isOwnWallet(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { [OWN_WALLET]?: unknown })[OWN_WALLET] === true;
}
