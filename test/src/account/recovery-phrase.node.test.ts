// The page's recovery-phrase check (src/account/recovery-phrase.ts) against @scure/bip39's
// validateMnemonic, a BIP-39 implementation this project did not write: the same verdict on
// generated phrases of every length, on each of them with one word changed, and on each with
// two words swapped. Refusals name a position, never a word.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { checkRecoveryPhrase } from '../../../src/account/recovery-phrase.ts';
import { BIP39_ENGLISH } from '../../../src/account/bip39-english.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';

const ours = (phrase: string): boolean => {
  try {
    checkRecoveryPhrase(phrase);
    return true;
  } catch (error) {
    assert.ok(isLatchError(error, 'ERR_MNEMONIC_INVALID'), String(error));
    return false;
  }
};

describe('checkRecoveryPhrase', () => {
  it('ships the BIP-39 English list, word for word', () => {
    assert.deepEqual([...BIP39_ENGLISH], [...wordlist]);
  });

  it('agrees with @scure/bip39 on valid phrases of 12-24 words and on each with one word changed or two swapped', () => {
    let valid = 0;
    let invalid = 0;
    for (const strength of [128, 160, 192, 224, 256]) {
      for (let round = 0; round < 20; round++) {
        const phrase = generateMnemonic(wordlist, strength);
        assert.equal(ours(phrase), true, 'a generated phrase');
        valid++;
        const words = phrase.split(' ');
        const at = (round * 7) % words.length;
        const changed = [...words];
        changed[at] = wordlist[(wordlist.indexOf(words[at]!) + 1 + round) % 2048]!;
        const swapped = [...words];
        [swapped[0], swapped[words.length - 1]] = [swapped[words.length - 1]!, swapped[0]!];
        for (const variant of [changed.join(' '), swapped.join(' ')]) {
          const theirs = validateMnemonic(variant, wordlist);
          assert.equal(ours(variant), theirs, 'the same verdict as @scure/bip39');
          if (!theirs) invalid++;
        }
      }
    }
    assert.equal(valid, 100);
    assert.ok(invalid > 150, `most variants fail the checksum (${invalid} of 200)`);
  });

  it('normalizes case and spacing; refuses other lengths and unknown words, naming the position only', () => {
    const phrase = generateMnemonic(wordlist);
    assert.equal(checkRecoveryPhrase(`  ${phrase.toUpperCase().split(' ').join('  \n')} `), phrase);
    for (const bad of ['', phrase.split(' ').slice(0, 11).join(' '), `${phrase} abandon`]) assert.equal(ours(bad), false);
    const words = phrase.split(' ');
    words[4] = 'notaword';
    assert.throws(() => checkRecoveryPhrase(words.join(' ')), (e: Error) => isLatchError(e, 'ERR_MNEMONIC_INVALID') && e.message.includes('Word 5') && !e.message.includes('notaword'));
    assert.throws(() => checkRecoveryPhrase(42), (e) => isLatchError(e, 'ERR_MNEMONIC_INVALID'));
  });
});
