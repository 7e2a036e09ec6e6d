/**
 * `latchkey/eip1193`: an EIP-1193 provider for the kit's logged-in user, one for the life of the
 * page (viem, ethers, wagmi and dapp libraries sign through the service), its errors, and EIP-6963 announcement, with the kit's
 * confirmation sheet on by default: every signature, send and chain change is shown to the
 * person on `<latch-confirm>` and waits for their answer. The sheet and the request decoders
 * load when the first such request arrives, not with this entry. A page's own `approve` hook
 * replaces the sheet (headless); `confirm` replaces it with another review screen.
 *
 * The same provider without a default (it then requires `approve` or `confirm`) is
 * src/providers/eip1193.ts, for code that runs without a DOM.
 */
import {
  LatchEip1193Provider as HeadlessEip1193Provider,
  type Eip1193ProviderOptions,
} from '../src/providers/eip1193-provider.ts';
import { confirmWithSheet } from './internal/confirm-with-sheet.ts';

export { READ_ONLY_METHODS } from '../src/providers/eip1193-provider.ts';
export type { Eip1193Chain, Eip1193Kit, Eip1193KitSession, Eip1193ProviderOptions, Eip1193RequestArguments, Eip1193Session } from '../src/providers/eip1193-provider.ts';
export { ProviderRpcError, ProviderRpcErrorCodes, isProviderRpcError } from '../src/providers/provider-rpc-error.ts';
export type { ProviderRpcErrorCode } from '../src/providers/provider-rpc-error.ts';
export { announceEip1193Provider } from '../src/providers/announce-eip1193-provider.ts';
export type { AnnounceEip1193ProviderOptions, Eip6963ProviderInfo } from '../src/providers/announce-eip1193-provider.ts';
export { serializeUnsignedTransaction } from '../src/providers/unsigned-transaction.ts';
export type { AccessListEntry, UnsignedEthereumTransaction } from '../src/providers/unsigned-transaction.ts';
export type { ConfirmRequest, RequestReview } from '../src/review/request-review.ts';
export { confirmWithSheet, type ConfirmWithSheetOptions } from './internal/confirm-with-sheet.ts';

/** The provider, with the confirmation sheet as its `confirm` unless the page gives `approve` or `confirm`. */
export class LatchEip1193Provider extends HeadlessEip1193Provider {
  constructor(options: Eip1193ProviderOptions) {
    super({ ...options, confirm: options?.confirm ?? ((review, o) => confirmWithSheet(review, o)) });
  }
}

/** An EIP-1193 provider for `address` over `session`, confirming on the kit's sheet; see {@link LatchEip1193Provider}. */
export function createEip1193Provider(options: Eip1193ProviderOptions): LatchEip1193Provider {
  return new LatchEip1193Provider(options);
}
