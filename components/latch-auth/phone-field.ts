/**
 * `<latch-auth>`'s phone field, once someone uses it: a country picker before the field (flag and
 * calling code; a searchable list of every country and region, named in the element's language),
 * the number formatted as it is typed, checked for the country before anything is sent, and given
 * as E.164. A number typed or pasted with its own `+` code switches the country.
 *
 * Loaded the first time the field takes focus, so a page pays nothing for it until then, and the
 * field works without it (E.164 typed by hand): its strings, styles and libphonenumber-js come with
 * it. It renders inside the drop-in's own shadow root, next to the drop-in's `<input id="sms">`
 * (the same node before and after: focus and what was typed stay).
 *
 * The list follows the ARIA combobox pattern: the button (`aria-expanded`) opens a panel whose
 * search field is a combobox (`aria-controls` the listbox, `aria-activedescendant` the active
 * option). Type to filter (a name or a word of it, a calling code, an ISO code); ArrowDown/ArrowUp
 * move; Enter picks and returns to the number; Escape closes and returns to the button; Tab closes
 * and goes on to the number (Shift+Tab: back to the button); a click elsewhere closes. On the button, ArrowDown/ArrowUp open the list and a letter opens it
 * searching for that letter.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';
import { LatchPhoneCountryEvent } from './latch-phone-country-event.ts';
import './phone-field.messages.ts';
import { phoneStyles } from './phone-field.styles.ts';
import {
  callingCode,
  COUNTRIES,
  countryFrom,
  exampleNumber,
  flag,
  formatTyping,
  nationalDigits,
  toE164,
  typedDigits,
  type CountryCode,
} from './phone-numbers.ts';

interface Country {
  readonly code: CountryCode;
  readonly name: string;
  readonly calling: string;
  /** The name without accents, lower case, and its words: what a search matches. */
  readonly folded: string;
  readonly words: readonly string[];
}

const fold = (text: string, locale: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale);

const lists = new Map<string, readonly Country[]>();

