/**
 * `latchkey/solana`: a Wallet Standard wallet for the kit's logged-in user's Solana accounts (one
 * for the life of the page; or over one signing session), registered with the page's Solana dapps, with the kit's confirmation sheet on by
 * default: every message, transaction and send is shown to the person on `<latch-confirm>` and
 * waits for their answer. The sheet and the request decoders load when the first such request
 * arrives, not with this entry. A page's own `approve` hook replaces the sheet (headless);
 * `confirm` replaces it with another review screen.
 *
 * The same wallet without a default (it then requires `approve` or `confirm`) is
 * src/providers/solana.ts, for code that runs without a DOM.
 */
import { LatchSolanaWallet as HeadlessSolanaWallet, type SolanaWalletOptions } from '../src/providers/solana-wallet.ts';
import { registerSolanaWallet as registerHeadless, type RegisteredSolanaWallet } from '../src/providers/solana-register.ts';
import type { ConfirmRequest } from '../src/review/request-review.ts';
import { confirmWithSheet } from './internal/confirm-with-sheet.ts';

export { SolanaSendError } from '../src/providers/solana-wallet.ts';
export type { SolanaChain, SolanaWalletAccount, SolanaWalletChange, SolanaWalletIcon, SolanaWalletOptions, SolanaWalletSession } from '../src/providers/solana-wallet.ts';
export type { RegisteredSolanaWallet } from '../src/providers/solana-register.ts';
export type { ConfirmRequest, RequestReview } from '../src/review/request-review.ts';
export { confirmWithSheet, type ConfirmWithSheetOptions } from './internal/confirm-with-sheet.ts';

const sheet: ConfirmRequest = (review, o) => confirmWithSheet(review, o);

/** The options with the sheet as `confirm` unless the page gave `approve` or `confirm`. */
const withSheet = <T extends SolanaWalletOptions>(options: T): T => ({ ...options, confirm: options?.confirm ?? sheet });

/** The wallet, confirming on the kit's sheet unless the page gives `approve` or `confirm`. */
export class LatchSolanaWallet extends HeadlessSolanaWallet {
  constructor(options: SolanaWalletOptions) {
    super(withSheet(options));
  }
}

/** Creates the wallet (confirming on the kit's sheet by default) and registers it with the page's Wallet Standard apps. */
export function registerSolanaWallet(options: SolanaWalletOptions & { target?: EventTarget }): RegisteredSolanaWallet {
  return registerHeadless(withSheet(options));
}
