import { html, nothing, type TemplateResult } from 'lit';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';
import type { LatchOnramp } from './latch-onramp.ts';
import { MIN_FIAT_AMOUNT, type OnrampField, type OnrampFormValues } from './onramp-form.ts';
import {
  countryName,
  CRYPTO_NAMES,
  currencyLabel,
  NETWORK_NAMES,
  ONRAMP_CRYPTO_CURRENCIES,
  ONRAMP_FIAT_CURRENCIES,
  ONRAMP_NETWORKS,
  ONRAMP_PAYMENT_METHODS,
  ONRAMP_PROVIDERS,
  suffixOf,
} from './onramp-options.ts';

/** The id of each checked field's input (its error is `<id>-error`). */
export const FIELD_IDS: Readonly<Record<OnrampField, string>> = { amount: 'amount', country: 'country', subdivision: 'subdivision', walletAddress: 'address' };

/** What `<latch-onramp>`'s form shows and calls. */
export interface OnrampFormState {
  /** The form's values: the element's, each checked against the options, and the default address. */
  values: OnrampFormValues;
  locale: string;
  /** The purchase is being asked for: the fields are disabled. */
  starting: boolean;
  /** What is wrong with each field, shown under it. */
  problems: Partial<Record<OnrampField, { key: MessageKey; params?: Record<string, string | number> }>>;
  /** The element, whose properties the selects and the sandbox checkbox set. */
  host: Pick<LatchOnramp, 'provider' | 'network' | 'cryptoCurrency' | 'fiatCurrency' | 'paymentMethod' | 'sandbox'>;
  t: (key: MessageKey, params?: MessageParams) => string;
  onSubmit: (event: SubmitEvent) => void;
  /** A checked field was typed in. */
  onEdit: (field: OnrampField, value: string) => void;
  /** A checked field was left: `show` reveals a new problem. */
  onRecheck: (field: OnrampField, show: boolean) => void;
}

function problem(s: OnrampFormState, field: OnrampField): string | undefined {
  const found = s.problems[field];
  return found ? s.t(found.key, found.params) : undefined;
}

function fieldError(s: OnrampFormState, field: OnrampField): TemplateResult {
  const message = problem(s, field);
  return html`<div part="field-error" id=${`${FIELD_IDS[field]}-error`} class="field-error">${message ?? nothing}</div>`;
}

function invalid(s: OnrampFormState, field: OnrampField): 'true' | 'false' {
  return s.problems[field] ? 'true' : 'false';
}

/**
 * The purchase form: provider, network, coin, currency, amount, payment method, country, state,
 * destination address and sandbox, each with its label, hint and error.
 */
