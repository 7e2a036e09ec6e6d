/**
 * The seed's constraints on `init_fiat_on_ramp` parameters, checked before anything is sent
 * (activity-rules.ts loads this module for that one operation). Returns the parameters to send,
 * the amount as the decimal string the wire wants and the subdivision in the hosted form ("NY"),
 * or throws a typed LatchError.
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
  const country = typeof out.countryCode === 'string' ? out.countryCode.trim().toUpperCase() : undefined;
  if (country === 'US' && !out.countrySubdivisionCode) {
    throw new LatchError('ERR_ONRAMP_SUBDIVISION', 'A subdivision code (e.g. NY) is required for US purchasers.');
  }
  if (present(out.countrySubdivisionCode) && out.countrySubdivisionCode !== '') {
    out.countrySubdivisionCode = subdivisionPart(out.countrySubdivisionCode, country);
  }
  return out;
}

/**
 * The hosted intent's `countrySubdivisionCode` is the part of the ISO 3166-2 code after the
 * country ("ISO 3166-2 two-digit country subdivision code … e.g. NY": @turnkey/sdk-types'
 * v1InitFiatOnRampIntent). The whole code of the purchaser's own country ("US-NY" with US), which
 * earlier versions of this kit asked for, is cut to that part; another country's code, or
 * anything else than one to three letters or digits, is refused.
 */
function subdivisionPart(value: unknown, country: string | undefined): string {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  const whole = /^([A-Z]{2})-([A-Z0-9]{1,3})$/.exec(code);
  const part = whole && whole[1] === country ? whole[2]! : code;
  if (!/^[A-Z0-9]{1,3}$/.test(part)) {
    throw new LatchError('ERR_ONRAMP_SUBDIVISION', 'The subdivision must be the state or region code, e.g. NY.');
  }
  return part;
}
