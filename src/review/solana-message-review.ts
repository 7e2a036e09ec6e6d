/**
 * A message a Solana dapp asks to sign (`solana:signMessage`: raw bytes) as the review: its text
 * when the bytes are UTF-8 text (solana-signable-message.ts: no control characters but tab and
 * line breaks), through the hidden-characters filter (bidirectional marks, overrides, isolates,
 * zero-width characters and a BOM are shown as ⟦U+XXXX⟧ in their place, with the
 * 'hidden-characters' warning: the text is signed as it is, not as it would display). Other bytes
 * are given as hex with 'message-not-text' (the wallet refuses to sign them; a page's own hook may
 * still be shown them). A Sign-In With Solana message also gets its sign-in section
 * (solana-sign-in.ts: for another site, expired, not yet valid: warned). Its bytes are always
 * given as 0x-hex. Pure.
 */
import { toHex } from '../encoding/hex.ts';
import type { RequestReview, ReviewWarning } from './request-review.ts';
import type { SolanaReviewContext } from './solana-transaction-review.ts';
import { solanaMessageText } from './solana-signable-message.ts';
import { shownText } from './hidden-characters.ts';
import { solanaSignInSection } from './solana-sign-in.ts';

/** The message's text, or undefined when it is not text (see above). */
export const messageText = solanaMessageText;

export function solanaMessageReview(context: SolanaReviewContext, message: Uint8Array): RequestReview {
  const text = solanaMessageText(message);
  const signIn = text === undefined ? undefined : solanaSignInSection(text, context.origin, context.now ?? Date.now());
  const warnings: ReviewWarning[] = text === undefined ? ['message-not-text'] : [...(signIn?.warnings ?? [])];
  const shown = text === undefined ? undefined : shownText(text, () => warnings.push('hidden-characters'));
  return {
    action: 'sign-message',
    origin: context.origin,
    account: context.account,
    chain: context.chain,
    message: { ...(shown === undefined ? {} : { text: shown }), hex: `0x${toHex(message)}` },
    sections: signIn ? [signIn.section] : [],
    warnings,
  };
}
