/**
 * `latchkey/wallet-sign`: defines `<latch-wallet-sign>` (idempotently) and nothing else: message and EIP-712 typed-data signing with its preview.
 * A page that needs only this part of the wallet pays only for it; `<latch-wallet>` composes it.
 */
import { LatchWalletSign } from '../latch-wallet-sign/latch-wallet-sign.ts';

LatchWalletSign.define();

export { LatchWalletSign };
