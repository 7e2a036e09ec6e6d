/**
 * A wallet account's balances, read through the service's `get_wallet_address_balances` route
 * (the hosted service answers it; the emulator answers it from its local chains), and their
 * amounts written in units for a person: "1.5 ETH", "25.00 USDC".
 *
 * The service's exact figure is `balance` (base units, a decimal string); its `display.crypto`
 * is rounded "for display only", so it is never shown: amounts are written here from the exact
 * integer with bigint arithmetic, never through a float (a float would turn 0.1 + 0.2 ETH into
 * 0.30000000000000004, and lose digits past 2^53 wei, about 0.009 ETH). Every answer field is
 * checked: a malformed entry fails the read (ERR_RESPONSE_MALFORMED) rather than showing a
 * guess, and a token's symbol (chosen by whoever deployed the token) is shown only when it is
 * a short plain word, so a token cannot name itself "USDC " with a hidden character, or a
 * sentence.
 */
import { formatUnits } from '../encoding/format-units.ts';
import { LatchError } from '../errors/latch-error.ts';
import type { AssetBalance } from '../clients/activity-types.ts';
import type { SigningSession } from '../session/signing-session.ts';

/** One asset held by an address, checked. */
export interface WalletBalance {
  /** CAIP-19 id of the asset (`eip155:1/slip44:60`, `eip155:1/erc20:0x…`). */
  readonly caip19: string;
  /** Its symbol when it is a plain short word; '' otherwise (show the id instead). */
  readonly symbol: string;
  /** Base units, exact. */
  readonly amount: bigint;
  readonly decimals: number;
  /** The chain's own coin (ETH, SOL), not a token. */
  readonly native: boolean;
}

const AMOUNT = /^\d{1,78}$/;
// Letters, digits and a few marks seen in real symbols (USDC.e, WETH, cbBTC, $WIF); 1 to 11 long.
const SYMBOL = /^[\p{L}\p{N}$._-]{1,11}$/u;
const MAX_DECIMALS = 36;
// USD stablecoins read as money with cents: "25.00 USDC", never "25 USDC".
const CENTS = new Set(['USDC', 'USDT', 'DAI', 'PYUSD', 'USDS', 'USDG', 'EURC']);

const malformed = (what: string) => new LatchError('ERR_RESPONSE_MALFORMED', `The service's balances answer has ${what}.`);

/** Checks one hosted `v1AssetBalance`. */
export function checkBalance(entry: AssetBalance): WalletBalance {
  if (typeof entry !== 'object' || entry === null) throw malformed('an entry that is not an object');
  const { caip19, symbol, balance, decimals } = entry;
  if (typeof caip19 !== 'string' || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\/[-a-z0-9]{3,8}:[-.%a-zA-Z0-9]{1,128}$/.test(caip19)) throw malformed('an asset without a CAIP-19 id');
  if (typeof balance !== 'string' || !AMOUNT.test(balance)) throw malformed('a balance that is not a whole number of base units');
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) throw malformed('decimals out of range');
  const shown = typeof symbol === 'string' && SYMBOL.test(symbol) ? symbol : '';
  return { caip19, symbol: shown, amount: BigInt(balance), decimals, native: caip19.split('/')[1]!.startsWith('slip44:') };
}

/**
 * The balances of `address` on `caip2` (`eip155:11155111`, `solana:EtWT…`): the native coin
 * first, then the tokens in the service's order.
 */
export async function readWalletBalances(session: Pick<SigningSession, 'query'>, address: string, caip2: string, options: { signal?: AbortSignal } = {}): Promise<WalletBalance[]> {
  const answer = await session.query('get_wallet_address_balances', { address, caip2 }, options);
  if (!Array.isArray(answer.balances)) throw malformed('no list of balances');
  const balances = answer.balances.map(checkBalance);
  return [...balances.filter((b) => b.native), ...balances.filter((b) => !b.native)];
}

export { formatUnits };

interface Numerals {
  readonly decimal: string;
  readonly digits: readonly string[];
}

const numeralsCache = new Map<string, Numerals>();

/** The decimal mark and the ten digits `locale` writes numbers with (Arabic: "٫" and ٠–٩). */
function numerals(locale: string): Numerals {
  let found = numeralsCache.get(locale);
  if (!found) {
    const format = new Intl.NumberFormat(locale, { useGrouping: false });
    const decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    found = { decimal, digits: Array.from({ length: 10 }, (_, d) => format.format(d)) };
    numeralsCache.set(locale, found);
  }
  return found;
}

/**
 * `value` base units written for `locale`: the whole part grouped as the locale groups it (Intl
 * formats a bigint exactly), the fraction exact in the locale's digits, at least
 * `minFractionDigits` of them: (25000000n, 6, 'en', 2) → "25.00"; (1234567n, 3, 'es') → "1234,567".
 */
export function formatAmount(value: bigint, decimals: number, locale: string, minFractionDigits = 0): string {
  const exact = formatUnits(value < 0n ? -value : value, decimals);
  const [whole = '0', fraction = ''] = exact.split('.');
  const { decimal, digits } = numerals(locale);
  const padded = fraction.padEnd(Math.min(minFractionDigits, decimals), '0');
  const wholeText = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(BigInt(whole));
  const fractionText = Array.from(padded, (d) => digits[Number(d)]).join('');
  return `${value < 0n ? '-' : ''}${wholeText}${fractionText ? `${decimal}${fractionText}` : ''}`;
}

/** A balance as a person reads it: "1.5 ETH", "25.00 USDC"; an unnamed token by its short id. */
export function formatBalance(balance: WalletBalance, locale: string): string {
  const name = balance.symbol || shortAsset(balance.caip19);
  return `${formatAmount(balance.amount, balance.decimals, locale, CENTS.has(balance.symbol) ? 2 : 0)} ${name}`;
}

/** The asset part of a CAIP-19 id, shortened: "erc20:0x1c7d…7238". */
function shortAsset(caip19: string): string {
  const asset = caip19.split('/')[1] ?? caip19;
  const [namespace = '', reference = ''] = asset.split(':');
  return reference.length > 12 ? `${namespace}:${reference.slice(0, 6)}…${reference.slice(-4)}` : asset;
}
