/**
 * `latchkey/wallet-send`: defines `<latch-wallet-send>` (idempotently) and nothing else: an
 * Ethereum transaction sent through the service after its review; `<latch-tx-status>` loads on
 * the first send. A page that needs only this part of the wallet pays only for it.
 */
import { LatchWalletSend } from '../latch-wallet-send/latch-wallet-send.ts';

LatchWalletSend.define();

export { LatchWalletSend };
