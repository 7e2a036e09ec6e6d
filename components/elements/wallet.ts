/**
 * `latchkey/wallet`: defines `<latch-wallet>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchWallet } from '../latch-wallet/latch-wallet.ts';

LatchWallet.define();

export { LatchWallet };
