/**
 * BIP39 seeds and derived account keys of wallets, kept in memory after first use: stretching a
 * mnemonic (PBKDF2, 2048 rounds) and walking a BIP32 path (a point multiplication per level) on
 * every signature would dominate a stamped sign_raw_payload. Bounded, and keyed by the mnemonic
 * too, so an imported replacement never reuses a stale entry. Callers get copies.
 */
import { deriveKey, mnemonicToSeed } from '../wallet/index.ts';
import { walletCall } from './wallet-errors.ts';
import type { Curve } from '../wallet/index.ts';

const LIMIT = 1000;
const seeds = new Map<string, Uint8Array>();
const keys = new Map<string, Uint8Array>();

function remember(cache: Map<string, Uint8Array>, key: string, value: Uint8Array): void {
  if (cache.size >= LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

export function seedOf(walletId: string, mnemonic: string): Uint8Array {
  const key = `${walletId} ${mnemonic}`;
  let seed = seeds.get(key);
  if (!seed) {
    seed = walletCall(() => mnemonicToSeed(mnemonic));
    remember(seeds, key, seed);
  }
  return seed;
}

/** The private key of one account (a fresh copy: the caller may zero it). */
export function accountPrivateKey(walletId: string, mnemonic: string, curve: Curve, path: string): Uint8Array {
  const key = `${walletId} ${mnemonic} ${curve} ${path}`;
  let privateKey = keys.get(key);
  if (!privateKey) {
    privateKey = walletCall(() => deriveKey(seedOf(walletId, mnemonic), curve, path)).privateKey.slice();
    remember(keys, key, privateKey);
  }
  return privateKey.slice();
}
