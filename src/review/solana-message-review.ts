/**
 * A message a Solana dapp asks to sign (`solana:signMessage`: raw bytes) as the review: its text
 * when the bytes are UTF-8 text a person can read as it will be signed, else its hex with the
 * 'message-not-text' warning. Not text: invalid UTF-8, control characters other than tab and line
 * breaks, and bidirectional overrides and isolates (they make text display in another order than
 * it is signed). Its bytes are always given as 0x-hex. Pure.
 */
import { toHex } from '../encoding/hex.ts';
import { utf8Decode } from '../encoding/utf8.ts';
import type { RequestReview } from './request-review.ts';
import type { SolanaReviewContext } from './solana-transaction-review.ts';

// C0 controls but tab, LF and CR; DEL and C1; the bidi embeddings, overrides and isolates; a BOM (the decoder would drop it).
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** The message's text, or undefined when it is not text (see above). */
export function messageText(message: Uint8Array): string | undefined {
  let text: string;
  try {
    text = utf8Decode(message);
  } catch {
    return undefined;
  }
  return NOT_TEXT.test(text) || (message[0] === 0xef && message[1] === 0xbb && message[2] === 0xbf) ? undefined : text;
}

export function solanaMessageReview(context: SolanaReviewContext, message: Uint8Array): RequestReview {
  const text = messageText(message);
  return {
    action: 'sign-message',
    origin: context.origin,
    account: context.account,
    chain: context.chain,
    message: { ...(text === undefined ? {} : { text }), hex: `0x${toHex(message)}` },
    sections: [],
    warnings: text === undefined ? ['message-not-text'] : [],
  };
}
