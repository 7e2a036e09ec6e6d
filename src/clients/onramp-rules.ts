/**
 * The seed's constraints on `init_fiat_on_ramp` parameters, checked before anything is sent
 * (activity-rules.ts loads this module for that one operation). Returns the parameters to send,
 * the amount as the decimal string the wire wants, or throws a typed LatchError.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { JsonObject } from './http.ts';

const present = (value: unknown) => value !== undefined && value !== null;

export function checkOnRampParameters(parameters: JsonObject): JsonObject {
  const out = { ...parameters };
  const amount = out.fiatCurrencyAmount;
  if (present(amount)) {
    // A plain decimal: "25", "25.50" or 25; anything else (hex, exponents, blanks) is refused.
    const ok = typeof amount === 'number' ? Number.isFinite(amount) : typeof amount === 'string' && /^\d+(\.\d+)?$/.test(amount);
    if (!ok || !(Number(amount) > 20)) {
      throw new LatchError('ERR_ONRAMP_AMOUNT', 'The preset fiat amount must be a number greater than 20.');
    }
    out.fiatCurrencyAmount = String(amount);
  }
  if (String(out.countryCode).toUpperCase() === 'US' && !out.countrySubdivisionCode) {
    throw new LatchError('ERR_ONRAMP_SUBDIVISION', 'A subdivision code (e.g. US-NY) is required for US purchasers.');
  }
  return out;
}
