/**
 * Message types. A catalogue maps a key to a string with `{name}` placeholders, or to a plural
 * message (one string per CLDR plural category, chosen by `Intl.PluralRules` on the `count`
 * parameter).
 */
import type { en } from './en.ts';

/** One string per CLDR plural category; `other` is required (the fallback of every category). */
export type PluralMessage = { readonly [Category in Intl.LDMLPluralRule]?: string } & { readonly other: string };

export type Message = string | PluralMessage;

/** The keys of the core catalogue (en.ts is the reference: every key starts there). */
export type CoreMessageKey = keyof typeof en;

/** A complete core catalogue: the type of es.ts, ar.ts and any other full translation. */
export type CoreCatalogue = { readonly [Key in CoreMessageKey]: Message };

/**
 * Every key `t()` accepts. An element that brings its own strings (loaded with it, so the drop-in
 * does not carry them) adds its keys by augmenting this interface next to its catalogue:
 *
 * ```ts
 * declare module '../i18n/messages.ts' {
 *   interface LatchMessages { 'wallet.copyAddress': Message }
 * }
 * registerMessages('en', { 'wallet.copyAddress': 'Copy address' });
 * ```
 */
// An interface (not a type alias) so other modules can augment it.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LatchMessages extends CoreCatalogue {}

export type MessageKey = keyof LatchMessages & string;

/** Values for `{name}` placeholders. Numbers are formatted for the locale (`Intl.NumberFormat`). */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Messages registered for one language: any subset of the keys (missing ones fall back to English). */
export type Messages = { readonly [Key in MessageKey]?: Message };
