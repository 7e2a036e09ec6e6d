/**
 * What a page configures a `LatchKit` with (`new LatchKit(options)`, `configure()`): the service's
 * addresses and pins, and every browser-only part, each injectable. Types only.
 */
import type { KeyStore } from '../keys/key-store.ts';
import type { CaptchaProvider } from '../captcha/captcha.ts';
import type { SessionStore } from '../session/session-store.ts';
import type { SessionChannel } from '../session/session-channel.ts';
import type { SessionSlots } from '../session/session-slots.ts';
import type { AccountsChannel } from './accounts-channel.ts';
import type { AutoRefreshOptions } from '../session/session-auto-refresh.ts';
import type { PendingOtpStore } from '../flows/magic-link.ts';
import type { PendingOAuthStore } from '../flows/oauth-flow.ts';
import type { PopupHost } from '../flows/oauth-popup.ts';
import type { OAuthProvider } from '../flows/oauth-providers.ts';
import type { ConfigStorage } from './config-cache.ts';

/** The pins App Proofs are verified against (see LatchKitOptions.proofTrust). */
export interface ProofTrust {
  trustedRootSha256?: string;
  expectedPcrs?: Partial<Record<0 | 1 | 2 | 3, string>>;
}

export interface LatchKitOptions {
  /**
   * Development only: the local emulator's URL (`http://localhost:8787`). The kit reads its
   * `/__keys` before its first call and takes from there `proxyUrl`, `apiBaseUrl`,
   * `notarizerPublicKey`, `enclavePublicKey`, `otpEncryptionSignerPublicKey`, the App Proof root
   * and the emulator's OAuth provider (options given here win). Only a loopback URL (localhost,
   * 127.0.0.0/8, [::1]) on a loopback page: anything else is ERR_CONFIG_INVALID before any fetch.
   */
  emulator?: string;
  /** The auth proxy's base URL. Default: the hosted auth proxy. */
  proxyUrl?: string;
  /** The auth proxy configuration id (sent as `X-Auth-Proxy-Config-Id`). Required. */
  configId: string;
  /** The Activity API base URL (sessions, passkey logins). Default: the hosted one. */
  apiBaseUrl?: string;
  /** Trusted notarizer key (hex) for session JWTs. Default: the hosted service's. */
  notarizerPublicKey?: string;
  /** Pinned enclave key (hex) for export bundles. Default: the hosted service's. */
  enclavePublicKey?: string;
  /**
   * Pinned signer (hex) of the current OTP generation's encryption target (hosted: the service's
   * TLS-fetcher key; the emulator's is in its `/__keys`). Set, OTP logins use that generation:
   * the code is sealed to the enclave and the proxy never reads it. Unset: the seed's otp_init /
   * otp_verify.
   */
  otpEncryptionSignerPublicKey?: string;
  /**
   * What App Proofs are held to, for every element that shows them (`<latch-proof-badge>`, the
   * wallet, the sign-up) unless the element sets its own: `trustedRootSha256` (default the AWS
   * Nitro root; another works only on a loopback page, SECURITY.md B4) and `expectedPcrs`, the
   * PCR0..PCR3 values (hex) the enclave must attest (the `pcrs` check; unset: not performed).
   */
  proofTrust?: ProofTrust;
  /** WebAuthn relying party id. Default: `location.hostname`. */
  rpId?: string;
  /** Where OAuth providers send the user back. Default: wallet_kit_config's `oauthRedirectUrl`, else this page (origin + path). */
  oauthRedirectUri?: string;
  /** Authorization endpoints per provider (the emulator's provider, a proxy). Default: the providers' own. */
  oauthAuthorizeUrls?: Partial<Record<OAuthProvider, string>>;
  /**
   * More client ids of the same app per provider (the hosted kit's `secondaryClientIds`: an app on
   * another platform): an OAuth sign-up registers the identity for each of them too, so that a
   * token issued to one of them logs in to the same account.
   */
  oauthSecondaryClientIds?: Partial<Record<OAuthProvider, readonly string[]>>;
  /** Token endpoints of providers whose code the page exchanges itself (Facebook). Default: the providers' own. */
  oauthTokenUrls?: Partial<Record<OAuthProvider, string>>;
  /** Default: `openKeyStore()` (IndexedDB, or memory where IndexedDB fails), opened on first use. */
  keyStore?: KeyStore;
  /** Default: IndexedDB in browsers, one in-memory slot per process in Node. */
  sessionStore?: SessionStore;
  /** How tabs hear of logins and logouts. Default: BroadcastChannel in browsers, none in Node. */
  sessionChannel?: SessionChannel;
  /**
   * Every account's slot and the active one (see `accounts()`). Default: IndexedDB in browsers
   * (`current` is the first account's slot, the one `sessionStore` would use), else memory with
   * `sessionStore` as the first account's slot.
   */
  sessionSlots?: SessionSlots;
  /** The session channel of an account other than the first. Default: BroadcastChannel `latchkey-session:<sessionKey>`. */
  sessionChannels?: (sessionKey: string) => SessionChannel;
  /** How tabs follow the active account. Default: BroadcastChannel `latchkey-accounts`, none in Node. */
  accountsChannel?: AccountsChannel;
  /**
   * Refresh the session before it expires, without a click (off by default): `beforeExpiryMs`
   * before expiry (default 120 000, at most half-way through), in a visible tab, once across the
   * origin's tabs, retrying network failures a few times. Its code loads only when this is on.
   */
  autoRefresh?: boolean | Pick<AutoRefreshOptions, 'beforeExpiryMs'>;
  fetch?: typeof fetch;
  /** Opens the OAuth popup and performs the redirect fallback. Default: `window.open` / `location.assign`. */
  popupHost?: PopupHost;
  /** Where a redirect-mode OAuth attempt waits for the page to come back. Default: sessionStorage. */
  pendingStore?: PendingOAuthStore;
  /**
   * Where a sent code's attempt (its otpId and the key it will bind) waits for the email's magic
   * link, in this tab or another of the origin. Default: IndexedDB in browsers; none in Node.
   */
  otpAttempts?: PendingOtpStore;
  /** False: remember no OTP attempt, so magic links cannot finish a login (typed codes still do). Default true. */
  magicLinks?: boolean;
  /** How long before expiry `session-expiring` fires. Default 60 000 ms. */
  sessionExpiringLeadMs?: number;
  /**
   * A captcha for the proxy calls that need one (sending a code; a passkey or OAuth sign-up): a
   * function resolving a fresh token, or `{turnstileSiteKey}` for Cloudflare Turnstile, whose
   * script loads on the first such call into `<latch-auth>`'s `captcha` slot (`scriptUrl`,
   * `container` to change either). The token goes in `X-Captcha-Token`. Unset, or Turnstile
   * without a site key: the one the proxy hands out (`wallet_kit_client_params`, asked once,
   * before the first such call), as the hosted client does; none there, no captcha code loads.
   * `false`: never a captcha, nothing asked.
   */
  captcha?: CaptchaProvider | false;
  /**
   * Keep the last wallet_kit_config (public, see config-cache.ts) per proxy and configuration, so
   * that `<latch-auth>` renders a returning visitor's methods before the answer, then follows the
   * answer. Flows always wait for the answer. Default true: localStorage where it works; false
   * keeps nothing; or a Storage-like object of your own.
   */
  configCache?: boolean | ConfigStorage;
}
