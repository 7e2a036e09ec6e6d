/**
 * How the Ethereum review writes numbers and chains: wei as ETH, gwei for fees, unix seconds as
 * ISO dates, chain ids as CAIP-2 with a name when the chain is a well-known one. Pure: no I/O.
 */
import { formatUnits } from '../encoding/format-units.ts';

/**
 * From 2^128 up, an amount is "unlimited": no token has that much in circulation, so no one means
 * it as a number. It covers 2^256 − 1 (the infinite ERC-20 approval), Permit2's 2^160 − 1, and
 * the near-max amounts written to dodge an exact-equality check (2^256 − 2, 2^160 − 2).
 */
const UNLIMITED_FROM = 1n << 128n;

/** True for an amount no one means as a number: 2^128 and above. */
export function isUnlimitedAmount(value: bigint): boolean {
  return value >= UNLIMITED_FROM;
}

/** A token's decimals and symbol, read from its contract (the symbol is the chain's text). */
export interface TokenInfo {
  decimals: number;
  symbol?: string;
}

/** Known tokens by lowercase address. */
export type TokenBook = Readonly<Record<string, TokenInfo>>;

/**
 * An amount as the sheet writes it: in the token's units with its symbol when known, the integer
 * beside it ('1.5 USDC (1500000)'); the integer alone otherwise. `symbol` is passed already
 * filtered for hidden characters.
 */
export function formatTokenAmount(value: bigint, token?: { decimals: number; symbol?: string }): string {
  if (!token) return value.toString();
  return `${formatUnits(value, token.decimals)}${token.symbol ? ` ${token.symbol}` : ''} (${value})`;
}

export { formatUnits };

/** Wei as ETH: '1.5 ETH'. */
export const formatEth = (wei: bigint): string => `${formatUnits(wei, 18)} ETH`;

/** Wei as gwei: '30 gwei'. */
export const formatGwei = (wei: bigint): string => `${formatUnits(wei, 9)} gwei`;

/** Unix seconds as an ISO 8601 date (UTC), or the number itself when it is no date (0, huge). */
export function formatUnixSeconds(seconds: bigint): { value: string; isDate: boolean } {
  // Up to year 9999; beyond that (uint48 max is a common "never") the number is shown as is.
  if (seconds > 0n && seconds < 253_402_300_800n) return { value: new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z'), isDate: true };
  return { value: seconds.toString(), isDate: false };
}

/** Names of well-known EVM chains (the sheet shows the id beside it). */
const CHAIN_NAMES: ReadonlyMap<bigint, string> = new Map([
  [1n, 'Ethereum'],
  [10n, 'OP Mainnet'],
  [56n, 'BNB Smart Chain'],
  [137n, 'Polygon'],
  [8453n, 'Base'],
  [42161n, 'Arbitrum One'],
  [43114n, 'Avalanche C-Chain'],
  [11155111n, 'Sepolia'],
  [17000n, 'Holesky'],
  [84532n, 'Base Sepolia'],
  [11155420n, 'OP Sepolia'],
  [421614n, 'Arbitrum Sepolia'],
  [80002n, 'Polygon Amoy'],
  [31337n, 'Localhost'],
]);

/** The review's chain: CAIP-2 id and, when known (or given), its name. */
export function evmChain(chainId: bigint, name?: string): { id: string; name?: string } {
  const known = name ?? CHAIN_NAMES.get(chainId);
  return known ? { id: `eip155:${chainId}`, name: known } : { id: `eip155:${chainId}` };
}

/** A chain row's value: 'Sepolia (11155111)' or '11155111'. */
export function chainText(chainId: bigint, name?: string): string {
  const known = name ?? CHAIN_NAMES.get(chainId);
  return known ? `${known} (${chainId})` : chainId.toString();
}

/**
 * A value as JSON-RPC and EIP-712 write integers (number, bigint, decimal or 0x-hex string), or
 * undefined. It reads exactly what the EIP-712 digest reads (src/signing/typed-data-digest.ts):
 * any number of digits, so a zero-padded '0x0000…ffff' or '000…1' is the integer the signature
 * covers, not a string that escapes the checks.
 */
export function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^(?:-?\d+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value);
  return undefined;
}
