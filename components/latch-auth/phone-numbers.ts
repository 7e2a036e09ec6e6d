/**
 * What `<latch-auth>`'s phone field asks libphonenumber-js: the countries and their calling codes,
 * formatting as typed, validation and the E.164 form. The smallest metadata (`min`: lengths and
 * leading digits per country, no number-type patterns) and the mobile example numbers (the hint of
 * the expected form). Part of the phone field's lazy chunk (phone-field.ts): none of it loads
 * before someone uses the field.
 */
import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  parseIncompletePhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import examples from 'libphonenumber-js/mobile/examples';

export type { CountryCode };

/** Every country and region the metadata knows (ISO 3166-1 alpha-2, plus AC, TA and XK). */
export const COUNTRIES: readonly CountryCode[] = getCountries(metadata);

const KNOWN: ReadonlySet<string> = new Set(COUNTRIES);

/** Where nothing names a region. */
export const FALLBACK_COUNTRY: CountryCode = 'US';

export const isCountry = (code: string | null | undefined): code is CountryCode => KNOWN.has(code ?? '');

/** `44` for GB: the digits after the `+`. */
export const callingCode = (country: CountryCode): string => getCountryCallingCode(country, metadata);

/** The country's example mobile number in its national form (`07400 123456` for GB), or ''. */
export const exampleNumber = (country: CountryCode): string => getExampleNumber(country, examples, metadata)?.formatNational() ?? '';

/** The flag emoji of a region code: its two letters as regional-indicator symbols. */
export const flag = (country: string): string => String.fromCodePoint(...Array.from(country.toUpperCase(), (letter) => 0x1f1a5 + letter.charCodeAt(0)));

/**
 * The digits someone typed, with a leading `+` kept (any script's digits: Arabic-Indic, Persian,
 * full-width); spaces, brackets, dashes and letters dropped.
 */
export const typedDigits = (text: string): string => parseIncompletePhoneNumber(text);

/**
 * The region of the first locale tag that has one the metadata knows (`en-GB` → GB; `es` has
 * none, so the next tag is asked), else US.
 */
export function countryFrom(tags: readonly (string | null | undefined)[]): CountryCode {
  for (const tag of tags) {
    try {
      const region = tag ? new Intl.Locale(tag.trim().replace(/_/g, '-')).region : undefined;
      if (isCountry(region)) return region;
    } catch {
      // Not a locale tag: ask the next one.
    }
  }
  return FALLBACK_COUNTRY;
}

/**
 * `text` formatted as it is typed for `country` (`2025550123` → `(202) 555-0123` for US). A number
 * that starts with `+` is formatted internationally and names its own country: `country` is that
 * one (the main country of its calling code while the digits do not tell which), else undefined.
 */
export function formatTyping(text: string, country: CountryCode): { text: string; country: CountryCode | undefined } {
  const typer = new AsYouType(country, metadata);
  const formatted = typer.input(text);
  const code = typer.isInternational() ? typer.getCallingCode() : undefined;
  const main = code ? (metadata as { country_calling_codes: Record<string, string[] | undefined> }).country_calling_codes[code]?.[0] : undefined;
  return { text: formatted, country: code ? (typer.getCountry() ?? (isCountry(main) ? main : undefined)) : undefined };
}

/**
 * The E.164 form of `text` read as a number of `country` (a `+` and calling code in the text wins;
 * so does an international prefix such as `00`), or '' when it is not a valid number there.
 */
export function toE164(text: string, country: CountryCode): string {
  const number = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false }, metadata);
  return number?.isValid() ? number.number : '';
}

/** The national digits of an international number (`+44 20 7946 0958` → `2079460958`), or undefined. */
export function nationalDigits(text: string): string | undefined {
  return parsePhoneNumberFromString(text, { extract: false }, metadata)?.nationalNumber;
}
