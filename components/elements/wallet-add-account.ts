/**
 * `latchkey/wallet-add-account`: defines `<latch-wallet-add-account>` (idempotently) and nothing else: add the next Ethereum or Solana account; the proof badge loads only with generate-app-proofs.
 * A page that needs only this part of the wallet pays only for it; `<latch-wallet>` composes it.
 */
import { LatchWalletAddAccount } from '../latch-wallet-add-account/latch-wallet-add-account.ts';

LatchWalletAddAccount.define();

export { LatchWalletAddAccount };
