/**
 * `latchkey/wallet-balances`: defines `<latch-wallet-balances>` (idempotently) and nothing else: each Ethereum and Solana account's balances in units with symbols, refreshed on demand; Receive loads on use.
 * A page that needs only this part of the wallet pays only for it.
 */
import { LatchWalletBalances } from '../latch-wallet-balances/latch-wallet-balances.ts';

LatchWalletBalances.define();

export { LatchWalletBalances };
