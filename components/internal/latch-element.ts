/**
 * LatchElement: the base of every `latch-*` element. It gives a subclass
 *
 * - `locale` (attribute): the language, resolved as attribute → config `locale` →
 *   `navigator.languages` → English (`resolvedLocale`), with `dir` and `lang` kept on the host so
 *   right-to-left languages mirror the layout (styles use logical properties only);
 * - `t(key, params)`: the translated string, with the config's `copy` overrides applied (a
 *   language's catalogue loads on first use; the element waits for it before rendering);
 * - `errorText(error)`: the translated message of a LatchError's code;
 * - `config` (property): the wallet_kit_config it follows, by default the kit's `$config` store
 *   (the element re-renders when the store changes);
 * - theming: the config's `theme` as `--latch-config-*` on the host (CSSOM only), the token
 *   cascade and base styles (`static styles`; extend with `[...LatchElement.styles, own]`),
 *   and `accent` (attribute): a per-element primary color, set as `--accent` on the host;
 * - `static define(tag?)`: idempotent registration under the class's `tag`.
 *
 * Conventions for subclasses: the outermost rendered node is `part="base"`; every meaningful
 * node has a `part`; events are the typed classes of events.ts, dispatched on `this` from user
 * actions only; elements never fetch: they call src/ flows and read src/ stores.
 *
 * @cssproperty --accent - Primary color of this element only (the `accent` attribute sets it). Defaults to `--latch-color-primary`.
 * @cssproperty --latch-* - The global design tokens: see components/styles/tokens.ts for the full, documented list.
 */
import { LitElement, type CSSResultGroup, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { WalletKitConfig } from '../../src/clients/proxy-types.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import { $config } from '../../src/state/config-state.ts';
import { loadMessages, messagesReady } from '../i18n/catalogues.ts';
import { browserLanguages, isRtl, languageOf, resolveLocale, DEFAULT_LOCALE } from '../i18n/locale.ts';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';
import { errorMessageKey, translate } from '../i18n/translate.ts';
import { baseStyles } from '../styles/base-styles.ts';
import { isSafeCssValue, themeFromConfig } from '../styles/theme-from-config.ts';
import { tokenStyles } from '../styles/token-styles.ts';
import { defineElement } from './define-element.ts';
import { StoreController } from './store-controller.ts';

export class LatchElement extends LitElement {
  /** The tag `define()` registers. Every concrete element overrides it. */
  static readonly tag: string = '';

  /**
   * Registers this class as `tag` (default: the class's `tag`) unless the tag is already
   * defined. Safe to call any number of times, and a no-op without `customElements`.
   * Elements that render other `latch-*` elements define those too.
   */
  static define(tag: string = this.tag): boolean {
    if (!tag) throw new LatchError('ERR_INPUT_INVALID', 'define() needs a tag: set static tag on the element class.');
    return defineElement(tag, this);
  }

  static override styles: CSSResultGroup = [tokenStyles, baseStyles];

  // Lit's static declaration rather than decorators: the decorator helpers are no code a page's
  // first load should carry (the drop-in's initial chunk has a size budget).
  static override properties: PropertyDeclarations = {
    locale: {},
    accent: {},
    config: { attribute: false },
  };

  /**
   * BCP 47 language tag (`es`, `ar-EG`…). Overrides the config's locale and the browser's. A
   * language without a catalogue falls through to the next source.
   */
  locale: string | undefined;

  /** Primary color of this element (any CSS color). Overrides the config and the page's `--latch-color-primary`. */
  accent: string | undefined;

  /** The wallet_kit_config to follow (theme, locale, copy). Defaults to the kit's `$config` store. */
  config: WalletKitConfig | null | undefined;

  readonly #configStore = new StoreController(this, $config);
  #locale: string = DEFAULT_LOCALE;
  /** Custom properties this element set on its host, so it removes only its own. */
  #applied: Record<string, string> = {};

  /** The locale the element speaks now (after the last update). */
  get resolvedLocale(): string {
    return this.#locale;
  }

  /** `config` if set, else the kit's `$config`, else null. */
  protected get effectiveConfig(): WalletKitConfig | null {
    return this.config ?? this.#configStore.value ?? null;
  }

  /** The string for `key` in the element's locale (config `copy` first). */
  t(key: MessageKey, params?: MessageParams): string {
    return translate(this.#locale, key, params, this.effectiveConfig?.copy);
  }

  /** A person-readable, translated message for a failure (by its LatchError code). */
  errorText(error: unknown): string {
    return this.t(errorMessageKey(error));
  }

  #resolveLocale(): string {
    return resolveLocale({ attribute: this.locale, config: this.effectiveConfig?.locale, languages: browserLanguages() });
  }

  // A language other than English loads on first use: hold the update until it has, so the
  // element never shows English first. (`updateComplete` includes the wait.)
  protected override scheduleUpdate(): void | Promise<unknown> {
    const language = languageOf(this.#resolveLocale());
    if (messagesReady(language)) return super.scheduleUpdate();
    return loadMessages(language).then(() => super.scheduleUpdate());
  }

  // willUpdate, not updated: locale, direction and theme are in place before the first paint.
  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const config = this.effectiveConfig;
    this.#locale = this.#resolveLocale();
    this.#setHostAttribute('dir', isRtl(this.#locale) ? 'rtl' : 'ltr');
    this.#setHostAttribute('lang', this.#locale);
    this.#applyTheme(config);
  }

  #setHostAttribute(name: string, value: string): void {
    if (this.getAttribute(name) !== value) this.setAttribute(name, value);
  }

  #applyTheme(config: WalletKitConfig | null): void {
    // Server-side rendering shims have no CSSOM; the browser applies the theme on upgrade.
    const style = (this as { style?: CSSStyleDeclaration }).style;
    if (!style) return;
    const wanted: Record<string, string> = { ...themeFromConfig(config) };
    if (isSafeCssValue(this.accent)) wanted['--accent'] = this.accent.trim();
    for (const name of Object.keys(this.#applied)) if (!(name in wanted)) style.removeProperty(name);
    for (const [name, value] of Object.entries(wanted)) {
      if (this.#applied[name] !== value) style.setProperty(name, value);
    }
    this.#applied = wanted;
  }
}
