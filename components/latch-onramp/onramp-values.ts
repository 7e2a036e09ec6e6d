/**
 * The on-ramp form's values from `<latch-onramp>`'s settings: an unknown enum value falls back
 * to its default (an attribute may hold anything), and the destination is what was typed or set,
 * else the user's first account on the chosen network.
 */
import type { FiatOnRampNetwork, WalletAccount } from '../../src/clients/activity-types.ts';
import type { OnrampFormValues } from './onramp-form.ts';
import {
  addressFitsNetwork,
  NETWORK_DEFAULT_CRYPTO,
  ONRAMP_CRYPTO_CURRENCIES,
  ONRAMP_FIAT_CURRENCIES,
  ONRAMP_NETWORKS,
  ONRAMP_PAYMENT_METHODS,
  ONRAMP_PROVIDERS,
} from './onramp-options.ts';

/** What the element's attributes hold: strings that should be enum values, and the rest. */
export type OnrampSettings = { [K in 'provider' | 'network' | 'cryptoCurrency' | 'fiatCurrency' | 'paymentMethod' | 'amount' | 'country' | 'subdivision' | 'walletAddress']: string | undefined } & { sandbox: boolean };

const pick = <T extends string>(allowed: readonly T[], value: string | undefined, fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

/** The chosen network, or Ethereum when the setting is not one. */
export function onrampNetwork(network: string | undefined): FiatOnRampNetwork {
  return pick(ONRAMP_NETWORKS, network, 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM');
}

export function onrampValues(settings: OnrampSettings, accounts: readonly WalletAccount[]): OnrampFormValues {
  const network = onrampNetwork(settings.network);
  return {
    provider: pick(ONRAMP_PROVIDERS, settings.provider, 'FIAT_ON_RAMP_PROVIDER_COINBASE'),
    network,
    cryptoCurrency: pick(ONRAMP_CRYPTO_CURRENCIES, settings.cryptoCurrency, NETWORK_DEFAULT_CRYPTO[network]),
    fiatCurrency: pick(ONRAMP_FIAT_CURRENCIES, settings.fiatCurrency, 'FIAT_ON_RAMP_CURRENCY_USD'),
    paymentMethod: pick(ONRAMP_PAYMENT_METHODS, settings.paymentMethod, 'FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD'),
    amount: settings.amount ?? '',
    country: settings.country ?? '',
    subdivision: settings.subdivision ?? '',
    walletAddress: settings.walletAddress || (accounts.find((a) => addressFitsNetwork(a.addressFormat, network))?.address ?? ''),
    sandbox: settings.sandbox,
  };
}
