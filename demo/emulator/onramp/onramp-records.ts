/** What the on-ramp stores (tables `onRampTransactions` and `fiatOnRampCredentials` of the state). */
import type { BaseRecord, Stamped } from '../state/records.ts';

export interface OnRampTransactionRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  /** The init_fiat_on_ramp activity that started it. */
  readonly activityId: string;
  /** The credential whose secret signs this flow's URLs. */
  readonly credentialId: string;
  readonly onrampProvider: string;
  readonly walletAddress: string;
  readonly network: string;
  readonly cryptoCurrencyCode: string;
  readonly fiatCurrencyCode?: string;
  readonly fiatCurrencyAmount?: string;
  readonly paymentMethod?: string;
  readonly countryCode?: string;
  readonly countrySubdivisionCode?: string;
  readonly sandboxMode: boolean;
  readonly status: string;
}

/**
 * A provider credential of an organization. The hosted service stores the keys an
 * organization uploads; the emulator provisions a sandbox credential on an organization's first
 * on-ramp with a provider, and delete_fiat_on_ramp_credential removes it (the next on-ramp
 * provisions a fresh one, with a new secret).
 */
export interface FiatOnRampCredentialRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly onrampProvider: string;
  readonly publishableApiKey: string;
  /** HMAC-SHA256 key (hex) that signs widget URLs (onRampUrlSignature). */
  readonly secretHex: string;
}
