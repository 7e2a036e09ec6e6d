/**
 * `<latch-wallet-sign>.sign(request)`'s review, loaded only when a page asks for a signature: the
 * request's preview (what will be signed), shown on the confirmation sheet as the same
 * RequestReview an EIP-1193 request gets. Resolves the preview when the person approves, null
 * when they reject.
 */
import type { WalletAccount } from '../../src/clients/activity-types.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import { toBigInt } from '../../src/review/evm-format.ts';
import { reviewEvmRequest } from '../../src/review/evm-review.ts';
import { confirmWithSheet } from '../internal/confirm-with-sheet.ts';
import { previewMessage, type MessagePreview } from '../latch-wallet/message-preview.ts';
import { previewTypedData, type TypedDataPreview } from './typed-data-preview.ts';

/** What a page asks to have signed (app-initiated): a text message, or EIP-712 typed data (an object or its JSON). */
export type SignRequest = { message: string } | { typedData: object | string };

/** Typed data as eth_signTypedData_v4 carries it: JSON, with bigints as decimal strings. */
const typedDataJson = (typedData: object | string): string =>
  typeof typedData === 'string' ? typedData : JSON.stringify(typedData, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

export async function confirmSignRequest(
  request: SignRequest,
  account: WalletAccount,
  options: { chainId: number; locale: string },
): Promise<{ text: string; preview: MessagePreview | TypedDataPreview } | null> {
  const typed = 'typedData' in request;
  const text = typed ? typedDataJson(request.typedData) : request.message;
  if (typeof text !== 'string') throw new LatchError('ERR_INPUT_INVALID', 'The message is text.');
  const preview = typed ? await previewTypedData(text) : await previewMessage(text, account);
  const chainId = ('kind' in preview ? toBigInt((preview.typedData.domain as { chainId?: unknown }).chainId) : undefined) ?? BigInt(options.chainId);
  // The message as its UTF-8 bytes: the review reads exactly what is signed, even text that looks like hex.
  const bytes = `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
  const args = typed ? { method: 'eth_signTypedData_v4', params: [account.address, text] } : { method: 'personal_sign', params: [bytes, account.address] };
  const review = reviewEvmRequest(args, { origin: location.origin, account: account.address, chainId })!;
  return (await confirmWithSheet(review, { locale: options.locale })) ? { text, preview } : null;
}
