/**
 * The message registry: language subtag → messages. English, Spanish and Arabic are built in;
 * `registerMessages` adds a language or an element's own keys (merged, later wins).
 */
import { ar } from './ar.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import type { Message, MessageKey, Messages } from './messages.ts';

const registry = new Map<string, Map<string, Message>>();

/** Adds `messages` to `language` (a primary subtag such as `fr`, case-insensitive). */
export function registerMessages(language: string, messages: Messages): void {
  const lang = language.toLowerCase();
  let table = registry.get(lang);
  if (!table) registry.set(lang, (table = new Map()));
  for (const [key, message] of Object.entries(messages)) if (message !== undefined) table.set(key, message);
}

/** True when `language` (a primary subtag) has a catalogue. */
export function hasMessages(language: string): boolean {
  return registry.has(language.toLowerCase());
}

/** The message for `key` in `language`, or undefined. */
export function lookupMessage(language: string, key: MessageKey): Message | undefined {
  return registry.get(language.toLowerCase())?.get(key);
}

registerMessages('en', en);
registerMessages('es', es);
registerMessages('ar', ar);
