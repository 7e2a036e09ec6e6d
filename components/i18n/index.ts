/** i18n for the elements: catalogues, locale resolution, translation. */
export { translate, formatNumber, errorMessageKey } from './translate.ts';
export type { CopyOverrides } from './translate.ts';
export { resolveLocale, isRtl, languageOf, canonicalLocale, browserLanguages, DEFAULT_LOCALE } from './locale.ts';
export type { LocaleSources } from './locale.ts';
export { registerMessages, registerMessageLoader, loadMessages, messagesReady, hasMessages, lookupMessage } from './catalogues.ts';
export type { Message, PluralMessage, MessageKey, MessageParams, Messages, CoreCatalogue, CoreMessageKey, LatchMessages } from './messages.ts';
export { en } from './en.ts';
// es and ar are not re-exported: they load on demand (catalogues.ts).
