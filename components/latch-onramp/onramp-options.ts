/**
 * Every value of the seed's init_fiat_on_ramp enumerations, as the wire spells them, with what a
 * person reads for each (proper names here; translated words in onramp-messages.ts; currency and
 * country names from `Intl.DisplayNames` in the element's language).
 */
import type {
  AddressFormat,
  FiatOnRampCryptoCurrency,
  FiatOnRampCurrency,
  FiatOnRampNetwork,
  FiatOnRampPaymentMethod,
  FiatOnRampProvider,
} from '../../src/clients/activity-types.ts';

export const ONRAMP_PROVIDERS: readonly FiatOnRampProvider[] = ['FIAT_ON_RAMP_PROVIDER_COINBASE', 'FIAT_ON_RAMP_PROVIDER_MOONPAY'];

export const ONRAMP_NETWORKS: readonly FiatOnRampNetwork[] = [
  'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN',
  'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM',
  'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA',
  'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE',
];

export const ONRAMP_CRYPTO_CURRENCIES: readonly FiatOnRampCryptoCurrency[] = [
  'FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC',
  'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH',
  'FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL',
  'FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC',
];

const FIAT_CODES = [
  'AUD', 'BGN', 'BRL', 'CAD', 'CHF', 'COP', 'CZK', 'DKK', 'DOP', 'EGP', 'EUR', 'GBP',
  'HKD', 'IDR', 'ILS', 'JOD', 'KES', 'KWD', 'LKR', 'MXN', 'NGN', 'NOK', 'NZD', 'OMR',
  'PEN', 'PLN', 'RON', 'SEK', 'THB', 'TRY', 'TWD', 'USD', 'VND', 'ZAR',
] as const;

export const ONRAMP_FIAT_CURRENCIES: readonly FiatOnRampCurrency[] = FIAT_CODES.map((code) => `FIAT_ON_RAMP_CURRENCY_${code}` as const);

const PAYMENT_CODES = [
  'CREDIT_DEBIT_CARD', 'APPLE_PAY', 'GBP_BANK_TRANSFER', 'GBP_OPEN_BANKING_PAYMENT',
  'GOOGLE_PAY', 'SEPA_BANK_TRANSFER', 'PIX_INSTANT_PAYMENT', 'PAYPAL', 'VENMO',
  'MOONPAY_BALANCE', 'CRYPTO_ACCOUNT', 'FIAT_WALLET', 'ACH_BANK_ACCOUNT',
] as const;

export type PaymentCode = (typeof PAYMENT_CODES)[number];

export const ONRAMP_PAYMENT_METHODS: readonly FiatOnRampPaymentMethod[] = PAYMENT_CODES.map((code) => `FIAT_ON_RAMP_PAYMENT_METHOD_${code}` as const);

/** `FIAT_ON_RAMP_CURRENCY_USD` → `USD`. */
export const suffixOf = (value: string, prefix: string): string => (value.startsWith(prefix) ? value.slice(prefix.length) : value);

export const NETWORK_NAMES: Readonly<Record<FiatOnRampNetwork, string>> = {
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN: 'Bitcoin',
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM: 'Ethereum',
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA: 'Solana',
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE: 'Base',
};

export const CRYPTO_NAMES: Readonly<Record<FiatOnRampCryptoCurrency, string>> = {
  FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC: 'Bitcoin (BTC)',
  FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH: 'Ether (ETH)',
  FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL: 'Solana (SOL)',
  FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC: 'USD Coin (USDC)',
};

/** What a network's native coin is: the currency picked when the network changes. */
export const NETWORK_DEFAULT_CRYPTO: Readonly<Record<FiatOnRampNetwork, FiatOnRampCryptoCurrency>> = {
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC',
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH',
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL',
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH',
};

/** Whether an account of `format` can receive a purchase on `network` (the destination default). */
export function addressFitsNetwork(format: AddressFormat, network: FiatOnRampNetwork): boolean {
  switch (network) {
    case 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM':
    case 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE':
      return format === 'ADDRESS_FORMAT_ETHEREUM';
    case 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA':
      return format === 'ADDRESS_FORMAT_SOLANA';
    case 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN':
      return format.startsWith('ADDRESS_FORMAT_BITCOIN_');
    default:
      return false;
  }
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

function names(locale: string, type: 'currency' | 'region'): Intl.DisplayNames | null {
  const key = `${locale}|${type}`;
  if (!displayNames.has(key)) {
    let made: Intl.DisplayNames | null = null;
    try {
      made = new Intl.DisplayNames([locale, 'en'], { type, fallback: 'none' });
    } catch {
      made = null; // a runtime without DisplayNames shows the codes
    }
    displayNames.set(key, made);
  }
  return displayNames.get(key)!;
}

/** "US Dollar (USD)", "dólar estadounidense (USD)"… */
export function currencyLabel(locale: string, currency: FiatOnRampCurrency): string {
  const code = suffixOf(currency, 'FIAT_ON_RAMP_CURRENCY_');
  const name = names(locale, 'currency')?.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/**
 * The name of an ISO 3166-1 alpha-2 country in `locale`, or undefined when `code` is not an
 * assigned country: user-assigned codes (AA, QM–QZ, XA–XZ, ZZ "unknown region") and the
 * reserved EU, EZ and UN are not countries, though Intl names some of them. Where the runtime
 * cannot name regions, any two capital letters pass (the service has the last word).
 */
export function countryName(locale: string, code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || /^(AA|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN)$/.test(code)) return undefined;
  const regions = names(locale, 'region');
  if (!regions) return code;
  const name = regions.of(code);
  return name && name !== code ? name : undefined;
}
