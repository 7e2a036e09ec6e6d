/**
 * An ERC-20 transfer a page asks for in the token's own units ("1.5" of a 6-decimal token): the
 * amount as an integer, the transfer's calldata, and the token's decimals read from the chain
 * (`decimals()` through eth_call) when the page does not give them. Integers only: no floating
 * point between what the person reads and what is signed.
 */
import { LatchError } from '../errors/latch-error.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** keccak-256("transfer(address,uint256)")[0..4] and ("decimals()"); the tests check both with viem. */
const TRANSFER = 'a9059cbb';
const DECIMALS = '0x313ce567';

/** "1.5" with 6 decimals → 1500000n. ERR_INPUT_INVALID for anything that is not such an amount. */
export function parseUnits(amount: string, decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) throw new LatchError('ERR_INPUT_INVALID', 'A token has 0 to 77 decimals.');
  const match = /^(\d{1,78})(?:\.(\d+))?$/.exec(amount.trim());
  if (!match || (match[2]?.length ?? 0) > decimals) throw new LatchError('ERR_INPUT_INVALID', `The amount is not a number with at most ${decimals} decimals.`);
  const value = BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt((match[2] ?? '').padEnd(decimals, '0') || '0');
  if (value >= 1n << 256n) throw new LatchError('ERR_INPUT_INVALID', 'The amount is too large.');
  return value;
}

/** The calldata of ERC-20 `transfer(to, amount)`. */
export function erc20TransferData(to: string, amount: bigint): string {
  if (!ADDRESS.test(to)) throw new LatchError('ERR_INPUT_INVALID', 'The recipient is not an Ethereum address.');
  if (amount < 0n || amount >= 1n << 256n) throw new LatchError('ERR_INPUT_INVALID', 'The amount does not fit a uint256.');
  return `0x${TRANSFER}${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}

/**
 * The token's `decimals()`, read with eth_call at `rpcUrl`. ERR_NETWORK_FAILED when the endpoint
 * does not answer, ERR_RESPONSE_MALFORMED when the answer is no uint8.
 */
export async function readTokenDecimals(rpcUrl: string, token: string, fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<number> {
  if (!ADDRESS.test(token)) throw new LatchError('ERR_INPUT_INVALID', 'The token is not an Ethereum address.');
  let answer: { result?: unknown };
  try {
    const response = await fetchFn(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: token, data: DECIMALS }, 'latest'] }),
      signal: AbortSignal.timeout(30_000),
    });
    answer = (await response.json()) as { result?: unknown };
  } catch (cause) {
    throw new LatchError('ERR_NETWORK_FAILED', 'The RPC endpoint did not answer.', { cause });
  }
  const result = answer?.result;
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result) || BigInt(result) > 255n) {
    throw new LatchError('ERR_RESPONSE_MALFORMED', 'The token answered no decimals.');
  }
  return Number(BigInt(result));
}
