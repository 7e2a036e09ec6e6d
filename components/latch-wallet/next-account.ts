/**
 * The account "Add account" creates: the next BIP-44 account of a chain after the highest one the
 * wallet already has. Ethereum wallets count up the last (address index) component; Solana
 * wallets, which derive hardened all the way, count up the account component. Paths of another
 * shape (imported, custom) do not count, so a wallet with none gets index 0.
 */
import type { AddressFormat, WalletAccount, WalletAccountParams } from '../../src/clients/activity-types.ts';

interface Scheme {
  readonly curve: WalletAccountParams['curve'];
  readonly path: (index: number) => string;
  readonly index: RegExp;
}

const SCHEMES = {
  ADDRESS_FORMAT_ETHEREUM: { curve: 'CURVE_SECP256K1', path: (i) => `m/44'/60'/0'/0/${i}`, index: /^m\/44'\/60'\/0'\/0\/(\d+)$/ },
  ADDRESS_FORMAT_SOLANA: { curve: 'CURVE_ED25519', path: (i) => `m/44'/501'/${i}'/0'`, index: /^m\/44'\/501'\/(\d+)'\/0'$/ },
} as const satisfies Partial<Record<AddressFormat, Scheme>>;

export type AddableFormat = keyof typeof SCHEMES;

/** The formats "Add account" offers, the default first. */
export const ADDABLE_FORMATS: readonly AddableFormat[] = ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_SOLANA'];

// BIP-32 indexes are 31 bits (the top bit marks hardened derivation).
const MAX_INDEX = 2 ** 31 - 1;

/** The account after the highest existing one of `format` among `accounts` (one wallet's). */
export function nextAccount(format: AddableFormat, accounts: readonly Pick<WalletAccount, 'addressFormat' | 'path'>[]): WalletAccountParams {
  const scheme: Scheme = SCHEMES[format];
  let highest = -1;
  for (const account of accounts) {
    if (account.addressFormat !== format) continue;
    const match = scheme.index.exec(account.path);
    const index = match ? Number(match[1]) : Number.NaN;
    if (Number.isSafeInteger(index) && index < MAX_INDEX && index > highest) highest = index;
  }
  return { curve: scheme.curve, pathFormat: 'PATH_FORMAT_BIP32', path: scheme.path(highest + 1), addressFormat: format };
}
