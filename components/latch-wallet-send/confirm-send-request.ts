/**
 * `<latch-wallet-send>.send(request)`'s review, loaded only when a page asks for a send: the
 * request as the element's own draft (its form rules), an ERC-20 transfer in the token's units
 * turned into its calldata (decimals given, or read through `rpcUrl`), shown on the confirmation
 * sheet as the same RequestReview an EIP-1193 request gets. Resolves the draft when the person
 * approves, null when they reject.
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
  | { erc20: { token: string; to: string; amount: string; decimals?: number }; rpcUrl?: string };

export async function confirmSendRequest(request: SendRequest, from: string, options: { chainId: number; locale: string }): Promise<TransactionDraft | null> {
  let to: string;
  let wei: bigint;
  let data: string;
  let tokenDecimals: number | undefined;
  if ('erc20' in request) {
    const { token, amount } = request.erc20;
    tokenDecimals = request.erc20.decimals;
    if (tokenDecimals === undefined) {
      if (!request.rpcUrl) throw new LatchError('ERR_INPUT_INVALID', 'An ERC-20 transfer needs the token\u2019s decimals, or an rpcUrl to read them.');
      tokenDecimals = await readTokenDecimals(request.rpcUrl, token);
    }
    [to, wei, data] = [token, 0n, erc20TransferData(request.erc20.to, parseUnits(amount, tokenDecimals))];
  } else {
    const value = request.value ?? 0n;
    if (!/^\d{1,78}$/.test(String(value))) throw new LatchError('ERR_INPUT_INVALID', 'The value is wei: a whole number.');
    [to, wei, data] = [request.to, BigInt(value), request.data ?? ''];
  }
  const draft = readDraft({ from, to, eth: formatUnits(wei, 18), data, chainId: options.chainId });
  if (Array.isArray(draft)) throw new LatchError('ERR_INPUT_INVALID', `The request's ${draft.join(', ')} is not valid.`);
  const tx = { from: draft.from, to: draft.to, value: `0x${wei.toString(16)}`, data: draft.data || '0x' };
  const review = reviewEvmRequest({ method: 'eth_sendTransaction', params: [tx] }, { origin: location.origin, account: draft.from, chainId: BigInt(options.chainId), tokenDecimals })!;
  return (await confirmWithSheet(review, { locale: options.locale })) ? draft : null;
}
