/**
 * BIP39 seeds of wallets, kept in memory after first use: stretching a mnemonic (PBKDF2, 2048
 * rounds) on every signature would dominate a stamped sign_raw_payload. Bounded, and keyed by
 * the mnemonic too, so an imported replacement never reuses a stale seed.
 */
import { mnemonicToSeed } from '../wallet/index.ts';
import { walletCall } from './wallet-errors.ts';

const LIMIT = 1000;
const cache = new Map<string, Uint8Array>();

export function seedOf(walletId: string, mnemonic: string): Uint8Array {
  const key = `${walletId} ${mnemonic}`;
  let seed = cache.get(key);
  if (!seed) {
    seed = walletCall(() => mnemonicToSeed(mnemonic));
    if (cache.size >= LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, seed);
  }
  return seed;
}
