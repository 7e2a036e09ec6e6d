/**
 * Checks a BIP-39 recovery phrase in the page, before anything is sent (issue 24): English words,
 * 12 to 24 of them, and the checksum (the first ENT/32 bits of SHA-256 of the entropy, BIP-39).
 * The kit ships no BIP-39 library; this is the checksum alone, over @noble/hashes, which the kit
 * already carries. Refusals name a word's position, never the word: a phrase must not reach
 * logs or error reports, not even in part.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { LatchError } from '../errors/latch-error.ts';
import { BIP39_ENGLISH } from './bip39-english.ts';

/** The lengths the service takes (v1CreateWalletIntent mnemonicLength: 12, 15, 18, 21, 24). */
export const PHRASE_LENGTHS: readonly number[] = [12, 15, 18, 21, 24];

let index: Map<string, number> | undefined;

/** The canonical form BIP-39 seeds are computed over: NFKD, lower case, single spaces. */
export function normalizePhrase(phrase: string): string {
  return phrase.normalize('NFKD').trim().toLowerCase().split(/\s+/).join(' ');
}

/**
 * Returns the phrase in canonical form, or throws ERR_MNEMONIC_INVALID: not a string, a length
 * other than 12, 15, 18, 21 or 24 words, a word not on the English list, or a wrong checksum.
 */
export function checkRecoveryPhrase(phrase: unknown): string {
  if (typeof phrase !== 'string') throw new LatchError('ERR_MNEMONIC_INVALID', 'A recovery phrase is a string of words.');
  const normalized = normalizePhrase(phrase);
  const words = normalized === '' ? [] : normalized.split(' ');
  if (!PHRASE_LENGTHS.includes(words.length)) {
    throw new LatchError('ERR_MNEMONIC_INVALID', `A recovery phrase has 12, 15, 18, 21 or 24 words, not ${words.length}.`);
  }
  index ??= new Map(BIP39_ENGLISH.map((w, i) => [w, i]));
  const bits: number[] = [];
  words.forEach((word, position) => {
    const i = index!.get(word);
    if (i === undefined) throw new LatchError('ERR_MNEMONIC_INVALID', `Word ${position + 1} is not a recovery phrase word.`);
    for (let b = 10; b >= 0; b--) bits.push((i >> b) & 1);
  });
  // 11 bits a word: ENT entropy bits, then ENT/32 checksum bits (ENT = 32 · words / 3).
  const checksumBits = words.length / 3;
  const entropy = new Uint8Array((bits.length - checksumBits) / 8);
  for (let i = 0; i < entropy.length * 8; i++) entropy[i >> 3]! |= bits[i]! << (7 - (i & 7));
  const hash = sha256(entropy);
  entropy.fill(0);
  for (let i = 0; i < checksumBits; i++) {
    if (((hash[i >> 3]! >> (7 - (i & 7))) & 1) !== bits[entropy.length * 8 + i]) {
      bits.fill(0);
      throw new LatchError('ERR_MNEMONIC_INVALID', 'This recovery phrase has a mistake: its checksum does not match. Check each word.');
    }
  }
  bits.fill(0);
  return normalized;
}
