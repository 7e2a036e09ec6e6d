/**
 * The message registry: language subtag → messages. English is built in (it is every key's
 * fallback); other languages load on demand, so a page pays only for the language it shows:
 * Spanish and Arabic are registered as loaders here. LatchElement awaits `loadMessages` before
 * rendering, so no English flashes first.
 *
 * `registerMessages` adds messages now (a language or an element's own keys, merged, later
 * wins); `registerMessageLoader` adds them when the language is first needed.
 */
import { en } from './en.ts';
import type { Message, MessageKey, Messages } from './messages.ts';

type Loader = () => Promise<Messages>;

const registry = new Map<string, Map<string, Message>>();
const loaders = new Map<string, Loader[]>();
const loading = new Map<string, Promise<void>>();

/** Adds `messages` to `language` (a primary subtag such as `fr`, case-insensitive). */
export function registerMessages(language: string, messages: Messages): void {
  const lang = language.toLowerCase();
  let table = registry.get(lang);
  if (!table) registry.set(lang, (table = new Map()));
  for (const [key, message] of Object.entries(messages)) if (message !== undefined) table.set(key, message);
}

/** Adds messages for `language` that load when it is first needed (e.g. `() => import('./fr.ts').then((m) => m.fr)`). */
export function registerMessageLoader(language: string, loader: Loader): void {
  const lang = language.toLowerCase();
  loaders.set(lang, [...(loaders.get(lang) ?? []), loader]);
}

/** True when `language` has messages, loaded or loadable. */
export function hasMessages(language: string): boolean {
  const lang = language.toLowerCase();
  return registry.has(lang) || loaders.has(lang);
}

/** True when nothing is left to load for `language`. */
export function messagesReady(language: string): boolean {
  return !loaders.has(language.toLowerCase());
}

/**
 * Runs `language`'s pending loaders (once). A loader that fails is dropped: its keys fall back
 * to English rather than leaving the element unrendered.
 */
export function loadMessages(language: string): Promise<void> {
  const lang = language.toLowerCase();
  const pending = loaders.get(lang);
  if (!pending) return Promise.resolve();
  let promise = loading.get(lang);
  if (!promise) {
    promise = Promise.all(
      pending.map((load) =>
        load().then(
          (messages) => registerMessages(lang, messages),
          () => undefined,
        ),
      ),
    ).then(() => {
      // Loaders registered while these ran stay pending for the next call.
      const left = (loaders.get(lang) ?? []).filter((load) => !pending.includes(load));
      if (left.length > 0) loaders.set(lang, left);
      else loaders.delete(lang);
      loading.delete(lang);
      if (!registry.has(lang)) registry.set(lang, new Map());
    });
    loading.set(lang, promise);
  }
  return promise;
}

/** The message for `key` in `language` (loaded messages only), or undefined. */
export function lookupMessage(language: string, key: MessageKey): Message | undefined {
  return registry.get(language.toLowerCase())?.get(key);
}

registerMessages('en', en);
registerMessageLoader('es', () => import('./es.ts').then((m) => m.es));
registerMessageLoader('ar', () => import('./ar.ts').then((m) => m.ar));
