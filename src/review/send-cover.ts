/**
 * Whether an account can pay for a send before anyone is asked to approve it: the native balance
 * must cover the value plus the most the fee can be (plus any deposit the send makes, such as the
 * rent of a new token account), and a token send's token balance must cover its amount. Integers
 * only, in the chain's smallest units, written back in units with the symbol (exact decimals, no
 * floating point). Pure: the amounts come from evm-send-cost.ts / solana-send-cost.ts.
 */
import { LatchError } from '../errors/latch-error.ts';
import { formatUnits } from './evm-format.ts';

export interface SendCost {
  /** The chain's coin (ETH, SOL): the balance, the value sent, the fee's upper bound, a deposit. */
  native: { symbol: string; decimals: number; balance: bigint; value: bigint; fee: bigint; deposit?: bigint };
  /** A token send: the token's balance and the amount sent. */
  token?: { symbol: string; decimals: number; balance: bigint; amount: bigint };
}

/** What is missing: `need` of the asset against `have`. */
export interface Shortfall {
  symbol: string;
  decimals: number;
  have: bigint;
  need: bigint;
}

/** `1500000n`, 6, 'USDC' → '1.5 USDC'. */
export const formatAmount = (value: bigint, decimals: number, symbol: string): string => `${formatUnits(value, decimals)} ${symbol}`;

/** The native total the account pays: value + fee + deposit. */
export function nativeTotal(cost: SendCost): bigint {
  return cost.native.value + cost.native.fee + (cost.native.deposit ?? 0n);
}

/** The first asset the balance cannot cover (the token first: it is what the person means to send), or null. */
export function sendShortfall(cost: SendCost): Shortfall | null {
  const { token, native } = cost;
  if (token && token.balance < token.amount) return { symbol: token.symbol, decimals: token.decimals, have: token.balance, need: token.amount };
  const need = nativeTotal(cost);
  if (native.balance < need) return { symbol: native.symbol, decimals: native.decimals, have: native.balance, need };
  return null;
}

/** ERR_SEND_INSUFFICIENT_FUNDS, with what is missing written out for a person (the UI translates around it). */
export class InsufficientFundsError extends LatchError {
  /** The asset's symbol, and the balance and the need in its units ('0.01 ETH', '0.500042 ETH'). */
  readonly shortfall: { symbol: string; have: string; need: string };
  constructor(shortfall: Shortfall) {
    const { symbol, decimals, have, need } = shortfall;
    const [haveText, needText] = [formatAmount(have, decimals, symbol), formatAmount(need, decimals, symbol)];
    super('ERR_SEND_INSUFFICIENT_FUNDS', `The balance of ${haveText} cannot cover ${needText} (the amount and the network fee).`);
    this.shortfall = { symbol, have: haveText, need: needText };
  }
}

/** ERR_SEND_INSUFFICIENT_FUNDS for `shortfall`, in words with both amounts. */
export function insufficientFunds(shortfall: Shortfall): InsufficientFundsError {
  return new InsufficientFundsError(shortfall);
}

/** Throws ERR_SEND_INSUFFICIENT_FUNDS when the balance cannot cover the send. */
export function assertCovered(cost: SendCost): void {
  const shortfall = sendShortfall(cost);
  if (shortfall) throw insufficientFunds(shortfall);
}
