/**
 * `translate(locale, key, params, copy)`: the string an element shows. Lookup order: the
 * config's `copy[key]` (the organization's own wording wins), the locale's catalogue, English,
 * then the key itself (a visible, greppable miss rather than an empty label).
 */
import { lookupMessage } from './catalogues.ts';
import { DEFAULT_LOCALE, languageOf } from './locale.ts';
import type { Message, MessageKey, MessageParams } from './messages.ts';

/** Replacement strings by key, as in wallet_kit_config `copy`. */
export type CopyOverrides = Readonly<Record<string, string>>;

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let value = cache.get(locale);
  if (!value) cache.set(locale, (value = make()));
  return value;
}

/** Formats `value` for `locale` (Arabic gets Arabic-Indic digits, for example). */
export function formatNumber(locale: string, value: number): string {
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value);
}

function pick(locale: string, message: Message, params: MessageParams | undefined): string {
  if (typeof message === 'string') return message;
  const count = Number(params?.['count'] ?? 0);
  const category = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count);
  return message[category] ?? message.other;
}

export function translate(
  locale: string,
  key: MessageKey,
  params?: MessageParams,
  copy?: CopyOverrides | null,
): string {
  const override = copy && Object.hasOwn(copy, key) && typeof copy[key] === 'string' ? copy[key] : undefined;
  const message = override ?? lookupMessage(languageOf(locale), key) ?? lookupMessage(DEFAULT_LOCALE, key) ?? key;
  const text = pick(locale, message, params);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'number' ? formatNumber(locale, value) : String(value);
  });
}

/** The message key for an error: `error.<code>` when the catalogue has one, else `error.generic`. */
export function errorMessageKey(error: unknown): MessageKey {
  // Duck-typed, not instanceof: a LatchError from a second copy of the kit still has its code.
  const code = (error as { code?: unknown } | null)?.code;
  const key = `error.${String(code)}` as MessageKey;
  return typeof code === 'string' && lookupMessage(DEFAULT_LOCALE, key) !== undefined ? key : 'error.generic';
}
