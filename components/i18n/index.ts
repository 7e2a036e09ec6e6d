/** i18n for the elements: catalogues, locale resolution, translation. */
export { translate, formatNumber, errorMessageKey } from './translate.ts';
export type { CopyOverrides } from './translate.ts';
export { resolveLocale, isRtl, languageOf, canonicalLocale, browserLanguages, DEFAULT_LOCALE } from './locale.ts';
export type { LocaleSources } from './locale.ts';
export { registerMessages, hasMessages, lookupMessage } from './catalogues.ts';
export type { Message, PluralMessage, MessageKey, MessageParams, Messages, CoreCatalogue, CoreMessageKey, LatchMessages } from './messages.ts';
export { en } from './en.ts';
export { es } from './es.ts';
export { ar } from './ar.ts';
