/**
 * `latchkey/wallet-create`: defines `<latch-wallet-create>` (idempotently) and nothing else: a
 * new wallet with a name and its first account. A page that needs only this pays only for it.
 */
import { LatchWalletCreate } from '../latch-wallet-create/latch-wallet-create.ts';

LatchWalletCreate.define();

export { LatchWalletCreate };