/** Every country, named in `locale` (Intl.DisplayNames) and sorted in its order. */
function countryList(locale: string): readonly Country[] {
  let list = lists.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    list = COUNTRIES.map((code) => {
      const name = names.of(code) ?? code;
      const folded = fold(name, locale);
      return { code, name, calling: callingCode(code), folded, words: folded.split(/[\s,()'’.-]+/u).filter(Boolean) };
    }).sort((a, b) => collator.compare(a.name, b.name));
    lists.set(locale, list);
  }
  return list;
}

/** Countries whose name (or a word of it) starts with `query`, or whose calling code does (`+44`, `44`), or whose code it is (`gb`). */
export function searchCountries(list: readonly Country[], query: string, locale: string): readonly Country[] {
  const folded = fold(query.trim(), locale);
  if (!folded) return list;
  const digits = typedDigits(query).replace('+', '');
  if (digits && !/\p{L}/u.test(query)) return list.filter((country) => country.calling.startsWith(digits));
  return list.filter((country) => country.folded.startsWith(folded) || country.words.some((word) => word.startsWith(folded)) || country.code.toLowerCase() === folded);
}

// An example number inside right-to-left text keeps its left-to-right order between these.
const LRI = '\u2066';
const PDI = '\u2069';

const keepFocus = (event: Event): void => event.preventDefault();

/** What the phone field needs from `<latch-auth>`. */
export interface PhoneHost extends HTMLElement {
  readonly locale: string | undefined;
  readonly resolvedLocale: string;
  readonly resolvedKit: LatchKit | undefined;
  readonly updateComplete: Promise<boolean>;
  t(key: MessageKey, params?: MessageParams): string;
  requestUpdate(): void;
}

export class PhoneField {
  readonly #host: PhoneHost;
  /** The country picked, or named by a `+` number (kept while the drop-in lives: back from the code step, after a logout). */
  #country: CountryCode | undefined;
  #open = false;
  #query = '';
  #active = 0;
  /** What the formatting last put in the field (so a deleted space can be told from a deleted digit). */
  #shown = '';

  constructor(host: PhoneHost) {
    this.#host = host;
    const root = host.shadowRoot;
    const sheet = phoneStyles.styleSheet;
    if (root && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    root?.addEventListener('input', this.#onInput);
  }

  /**
   * The country a number without `+` is read in: the one picked, else the region of the element's
   * `locale`, of the config's locale, of the page's `lang`, or of the first of the browser's
   * languages that has one; else US.
   */
  get country(): CountryCode {
    return (
      this.#country ??
      countryFrom([this.#host.locale, this.#host.resolvedKit?.config?.locale, globalThis.document?.documentElement.lang, ...(globalThis.navigator?.languages ?? [])])
    );
  }

  /**
   * Reads the field: `[E.164, '']` when it holds a valid number for the country (a `+` code in it
   * wins), else `['', message]`: "Enter a valid phone number for {country}, for example {example}.".
   */
  check(): [contact: string, error: string] {
    const country = this.country;
    const contact = toE164(this.#field()?.value ?? '', country);
    if (contact) return [contact, ''];
    const example = exampleNumber(country);
    const params = { country: this.#name(country), example: this.#host.getAttribute('dir') === 'rtl' ? LRI + example + PDI : example };
    return ['', this.#host.t(example ? 'phone.invalid' : 'phone.invalidIn', params)];
  }

  #field(): HTMLInputElement | null | undefined {
    return this.#host.shadowRoot?.querySelector<HTMLInputElement>('#sms');
  }

  #list(): readonly Country[] {
    return countryList(this.#host.resolvedLocale);
  }

  #matches(): readonly Country[] {
    return searchCountries(this.#list(), this.#query, this.#host.resolvedLocale);
  }

  #name(code: CountryCode): string {
    return this.#list().find((country) => country.code === code)?.name ?? code;
  }

  #setCountry(code: CountryCode): void {
    if (code === this.country) return;
    this.#country = code;
    this.#host.dispatchEvent(new LatchPhoneCountryEvent({ country: code }));
    this.#host.requestUpdate();
  }

  readonly #onInput = (event: Event): void => {
    const field = this.#field();
    if (field && event.target === field) this.#format(field, (event as InputEvent).inputType ?? '');
  };

  /** Formats the field for the country, keeping the caret after the same digit. */
  #format(field: HTMLInputElement, inputType: string): void {
    const value = field.value;
    let digits = typedDigits(value);
    let at = typedDigits(value.slice(0, field.selectionEnd ?? value.length)).length;
    // Deleting a space or bracket the formatting put there deletes the digit beside it instead.
    if (digits === typedDigits(this.#shown) && value !== this.#shown) {
      if (inputType === 'deleteContentBackward' && at > 0) {
        digits = digits.slice(0, at - 1) + digits.slice(at);
        at -= 1;
      } else if (inputType === 'deleteContentForward') digits = digits.slice(0, at) + digits.slice(at + 1);
    }
    const typed = formatTyping(digits, this.country);
    // A number with its own + code wins over the picker.
    if (typed.country) this.#setCountry(typed.country);
    this.#shown = typed.text;
    if (value === typed.text) return;
    field.value = typed.text;
    let position = 0;
    for (let seen = 0; seen < at && position < typed.text.length; position += 1) if (/[\d+]/.test(typed.text[position]!)) seen += 1;
    if (field.matches(':focus')) field.setSelectionRange(position, position);
  }

  #openList(query = ''): void {
    this.#open = true;
    this.#query = query;
    const current = this.country;
    this.#active = query ? 0 : Math.max(0, this.#matches().findIndex((country) => country.code === current));
    this.#shownActive(() => this.#part('country-search')?.focus());
  }

  #close(focus?: HTMLElement | null): void {
    this.#open = false;
    this.#host.requestUpdate();
    focus?.focus();
  }

  /** Re-renders, then runs `then` and scrolls the active option into view. */
  #shownActive(then?: () => void): void {
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => {
      then?.();
      this.#host.shadowRoot?.querySelector('[part~="country-option"][aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
    });
  }

  #part(name: string): HTMLElement | null | undefined {
    return this.#host.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`);
  }

  #choose(code: CountryCode): void {
    const field = this.#field();
    // A number written with another country's + code keeps its national digits, now read in the country picked.
    if (field && code !== this.country && typedDigits(field.value).startsWith('+')) field.value = nationalDigits(field.value) ?? field.value;
    this.#setCountry(code);
    this.#close(field);
    if (field) this.#format(field, '');
  }

  readonly #onButton = (): void => {
    if (this.#open) this.#close(this.#part('country'));
    else this.#openList();
  };

  readonly #onButtonKey = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      this.#openList();
    } else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type to search: a letter opens the list searching for it.
      event.preventDefault();
      this.#openList(event.key);
    }
  };

  readonly #onSearch = (event: Event): void => {
    this.#query = (event.target as HTMLInputElement).value;
    this.#active = 0;
    this.#shownActive();
  };

  readonly #onSearchKey = (event: KeyboardEvent): void => {
    const matches = this.#matches();
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (matches.length) this.#active = (this.#active + (event.key === 'ArrowDown' ? 1 : -1) + matches.length) % matches.length;
        this.#shownActive();
        break;
      case 'Enter': {
        // Picks; never submits the form.
        event.preventDefault();
        const country = matches[this.#active];
        if (country) this.#choose(country.code);
        break;
      }
      case 'Escape':
        // Handled here: a modal drop-in stays open.
        event.preventDefault();
        this.#close(this.#part('country'));
        break;
      case 'Tab':
        // Leaves the list: on to the number, or back to the button (the same in every engine).
        event.preventDefault();
        this.#close(event.shiftKey ? this.#part('country') : this.#field());
        break;
    }
  };

  readonly #onFocusOut = (event: FocusEvent): void => {
    const to = event.relatedTarget as Node | null;
    if (this.#open && !(to && (event.currentTarget as Node).contains(to))) this.#close();
  };

  /** The button and the list, rendered before the field. */
  render(): TemplateResult {
    const country = this.country;
    const open = this.#open;
    const matches = open ? this.#matches() : [];
    const active = matches[this.#active];
    const t = this.#host.t.bind(this.#host);
    // The hint of the expected form, before anything is typed.
    void this.#host.updateComplete.then(() => {
      const field = this.#field();
      if (field) field.placeholder = exampleNumber(this.country);
    });
    return html`<button
        part="country"
        class="country"
        type="button"
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls="country-popup"
        @mousedown=${keepFocus}
        @click=${this.#onButton}
        @keydown=${this.#onButtonKey}
      >
        <span part="country-flag" aria-hidden="true">${flag(country)}</span>
        <span class="visually-hidden">${t('phone.country', { country: this.#name(country) })}</span>
        <span part="calling-code" class="calling-code">+${callingCode(country)}</span>
      </button>
      <div part="country-popup" class="country-popup" id="country-popup" ?hidden=${!open} @focusout=${this.#onFocusOut}>
        <input
          part="country-search"
          class="input"
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls="country-list"
          aria-autocomplete="list"
          aria-activedescendant=${active ? `country-${active.code}` : nothing}
          aria-label=${t('phone.search')}
          autocomplete="off"
          spellcheck="false"
          .value=${this.#query}
          @input=${this.#onSearch}
          @keydown=${this.#onSearchKey}
        />
        <ul part="country-list" class="country-list" id="country-list" role="listbox" tabindex="-1" aria-label=${t('phone.countries')} ?hidden=${!matches.length} @mousedown=${keepFocus}>
          ${matches.map(
            (option) =>
              html`<li
                part="country-option"
                class="country-option"
                id="country-${option.code}"
                role="option"
                aria-selected=${option === active ? 'true' : 'false'}
                @click=${() => this.#choose(option.code)}
              >
                <span aria-hidden="true">${flag(option.code)}</span> <span class="country-name">${option.name}</span>
                <span class="calling-code">+${option.calling}</span>
              </li>`,
          )}
        </ul>
        <p part="country-none" class="country-none" role="status">${open && !matches.length ? t('phone.noMatch') : ''}</p>
      </div>`;
  }
}
