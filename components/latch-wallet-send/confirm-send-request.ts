/**
 * `<latch-wallet-send>.send(request)`'s review, loaded only when a page asks for a send: the
 * request as the element's own draft (its form rules), an ERC-20 transfer in the token's units
 * turned into its calldata (decimals given, or read through `rpcUrl`), shown on the confirmation
 * sheet as the same RequestReview an EIP-1193 request gets. Resolves the draft when the person
 * approves, null when they reject.
 *
 * With the element's rpc-url, the chain prices the send first (send-quote.ts): a balance that cannot cover the
 * value plus the fee is refused here, before the sheet; otherwise the sheet shows the fee, and the
 * send carries the very gas and fees shown, so the fee read is the most the chain can take.
 */
import { LatchError } from '../../src/errors/latch-error.ts';
import { erc20TransferData, parseUnits, readTokenDecimals } from '../../src/review/evm-erc20.ts';
import { formatUnits } from '../../src/review/evm-format.ts';
import { reviewEvmRequest } from '../../src/review/evm-review.ts';
import { confirmWithSheet } from '../internal/confirm-with-sheet.ts';
import { readDraft, type TransactionDraft } from './transaction-draft.ts';

/**
 * A send the page asks for (app-initiated): a transaction (`value` in wei), or an ERC-20 transfer
 * of `amount` in the token's units, its `decimals` given or read through `rpcUrl`.
 */
export type SendRequest =
  | { to: string; value?: bigint | string; data?: string }
  | { erc20: { token: string; to: string; amount: string; decimals?: number; symbol?: string }; rpcUrl?: string };

export interface ConfirmSendOptions {
  chainId: number;
  locale: string;
  /** The element's chain endpoint (`rpc-url`): the fee and the cover check (and the decimals when the request gives no rpcUrl). */
  rpcUrl?: string | undefined;
  /** The fee, in units with its symbol, before the sheet asks. */
  onFee?: (fee: string) => void;
}

export async function confirmSendRequest(request: SendRequest, from: string, options: ConfirmSendOptions): Promise<TransactionDraft | null> {
  let to: string;
  let wei: bigint;
  let data: string;
  let tokenDecimals: number | undefined;
  let tokenInfo: { address: string; amount: bigint; decimals: number; symbol: string } | undefined;
  let recipient: string;
  // The request's rpcUrl reads the token's decimals only; pricing is the element's rpc-url's.
  const rpcUrl = ('erc20' in request ? request.rpcUrl : undefined) ?? options.rpcUrl;
  if ('erc20' in request) {
    const { token, amount } = request.erc20;
    tokenDecimals = request.erc20.decimals;
    if (tokenDecimals === undefined) {
      if (!rpcUrl) throw new LatchError('ERR_INPUT_INVALID', 'An ERC-20 transfer needs the token\u2019s decimals, or an rpcUrl to read them.');
      tokenDecimals = await readTokenDecimals(rpcUrl, token);
    }
    const units = parseUnits(amount, tokenDecimals);
    [to, wei, data, recipient] = [token, 0n, erc20TransferData(request.erc20.to, units), request.erc20.to];
    tokenInfo = { address: token, amount: units, decimals: tokenDecimals, symbol: request.erc20.symbol ?? 'tokens' };
  } else {
    const value = request.value ?? 0n;
    if (!/^\d{1,78}$/.test(String(value))) throw new LatchError('ERR_INPUT_INVALID', 'The value is wei: a whole number.');
    [to, wei, data] = [request.to, BigInt(value), request.data ?? ''];
    recipient = to;
  }
  const draft = readDraft({ from, to, eth: formatUnits(wei, 18), data, chainId: options.chainId });
  if (Array.isArray(draft)) throw new LatchError('ERR_INPUT_INVALID', `The request's ${draft.join(', ')} is not valid.`);
  let filled: { gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined;
  if (options.rpcUrl) {
    const { quoteEvmSend, feeText } = await import('./send-quote.ts');
    const cost = await quoteEvmSend({ rpcUrl: options.rpcUrl, from: draft.from, to: recipient, value: wei, data: draft.data, ...(tokenInfo ? { token: tokenInfo } : {}) });
    filled = { gas: cost.gas, maxFeePerGas: cost.maxFeePerGas, maxPriorityFeePerGas: cost.maxPriorityFeePerGas };
    options.onFee?.(feeText(cost));
    draft.parameters = { ...draft.parameters, gasLimit: String(cost.gas), maxFeePerGas: String(cost.maxFeePerGas), maxPriorityFeePerGas: String(cost.maxPriorityFeePerGas) };
  }
  const tx = { from: draft.from, to: draft.to, value: `0x${wei.toString(16)}`, data: draft.data || '0x' };
  const review = reviewEvmRequest({ method: 'eth_sendTransaction', params: [tx] }, { origin: location.origin, account: draft.from, chainId: BigInt(options.chainId), tokenDecimals, ...(filled ? { filled } : {}) })!;
  return (await confirmWithSheet(review, { locale: options.locale })) ? draft : null;
}
