/**
 * `latchkey/wallet-accounts`: defines `<latch-wallet-accounts>` (idempotently) and nothing else: the wallet's account list (paged, copy).
 * A page that needs only this part of the wallet pays only for it; `<latch-wallet>` composes it.
 */
import { LatchWalletAccounts } from '../latch-wallet-accounts/latch-wallet-accounts.ts';

LatchWalletAccounts.define();

export { LatchWalletAccounts };
