/**
 * The assets of the local chains as the hosted read routes name them (`@turnkey/sdk-types`):
 * a CAIP-19 id, symbol, name and decimals for each native coin and fixture token, and the
 * display value. One table, so balances, supported assets and history say the same names.
 */
import { USDC_MINT } from './solana/spl-token-accounts.ts';
import type { EvmToken } from './chain-types.ts';

export interface AssetMetadata {
  readonly caip19: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

const TOKEN_NAMES: Readonly<Record<string, string>> = { USDC: 'USD Coin (local)', LTK: 'Latchkey Test Token', LKC: 'Latchkey Collectible' };

export const evmNative = (caip2: string): AssetMetadata => ({ caip19: `${caip2}/slip44:60`, symbol: 'ETH', name: 'Ether (local)', decimals: 18 });

export const evmTokenAsset = (caip2: string, token: EvmToken): AssetMetadata => ({
  caip19: `${caip2}/${token.standard}:${token.address}`,
  symbol: token.symbol,
  name: TOKEN_NAMES[token.symbol] ?? token.symbol,
  decimals: token.decimals,
});

export const solanaNative = (caip2: string): AssetMetadata => ({ caip19: `${caip2}/slip44:501`, symbol: 'SOL', name: 'Solana (local)', decimals: 9 });

/** An SPL token's CAIP-19 (namespace `token`, the mint's address); only the fixture USDC has a symbol. */
export function solanaTokenAsset(caip2: string, mint: string): AssetMetadata | undefined {
  if (mint !== USDC_MINT) return undefined;
  return { caip19: `${caip2}/token:${mint}`, symbol: 'USDC', name: TOKEN_NAMES.USDC!, decimals: 6 };
}

/** Units for display only (the hosted "display.crypto"): the exact amount is the atomic one. */
export function displayUnits(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return `${digits.slice(0, -decimals)}${fraction ? `.${fraction}` : ''}`;
}

/** Seconds since the epoch as RFC 3339 (the hosted history's block timestamps). */
export const rfc3339 = (seconds: number): string => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
