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
/** By wallet, curve and path; the entry keeps the mnemonic it was derived from (checked on every use). */
const keys = new Map<string, { mnemonic: string; privateKey: Uint8Array }>();

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
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
  // The mnemonic is compared, not hashed into the key: on every signature, a long key string
  // to build and hash cost more than the lookup.
  const key = `${walletId} ${curve} ${path}`;
  let entry = keys.get(key);
  if (!entry || entry.mnemonic !== mnemonic) {
    entry = { mnemonic, privateKey: walletCall(() => deriveKey(seedOf(walletId, mnemonic), curve, path)).privateKey.slice() };
    if (keys.has(key)) keys.delete(key);
    remember(keys, key, entry);
  }
  return entry.privateKey.slice();
}
