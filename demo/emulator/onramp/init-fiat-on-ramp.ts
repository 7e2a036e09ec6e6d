/**
 * init_fiat_on_ramp with every rule of the seed: the provider, network, crypto and fiat
 * currency and payment method enums; a preset amount greater than 20; an ISO 3166-1 country,
 * with a subdivision (the part after "US-" of its ISO 3166-2 code) required for US purchasers. The emulator never reaches a real
 * provider, sandboxMode or not: the flow's URL is the emulator's sandbox provider page
 * (sandbox-page.ts), whose buttons complete or fail the transaction.
 */
import { invalidRequest } from '../http/service-error.ts';
import { optionalBoolean, optionalEnum, optionalString, requireEnum, requireString } from '../http/fields.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { ISO_COUNTRY_CODES, US_SUBDIVISION_CODES } from './iso-3166.ts';
import {
  ADDRESS_PATTERNS,
  CURRENCY_NETWORKS,
  ONRAMP_CRYPTO_CURRENCIES,
  ONRAMP_FIAT_CURRENCIES,
  ONRAMP_NETWORKS,
  ONRAMP_PAYMENT_METHODS,
  ONRAMP_PROVIDERS,
  OnRampStatus,
} from './onramp-enums.ts';
import { signOnRampUrl } from './url-signature.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { JsonObject } from '../http/fields.ts';
import type { Tx } from '../state/store.ts';
import type { FiatOnRampCredentialRecord, OnRampTransactionRecord } from './onramp-records.ts';

const W = 'parameters';
/** Where the sandbox provider pages live on the Activity API origin. */
export const SANDBOX_PATH = '/__onramp';

/** A plain decimal ("25", "25.50"), strictly greater than 20. */
function checkAmount(parameters: JsonObject): string | undefined {
  const value = parameters.fiatCurrencyAmount;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}(\.\d{1,8})?$/.test(value)) {
    throw invalidRequest(`${W}.fiatCurrencyAmount must be a decimal amount as a string, e.g. "25.00".`);
  }
  if (!(Number(value) > 20)) throw invalidRequest(`${W}.fiatCurrencyAmount must be greater than 20.`);
  return value;
}

/**
 * The hosted intent documents `countrySubdivisionCode` as the subdivision part of an ISO 3166-2
 * code ("two-digit … e.g. NY", passed on to the provider as the purchaser's state), not the whole
 * code ("US-NY"): @turnkey/sdk-types' v1InitFiatOnRampIntent. One to three letters or digits.
 */
function checkCountry(parameters: JsonObject): { countryCode?: string; countrySubdivisionCode?: string } {
  const country = optionalString(parameters, 'countryCode', W, { max: 16 });
  const subdivision = optionalString(parameters, 'countrySubdivisionCode', W, { max: 16 });
  if (country !== undefined && !ISO_COUNTRY_CODES.has(country)) {
    throw invalidRequest(`${W}.countryCode must be an ISO 3166-1 two-letter country code, e.g. "US".`);
  }
  if (country === 'US' && subdivision === undefined) {
    throw invalidRequest(`${W}.countrySubdivisionCode is required when countryCode is US (the state's code, e.g. "NY").`);
  }
  if (subdivision !== undefined) {
    if (!/^[A-Z0-9]{1,3}$/.test(subdivision)) {
      throw invalidRequest(`${W}.countrySubdivisionCode must be the subdivision part of an ISO 3166-2 code, e.g. "NY" (not "US-NY").`);
    }
    if (country === 'US' && !US_SUBDIVISION_CODES.has(`US-${subdivision}`)) {
      throw invalidRequest(`${W}.countrySubdivisionCode is not a subdivision of the United States.`);
    }
  }
  return { ...(country !== undefined ? { countryCode: country } : {}), ...(subdivision !== undefined ? { countrySubdivisionCode: subdivision } : {}) };
}