export function renderOnrampForm(s: OnrampFormState): TemplateResult {
  const v = s.values;
  const locale = s.locale;
  const t = s.t;
  const host = s.host;
  const country = v.country.trim().toUpperCase();
  const countryLabel = country.length === 2 ? countryName(locale, country) : undefined;
  const us = country === 'US';
  const starting = s.starting;
  const select = <T extends string>(id: string, partName: string, label: string, options: readonly T[], value: T, text: (option: T) => string, onChange: (value: T) => void) => html`
    <div class="field">
      <label for=${id}>${label}</label>
      <select part=${partName} id=${id} ?disabled=${starting} @change=${(e: Event) => onChange((e.target as HTMLSelectElement).value as T)}>
        ${options.map((option) => html`<option value=${option} ?selected=${option === value}>${text(option)}</option>`)}
      </select>
    </div>
  `;
  return html`
    <form part="form" class="form" novalidate @submit=${s.onSubmit}>
      ${select('provider', 'provider', t('onramp.provider'), ONRAMP_PROVIDERS, v.provider, (p) => t(`onramp.provider.${p.slice('FIAT_ON_RAMP_PROVIDER_'.length) as 'COINBASE' | 'MOONPAY'}`), (p) => (host.provider = p))}
      ${select('network', 'network', t('onramp.network'), ONRAMP_NETWORKS, v.network, (n) => NETWORK_NAMES[n], (n) => (host.network = n))}
      ${select('crypto', 'crypto-currency', t('onramp.crypto'), ONRAMP_CRYPTO_CURRENCIES, v.cryptoCurrency, (c) => CRYPTO_NAMES[c], (c) => (host.cryptoCurrency = c))}
      ${select('fiat', 'fiat-currency', t('onramp.fiat'), ONRAMP_FIAT_CURRENCIES, v.fiatCurrency, (c) => currencyLabel(locale, c), (c) => (host.fiatCurrency = c))}
      <div class="field">
        <label for="amount">${t('onramp.amount')}</label>
        <input
          part="amount"
          id="amount"
          type="text"
          inputmode="decimal"
          autocomplete="transaction-amount"
          .value=${v.amount}
          ?disabled=${starting}
          aria-invalid=${invalid(s, 'amount')}
          aria-describedby="amount-hint amount-error"
          @input=${(e: Event) => s.onEdit('amount', (e.target as HTMLInputElement).value)}
          @change=${() => s.onRecheck('amount', true)}
        />
        <div id="amount-hint" class="hint">${t('onramp.amountHint', { min: MIN_FIAT_AMOUNT })}</div>
        ${fieldError(s, 'amount')}
      </div>
      ${select('payment', 'payment-method', t('onramp.payment'), ONRAMP_PAYMENT_METHODS, v.paymentMethod, (m) => t(`onramp.pay.${suffixOf(m, 'FIAT_ON_RAMP_PAYMENT_METHOD_')}` as MessageKey), (m) => (host.paymentMethod = m))}
      <div class="field">
        <label for="country">${t('onramp.country')}</label>
        <input
          part="country"
          id="country"
          type="text"
          maxlength="2"
          autocomplete="country"
          autocapitalize="characters"
          spellcheck="false"
          .value=${v.country}
          ?disabled=${starting}
          aria-invalid=${invalid(s, 'country')}
          aria-describedby="country-hint country-name country-error"
          @input=${(e: Event) => s.onEdit('country', (e.target as HTMLInputElement).value.toUpperCase())}
          @change=${() => s.onRecheck('country', true)}
        />
        <div id="country-hint" class="hint">${t('onramp.countryHint')}</div>
        <div part="country-name" id="country-name" class="hint">${countryLabel ?? nothing}</div>
        ${fieldError(s, 'country')}
      </div>
      <div class="field">
        <label for="subdivision">${t('onramp.subdivision')}${us ? html`<span aria-hidden="true"> *</span>` : nothing}</label>
        <input
          part="subdivision"
          id="subdivision"
          type="text"
          autocomplete="address-level1"
          autocapitalize="characters"
          spellcheck="false"
          .value=${v.subdivision}
          ?disabled=${starting}
          ?required=${us}
          aria-invalid=${invalid(s, 'subdivision')}
          aria-describedby="subdivision-hint subdivision-error"
          @input=${(e: Event) => s.onEdit('subdivision', (e.target as HTMLInputElement).value)}
          @change=${() => s.onRecheck('subdivision', true)}
        />
        <div id="subdivision-hint" class="hint">${t('onramp.subdivisionHint')}</div>
        ${fieldError(s, 'subdivision')}
      </div>
      <div class="field wide">
        <label for="address">${t('onramp.address')}</label>
        <input
          part="wallet-address"
          id="address"
          type="text"
          autocomplete="off"
          spellcheck="false"
          dir="ltr"
          class="mono"
          .value=${v.walletAddress}
          ?disabled=${starting}
          aria-invalid=${invalid(s, 'walletAddress')}
          aria-describedby="address-error"
          @input=${(e: Event) => s.onEdit('walletAddress', (e.target as HTMLInputElement).value)}
        />
        ${fieldError(s, 'walletAddress')}
      </div>
      <label class="check wide">
        <input part="sandbox" type="checkbox" .checked=${host.sandbox} ?disabled=${starting} @change=${(e: Event) => (host.sandbox = (e.target as HTMLInputElement).checked)} />
        ${t('onramp.sandbox')}
      </label>
      <div class="row wide">
        <button part="submit" class="primary" type="submit" aria-disabled=${starting ? 'true' : 'false'}>
          ${starting ? t('onramp.starting') : t('onramp.submit')}
        </button>
      </div>
    </form>
  `;
}
