/**
 * The on-ramp form's rules, checked before anything is sent (the seed's: a preset amount
 * greater than 20; a subdivision when the country is US; plus the shapes: an ISO 3166-1 alpha-2
 * country, a subdivision of it as the hosted intent wants it ("NY", not "US-NY"), a destination
 * address). Returns the
 * init_fiat_on_ramp parameters, or a message key per invalid field. Plain logic, no DOM.
 */
import type {
  FiatOnRampCryptoCurrency,
  FiatOnRampCurrency,
  FiatOnRampNetwork,
  FiatOnRampPaymentMethod,
  FiatOnRampProvider,
  InitFiatOnRampParameters,
} from '../../src/clients/activity-types.ts';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';
import { countryName } from './onramp-options.ts';

/** The seed's minimum: a preset amount must be greater than this. */
export const MIN_FIAT_AMOUNT = 20;

export interface OnrampFormValues {
  provider: FiatOnRampProvider;
  network: FiatOnRampNetwork;
  cryptoCurrency: FiatOnRampCryptoCurrency;
  fiatCurrency: FiatOnRampCurrency;
  paymentMethod: FiatOnRampPaymentMethod;
  amount: string;
  country: string;
  subdivision: string;
  walletAddress: string;
  sandbox: boolean;
}

export type OnrampField = 'amount' | 'country' | 'subdivision' | 'walletAddress';

export interface FieldProblem {
  key: MessageKey;
  params?: MessageParams;
}

export type OnrampCheck = { ok: true; parameters: InitFiatOnRampParameters } | { ok: false; problems: Partial<Record<OnrampField, FieldProblem>> };

/** "25", "25.5", "25,50" (a decimal comma is read as a point) → "25.50"-style string, or null. */
export function normalizeAmount(input: string): string | null {
  const value = input.trim().replace(/\s/g, '').replace(',', '.');
  return /^\d{1,15}(\.\d{1,8})?$/.test(value) ? value : null;
}

/**
 * The subdivision as the hosted intent documents it: the part of the ISO 3166-2 code after the
 * country ("e.g. NY"). "ny" → "NY"; the whole code of the chosen country, "us-ny" with US, → "NY".
 * Another country's whole code stays whole, for the check to refuse.
 */
export function normalizeSubdivision(input: string, country: string): string {
  const value = input.trim().toUpperCase();
  return country && value.startsWith(`${country}-`) ? value.slice(country.length + 1) : value;
}

export function checkOnrampForm(values: OnrampFormValues, locale: string): OnrampCheck {
  const problems: Partial<Record<OnrampField, FieldProblem>> = {};
  let amount: string | undefined;
  if (values.amount.trim() !== '') {
    const normalized = normalizeAmount(values.amount);
    if (normalized === null || !(Number(normalized) > MIN_FIAT_AMOUNT)) {
      problems.amount = { key: 'onramp.amountInvalid', params: { min: MIN_FIAT_AMOUNT } };
    } else {
      amount = normalized;
    }
  }
  const country = values.country.trim().toUpperCase();
  if (country !== '' && countryName(locale, country) === undefined) problems.country = { key: 'onramp.countryInvalid' };
  const subdivision = normalizeSubdivision(values.subdivision, country);
  if (country === 'US' && subdivision === '') {
    problems.subdivision = { key: 'onramp.subdivisionRequired' };
  } else if (subdivision !== '' && !/^[A-Z0-9]{1,3}$/.test(subdivision)) {
    const place = country || 'US';
    problems.subdivision = {
      key: 'onramp.subdivisionInvalid',
      params: { country: countryName(locale, place) ?? place, example: place === 'US' ? 'NY' : '01' },
    };
  }
  const walletAddress = values.walletAddress.trim();
  if (walletAddress === '') problems.walletAddress = { key: 'onramp.addressMissing' };
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    parameters: {
      onrampProvider: values.provider,
      walletAddress,
      network: values.network,
      cryptoCurrencyCode: values.cryptoCurrency,
      fiatCurrencyCode: values.fiatCurrency,
      paymentMethod: values.paymentMethod,
      ...(amount !== undefined ? { fiatCurrencyAmount: amount } : {}),
      ...(country ? { countryCode: country } : {}),
      ...(subdivision ? { countrySubdivisionCode: subdivision } : {}),
      sandboxMode: values.sandbox,
    },
  };
}
