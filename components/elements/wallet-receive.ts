/**
 * `latchkey/wallet-receive`: defines `<latch-wallet-receive>` (idempotently) and nothing else: an address to receive on, with its QR code (the encoder loads on use) and Copy.
 * A page that needs only this part of the wallet pays only for it.
 */
import { LatchWalletReceive } from '../latch-wallet-receive/latch-wallet-receive.ts';

LatchWalletReceive.define();

export { LatchWalletReceive };
