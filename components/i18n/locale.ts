/**
 * Which language an element speaks. Order (docs/design.md): the element's `locale` attribute, then
 * the config's `locale`, then the browser's `navigator.languages`, then English. A candidate is
 * taken only if its language has a catalogue, so `locale="fr"` without French falls through.
 */
import { hasMessages } from './catalogues.ts';

/** Languages written right to left. `iw` is the legacy tag of Hebrew. */
const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'he', 'iw', 'fa', 'ur']);

export const DEFAULT_LOCALE = 'en';

export interface LocaleSources {
  /** The element's `locale` attribute. */
  attribute?: string | null | undefined;
  /** `locale` of the wallet_kit_config. */
  config?: string | null | undefined;
  /** Usually `navigator.languages` (see `browserLanguages`). */
  languages?: readonly string[] | undefined;
}

/** The canonical BCP 47 form of `tag` (`en_us` → `en-US`), or null when it is not a valid tag. */
export function canonicalLocale(tag: string | null | undefined): string | null {
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag.trim().replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

/** The primary language subtag, lower case: `pt-BR` → `pt`. */
export function languageOf(locale: string): string {
  return (locale.split('-')[0] ?? '').toLowerCase();
}

/** True for right-to-left languages (Arabic, Hebrew, Persian, Urdu). */
export function isRtl(locale: string): boolean {
  return RTL_LANGUAGES.has(languageOf(locale));
}

/** The browser's preferred languages; empty where there is no `navigator` (Node). */
export function browserLanguages(): readonly string[] {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  return nav?.languages ?? (nav?.language ? [nav.language] : []);
}

/** The first candidate (canonical tag) whose language has a catalogue, else `en`. */
export function resolveLocale(sources: LocaleSources): string {
  const candidates = [sources.attribute, sources.config, ...(sources.languages ?? [])];
  for (const candidate of candidates) {
    const locale = canonicalLocale(candidate);
    if (locale && hasMessages(languageOf(locale))) return locale;
  }
  return DEFAULT_LOCALE;
}
