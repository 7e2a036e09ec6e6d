import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mnemonicToSeedSync } from '@scure/bip39';
import { hex } from '@scure/base';
import {
  MNEMONIC_LENGTHS, assertMnemonic, generateMnemonic, mnemonicToSeed, normalizeMnemonic, validateMnemonic,
} from '../../../demo/emulator/wallet/index.ts';
import { expectWalletError } from './expect-wallet-error.ts';
import { ABANDON, ABANDON_SEED, BIP39_TREZOR_VECTORS } from './vectors.ts';

describe('wallet mnemonics', () => {
  it('seeds the standard test mnemonic as published', () => {
    assert.equal(hex.encode(mnemonicToSeed(ABANDON)), ABANDON_SEED);
  });

  it('matches the BIP39 reference vectors with passphrase TREZOR (12, 18 and 24 words)', () => {
    for (const vector of BIP39_TREZOR_VECTORS) {
      assert.ok(validateMnemonic(vector.mnemonic), vector.mnemonic);
      assert.equal(hex.encode(mnemonicToSeed(vector.mnemonic, 'TREZOR')), vector.seed);
    }
  });

  it('a different passphrase gives a different seed', () => {
    assert.notEqual(hex.encode(mnemonicToSeed(ABANDON, 'TREZOR2')), BIP39_TREZOR_VECTORS[0].seed);
  });

  it('generates valid mnemonics of every allowed length, 12 by default', () => {
    assert.equal(generateMnemonic().split(' ').length, 12);
    for (const length of MNEMONIC_LENGTHS) {
      const mnemonic = generateMnemonic(length);
      assert.equal(mnemonic.split(' ').length, length);
      assert.ok(validateMnemonic(mnemonic));
      // Native PBKDF2 gives the same seed as @scure/bip39's own implementation.
      assert.deepEqual(mnemonicToSeed(mnemonic), mnemonicToSeedSync(mnemonic));
    }
    assert.notEqual(generateMnemonic(24), generateMnemonic(24));
  });

  it('refuses other lengths', () => {
    for (const length of [0, 11, 13, 25, 27, 12.5, Number.NaN]) {
      expectWalletError(() => generateMnemonic(length as 12), 'MNEMONIC_LENGTH_INVALID');
    }
  });

  it('normalizes case and whitespace before validating and seeding', () => {
    const messy = `  ${ABANDON.toUpperCase().split(' ').join(' \n\t ')}  `;
    assert.equal(normalizeMnemonic(messy), ABANDON);
    assert.ok(validateMnemonic(messy));
    assert.equal(hex.encode(mnemonicToSeed(messy)), ABANDON_SEED);
  });

  it('rejects a bad checksum, unknown words, wrong word counts and non-strings', () => {
    const badChecksum = ABANDON.replace(/about$/, 'abandon');
    const unknownWord = ABANDON.replace(/about$/, 'aboutt');
    const tooShort = ABANDON.split(' ').slice(1).join(' ');
    for (const bad of [badChecksum, unknownWord, tooShort, '', 'about']) {
      assert.equal(validateMnemonic(bad), false, bad);
      expectWalletError(() => assertMnemonic(bad), 'MNEMONIC_INVALID');
      expectWalletError(() => mnemonicToSeed(bad), 'MNEMONIC_INVALID');
    }
    assert.equal(validateMnemonic(42 as unknown as string), false);
    expectWalletError(() => mnemonicToSeed(null as unknown as string), 'MNEMONIC_INVALID');
  });
});
