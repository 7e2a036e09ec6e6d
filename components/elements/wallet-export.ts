/**
 * `latchkey/wallet-export`: defines `<latch-wallet-export>` (idempotently) and nothing else: recovery phrase export; the HPKE decryption loads on first use.
 * A page that needs only this part of the wallet pays only for it; `<latch-wallet>` composes it.
 */
import { LatchWalletExport } from '../latch-wallet-export/latch-wallet-export.ts';

LatchWalletExport.define();

export { LatchWalletExport };
