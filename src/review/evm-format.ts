/**
 * How the Ethereum review writes numbers and chains: wei as ETH, gwei for fees, unix seconds as
 * ISO dates, chain ids as CAIP-2 with a name when the chain is a well-known one. Pure: no I/O.
 */

/** 2^160 − 1: Permit2's "unlimited" (uint160 max). At or above it, an amount is unlimited. */
const UNLIMITED_FROM = (1n << 160n) - 1n;

/**
 * True for an amount no one means as a number: 2^256 − 1 (an ERC-20 infinite approval) and
 * anything at or above 2^160, and Permit2's uint160 maximum (2^160 − 1), its own "unlimited".
 */
export function isUnlimitedAmount(value: bigint): boolean {
  return value >= UNLIMITED_FROM;
}

/** `value` with `decimals` decimals, trailing zeros dropped: formatUnits(1500000n, 6) = '1.5'. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

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

/** A value as JSON-RPC and EIP-712 write integers (number, bigint, decimal or 0x-hex string), or undefined. */
export function toBigInt(value: unknown): bigint | undefined {
  try {
    if (typeof value === 'bigint') return value;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
    if (typeof value === 'string' && /^(?:-?\d{1,80}|0x[0-9a-fA-F]{1,64})$/.test(value)) return BigInt(value);
  } catch {
    // falls through
  }
  return undefined;
}
