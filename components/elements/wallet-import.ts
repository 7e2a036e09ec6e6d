/**
 * `latchkey/wallet-import`: defines `<latch-wallet-import>` (idempotently) and nothing else: private key import; the HPKE sealing loads on first use.
 * A page that needs only this part of the wallet pays only for it; `<latch-wallet>` composes it.
 */
import { LatchWalletImport } from '../latch-wallet-import/latch-wallet-import.ts';

LatchWalletImport.define();

export { LatchWalletImport };
