/**
 * The enumerations of init_fiat_on_ramp as the hosted service spells them (`@turnkey/sdk-types`
 * v1FiatOnRampProvider / v1FiatOnRampPaymentMethod; docs/protocol.md §9). The seed replaced the
 * provider and payment-app names with neutral words (PROVIDERA = COINBASE, PROVIDERB = MOONPAY,
 * WALLETA_PAY = APPLE_PAY, WALLETB_PAY = GOOGLE_PAY, PAYMENTAPPA = PAYPAL, PAYMENTAPPB = VENMO,
 * PROVIDERB_BALANCE = MOONPAY_BALANCE); the hosted service refuses those, and so does this one.
 */
const prefixed = <P extends string, S extends string>(prefix: P, suffixes: readonly S[]): `${P}${S}`[] =>
  suffixes.map((s) => `${prefix}${s}` as `${P}${S}`);

export const ONRAMP_PROVIDERS = ['FIAT_ON_RAMP_PROVIDER_COINBASE', 'FIAT_ON_RAMP_PROVIDER_MOONPAY'] as const;

export const ONRAMP_NETWORKS = prefixed('FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_', ['BITCOIN', 'ETHEREUM', 'SOLANA', 'BASE'] as const);

export const ONRAMP_CRYPTO_CURRENCIES = prefixed('FIAT_ON_RAMP_CRYPTO_CURRENCY_', ['BTC', 'ETH', 'SOL', 'USDC'] as const);

export const ONRAMP_FIAT_CURRENCIES = prefixed('FIAT_ON_RAMP_CURRENCY_', [
  'AUD', 'BGN', 'BRL', 'CAD', 'CHF', 'COP', 'CZK', 'DKK', 'DOP', 'EGP', 'EUR', 'GBP',
  'HKD', 'IDR', 'ILS', 'JOD', 'KES', 'KWD', 'LKR', 'MXN', 'NGN', 'NOK', 'NZD', 'OMR',
  'PEN', 'PLN', 'RON', 'SEK', 'THB', 'TRY', 'TWD', 'USD', 'VND', 'ZAR',
] as const);

export const ONRAMP_PAYMENT_METHODS = prefixed('FIAT_ON_RAMP_PAYMENT_METHOD_', [
  'CREDIT_DEBIT_CARD', 'APPLE_PAY', 'GBP_BANK_TRANSFER', 'GBP_OPEN_BANKING_PAYMENT',
  'GOOGLE_PAY', 'SEPA_BANK_TRANSFER', 'PIX_INSTANT_PAYMENT', 'PAYPAL', 'VENMO',
  'MOONPAY_BALANCE', 'CRYPTO_ACCOUNT', 'FIAT_WALLET', 'ACH_BANK_ACCOUNT',
] as const);

/**
 * (ours) Which coin can be bought on which network: BTC on Bitcoin, SOL on Solana, ETH on
 * Ethereum and Base, USDC on Ethereum, Base and Solana. A provider refuses other pairs.
 */
export const CURRENCY_NETWORKS: Readonly<Record<string, readonly string[]>> = {
  FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC: ['FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN'],
  FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL: ['FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA'],
  FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH: ['FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM', 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE'],
  FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC: [
    'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM',
    'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE',
    'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA',
  ],
};

/** (ours) Destination address shapes per network, so a purchase cannot go to a malformed address. */
export const ADDRESS_PATTERNS: Readonly<Record<string, RegExp>> = {
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM: /^0x[0-9a-fA-F]{40}$/,
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE: /^0x[0-9a-fA-F]{40}$/,
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN: /^(?:(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,34})$/,
};

/** On-ramp transaction statuses (ours: the hosted values are not published). */
export const OnRampStatus = {
  PENDING: 'PENDING',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
} as const;
export type OnRampStatus = (typeof OnRampStatus)[keyof typeof OnRampStatus];
