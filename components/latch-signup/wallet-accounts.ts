/**
 * The wallet accounts `<latch-signup>` asks for: the standard first account of each chain
 * (BIP-44 paths), chosen by a short chain list such as `eth,sol`.
 */
import type { AddressFormat, WalletAccountParams } from '../../src/clients/activity-types.ts';

/** The first Ethereum account: m/44'/60'/0'/0/0, secp256k1. */
export const ETH_ACCOUNT: Readonly<WalletAccountParams> = Object.freeze({
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
});

/** The first Solana account: m/44'/501'/0'/0' (hardened all the way, as Solana wallets derive), ed25519. */
export const SOL_ACCOUNT: Readonly<WalletAccountParams> = Object.freeze({
  curve: 'CURVE_ED25519',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/501'/0'/0'",
  addressFormat: 'ADDRESS_FORMAT_SOLANA',
});

const CHAINS: Readonly<Record<string, Readonly<WalletAccountParams>>> = {
  eth: ETH_ACCOUNT,
  ethereum: ETH_ACCOUNT,
  sol: SOL_ACCOUNT,
  solana: SOL_ACCOUNT,
};

/** Chains when nothing is said: one Ethereum and one Solana account. */
export const DEFAULT_CHAINS = 'eth,sol';

/**
 * The accounts for a chain list (`eth,sol`, `sol`, `ethereum solana`): unknown names are
 * ignored, repeats collapse, order is kept. An empty list (or `none`) means no wallet.
 */
export function accountsForChains(chains: string): WalletAccountParams[] {
  const seen = new Set<Readonly<WalletAccountParams>>();
  for (const name of chains.toLowerCase().split(/[\s,]+/)) {
    const account = CHAINS[name];
    if (account) seen.add(account);
  }
  return [...seen].map((account) => ({ ...account }));
}

const CHAIN_NAMES: Partial<Record<AddressFormat, string>> = {
  ADDRESS_FORMAT_ETHEREUM: 'Ethereum',
  ADDRESS_FORMAT_SOLANA: 'Solana',
};

/** A person-readable chain name for an address format (proper nouns: not translated). */
export function chainName(format: AddressFormat | undefined): string | undefined {
  if (!format) return undefined;
  return CHAIN_NAMES[format] ?? format.replace(/^ADDRESS_FORMAT_/, '').replace(/_/g, ' ');
}
