// Asking whether a secret is absent without asking a question that chance can answer. A random
// secret looked for as a substring turns up by chance: a six-digit code inside a 13-digit time
// in milliseconds or a hex string, one BIP-39 word ("all", "wall", "wallet") inside "walletId".
// These probes look for what a leak would actually put there.

const NOT_AFTER_LETTER_OR_DIGIT = String.raw`(?<![\p{L}\p{N}])`;
const NOT_BEFORE_LETTER_OR_DIGIT = String.raw`(?![\p{L}\p{N}])`;

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` holds `token` whole: not as a part of a longer run of letters or digits. */
export function holdsToken(text: string, token: string): boolean {
  return new RegExp(`${NOT_AFTER_LETTER_OR_DIGIT}${escapeRegExp(token)}${NOT_BEFORE_LETTER_OR_DIGIT}`, 'u').test(text);
}

/**
 * Whether `text` holds `secret`. One of 16 characters or more is looked for anywhere (a random
 * value that long never turns up by chance); a shorter one (a one-time code) only whole, so a
 * time, an id or a hex string that happens to contain its digits is no match.
 */
export function holdsSecret(text: string, secret: string): boolean {
  return secret.length >= 16 ? text.includes(secret) : holdsToken(text, secret);
}

/** The words of `text`, lower case: its runs of letters, whatever separates them. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/**
 * Whether `text` holds `run` consecutive words of the phrase `words`, in order, as whole words,
 * whatever separates them (spaces, commas, JSON). One word is no evidence: common words are in
 * the BIP-39 list. Three in a row never come by chance (2048^-3 at each place).
 */
export function holdsWordRun(text: string, words: readonly string[], run = 3): boolean {
  const tokens = wordsOf(text);
  const phrase = words.map((word) => word.toLowerCase());
  const length = Math.min(run, phrase.length);
  for (let start = 0; start + length <= phrase.length; start++) {
    const window = phrase.slice(start, start + length);
    for (let at = 0; at + length <= tokens.length; at++) {
      if (window.every((word, i) => tokens[at + i] === word)) return true;
    }
  }
  return false;
}
