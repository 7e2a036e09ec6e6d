/**
 * BIP39 mnemonics with the English wordlist. Seeds are stretched with Node's native PBKDF2
 * (the same algorithm @scure/bip39 uses, about ten times faster than pure JS), which keeps a
 * stamped sign_raw_payload cheap enough for the emulator's throughput goal.
 */
import { pbkdf2Sync } from 'node:crypto';
import * as bip39 from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { WalletError } from './wallet-error.ts';

export const MNEMONIC_LENGTHS = [12, 15, 18, 21, 24] as const;
export type MnemonicLength = (typeof MNEMONIC_LENGTHS)[number];

/** A new random mnemonic; 12 words (128 bits) is the service's default. */
export function generateMnemonic(length: MnemonicLength = 12): string {
  if (!(MNEMONIC_LENGTHS as readonly unknown[]).includes(length)) {
    throw new WalletError('MNEMONIC_LENGTH_INVALID', 'A mnemonic has 12, 15, 18, 21 or 24 words.');
  }
  // Each word carries 11 bits and every third word holds one checksum bit per 32 of entropy.
  return bip39.generateMnemonic(wordlist, (length / 3) * 32);
}

/**
 * Canonical form of a mnemonic typed by a person: NFKD, lower case, single spaces. BIP39 seeds
 * are computed over this exact string, so callers should store what this returns.
 */
export function normalizeMnemonic(mnemonic: string): string {
  if (typeof mnemonic !== 'string') {
    throw new WalletError('MNEMONIC_INVALID', 'The mnemonic must be a string.');
  }
  return mnemonic.normalize('NFKD').trim().toLowerCase().split(/\s+/).join(' ');
}

/** True when every word is on the English list and the BIP39 checksum holds. */
export function validateMnemonic(mnemonic: string): boolean {
  if (typeof mnemonic !== 'string') return false;
  return bip39.validateMnemonic(normalizeMnemonic(mnemonic), wordlist);
}

/** Throws MNEMONIC_INVALID unless the mnemonic is valid; returns its canonical form. */
export function assertMnemonic(mnemonic: string): string {
  const normalized = normalizeMnemonic(mnemonic);
  if (!bip39.validateMnemonic(normalized, wordlist)) {
    throw new WalletError('MNEMONIC_INVALID', 'The mnemonic is not a valid English BIP39 mnemonic.');
  }
  return normalized;
}

/** The 64-byte BIP39 seed of a valid mnemonic (PBKDF2-HMAC-SHA512, 2048 rounds). */
export function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  const normalized = assertMnemonic(mnemonic);
  const salt = `mnemonic${passphrase}`.normalize('NFKD');
  return new Uint8Array(pbkdf2Sync(normalized, salt, 2048, 64, 'sha512'));
}