function checkUrlForSignature(parameters: JsonObject): URL | undefined {
  const value = optionalString(parameters, 'urlForSignature', W, { max: 4096 });
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch (error) {
    throw invalidRequest(`${W}.urlForSignature must be an absolute URL.`, error);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidRequest(`${W}.urlForSignature must be an http(s) URL.`);
  return url;
}

/** The organization's credential for `provider`, provisioned on first use. */
export function credentialFor(tx: Tx, organizationId: string, provider: string, now: number): FiatOnRampCredentialRecord {
  const existing = tx.fiatOnRampCredentials.findBy('organizationId', organizationId).find((c) => c.onrampProvider === provider);
  if (existing) return existing;
  const credential: FiatOnRampCredentialRecord = {
    id: crypto.randomUUID(),
    organizationId,
    onrampProvider: provider,
    publishableApiKey: `pk_test_${toHex(crypto.getRandomValues(new Uint8Array(12)))}`,
    secretHex: toHex(crypto.getRandomValues(new Uint8Array(32))),
    createdAt: now,
    updatedAt: now,
  };
  return tx.fiatOnRampCredentials.put(credential);
}

export function sandboxUrl(apiUrl: string, transaction: OnRampTransactionRecord): string {
  const url = new URL(`${apiUrl}${SANDBOX_PATH}/${encodeURIComponent(transaction.id)}`);
  // Widget-style parameters: what the provider's page would be opened with.
  url.searchParams.set('provider', transaction.onrampProvider);
  url.searchParams.set('walletAddress', transaction.walletAddress);
  url.searchParams.set('currencyCode', transaction.cryptoCurrencyCode);
  if (transaction.fiatCurrencyCode) url.searchParams.set('baseCurrencyCode', transaction.fiatCurrencyCode);
  if (transaction.fiatCurrencyAmount) url.searchParams.set('baseCurrencyAmount', transaction.fiatCurrencyAmount);
  return url.toString();
}

export const initFiatOnRamp: ActivityHandler = {
  async run({ ctx, tx, organization, parameters, activityId, now }) {
    const onrampProvider = requireEnum(parameters, 'onrampProvider', ONRAMP_PROVIDERS, W);
    const network = requireEnum(parameters, 'network', ONRAMP_NETWORKS, W);
    const cryptoCurrencyCode = requireEnum(parameters, 'cryptoCurrencyCode', ONRAMP_CRYPTO_CURRENCIES, W);
    const walletAddress = requireString(parameters, 'walletAddress', W, { max: 128 });
    const fiatCurrencyCode = optionalEnum(parameters, 'fiatCurrencyCode', ONRAMP_FIAT_CURRENCIES, W);
    const paymentMethod = optionalEnum(parameters, 'paymentMethod', ONRAMP_PAYMENT_METHODS, W);
    const fiatCurrencyAmount = checkAmount(parameters);
    const country = checkCountry(parameters);
    const sandboxMode = optionalBoolean(parameters, 'sandboxMode', W) ?? false;
    const urlForSignature = checkUrlForSignature(parameters);
    if (!CURRENCY_NETWORKS[cryptoCurrencyCode]!.includes(network)) {
      throw invalidRequest(`${W}.cryptoCurrencyCode cannot be bought on this network.`);
    }
    if (!ADDRESS_PATTERNS[network]!.test(walletAddress)) throw invalidRequest(`${W}.walletAddress is not an address on this network.`);

    const credential = credentialFor(tx, organization.id, onrampProvider, now);
    const transaction: OnRampTransactionRecord = {
      id: crypto.randomUUID(),
      organizationId: organization.id,
      activityId,
      credentialId: credential.id,
      onrampProvider,
      walletAddress,
      network,
      cryptoCurrencyCode,
      ...(fiatCurrencyCode ? { fiatCurrencyCode } : {}),
      ...(fiatCurrencyAmount ? { fiatCurrencyAmount } : {}),
      ...(paymentMethod ? { paymentMethod } : {}),
      ...country,
      sandboxMode,
      status: OnRampStatus.PENDING,
      createdAt: now,
      updatedAt: now,
    };
    tx.onRampTransactions.put(transaction);
    const result: JsonObject = { onRampUrl: sandboxUrl(ctx.urls.apiUrl, transaction), onRampTransactionId: transaction.id };
    if (urlForSignature) result.onRampUrlSignature = await signOnRampUrl(credential.secretHex, urlForSignature);
    return result;
  },
};
