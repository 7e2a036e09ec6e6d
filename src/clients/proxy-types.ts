/**
 * Request and response types of the auth proxy endpoints: the seed's eight (docs/protocol.md §2) and
 * the current generation's OTP endpoints and client params (§9). Type-only.
 * Optional (`?`) means optional on the wire; everything else is required and checked by
 * ProxyClient before sending.
 */
import type { ApiKeyParams, AppProof, AuthenticatorParams, WalletParams } from './activity-types.ts';

export type { ApiKeyParams, AppProof, AuthenticatorParams, WalletParams };

export type OtpType = 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS';

/** POST /v1/otp_init. Code length and alphabet come from the proxy configuration. */
export interface OtpInitRequest {
  otpType: OtpType;
  /** Email address or E.164 phone number. */
  contact: string;
  /**
   * The hosted `v1ProxyEmailCustomizationParams`: only the email template to use. The logo, the
   * magic link, the sender and the rest come from the proxy configuration, never from a page.
   */
  emailCustomization?: { templateId?: string };
}

export interface OtpInitResponse {
  otpId: string;
}

/** POST /v1/otp_init_v2 (the current generation, docs/protocol.md §9): the same request. */
export interface OtpInitV2Response {
  otpId: string;
  /** Enclave-signed envelope whose data names `targetPublic`, the key the code is sealed to. */
  otpEncryptionTargetBundle: string;
}

/** POST /v1/otp_verify_v2: `{otp_code, public_key}` sealed (HPKE) to the target, as `{encappedPublic, ciphertext}` JSON. */
export interface OtpVerifyV2Request {
  otpId: string;
  encryptedOtpBundle: string;
}

/** POST /v1/wallet_kit_client_params: what a client needs before its first call. */
export interface WalletKitClientParams {
  /** A captcha site key, when the proxy configuration asks for a captcha token. */
  turnstileSiteKey?: string;
}

/** POST /v1/otp_verify. */
export interface OtpVerifyRequest {
  otpId: string;
  otpCode: string;
  /** Compressed P-256 hex of the client key; binds the verification token to it. */
  publicKey?: string;
}

export interface OtpVerifyResponse {
  /** ES256 JWT: `id`, `contact`, `verification_type`, `exp`, and `public_key` when bound. */
  verificationToken: string;
}

/**
 * Proof that the holder of the key bound in otp_verify asked for this login or signup.
 * `message` is the exact JSON string signed; `signature` is hex raw r||s.
 */
export interface ClientSignature {
  publicKey: string;
  scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256';
  message: string;
  signature: string;
}

/** POST /v1/otp_login. */
export interface OtpLoginRequest {
  verificationToken: string;
  /** Compressed P-256 hex of the new session key. */
  publicKey: string;
  invalidateExisting?: boolean;
  /** Else found from the token's contact. */
  organizationId?: string;
  /** Required when the verification token carries `public_key`. */
  clientSignature?: ClientSignature;
}

export interface SessionResponse {
  /** Session JWT (docs/protocol.md §4). */
  session: string;
}

export type OtpLoginResponse = SessionResponse;

/** An OAuth identity: from a token, or (hosted `v1OauthProviderParamsV2.oidcClaims`) its claims for another audience. */
export type SignupOauthProvider = { providerName: string; oidcToken: string } | { providerName: string; oidcClaims: { iss: string; sub: string; aud: string } };

/** POST /v1/signup. The three arrays are required: send `[]` when there are none. */
export interface SignupRequest {
  userEmail?: string;
  userPhoneNumber?: string;
  userTag?: string;
  userName?: string;
  organizationName?: string;
  verificationToken?: string;
  apiKeys: ApiKeyParams[];
  authenticators: AuthenticatorParams[];
  oauthProviders: SignupOauthProvider[];
  wallet?: WalletParams;
  /** As for otp_login, with `type: "USAGE_TYPE_SIGNUP"`. */
  clientSignature?: ClientSignature;
}

/** Signup returns no session: log in after it. */
export interface SignupResponse {
  organizationId: string;
  userId: string;
  /** When a wallet was asked for. */
  wallet?: { walletId: string; addresses: string[] };
  appProofs?: AppProof[];
}

export type Oauth2Provider = 'OAUTH2_PROVIDER_X' | 'OAUTH2_PROVIDER_DISCORD';

/** POST /v1/oauth2_authenticate (providers that speak plain OAuth 2.0, with PKCE). */
export interface Oauth2AuthenticateRequest {
  provider: Oauth2Provider;
  authCode: string;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
  clientId: string;
}

export interface Oauth2AuthenticateResponse {
  /** An OIDC token issued by the service: use it with oauth_login. */
  oidcToken: string;
}

/** POST /v1/oauth_login. The token's nonce must be the OIDC nonce of `publicKey`. */
export interface OauthLoginRequest {
  oidcToken: string;
  publicKey: string;
  invalidateExisting?: boolean;
  organizationId?: string;
}

export type OauthLoginResponse = SessionResponse;

export type AccountFilterType =
  | 'EMAIL'
  | 'PHONE_NUMBER'
  | 'OIDC_TOKEN'
  | 'PUBLIC_KEY'
  | 'CREDENTIAL_ID'
  | 'USERNAME'
  | 'NAME';

/** POST /v1/account. */
export interface AccountRequest {
  filterType: AccountFilterType;
  filterValue: string;
  verificationToken?: string;
}

export interface AccountResponse {
  /** Absent (or empty on the wire) when nothing matches: "no account, sign up". */
  organizationId?: string;
}

export type WalletKitProvider =
  | 'email'
  | 'sms'
  | 'passkey'
  | 'wallet'
  | 'google'
  | 'apple'
  | 'facebook'
  | 'x'
  | 'discord';

/** POST /v1/wallet_kit_config is sent with `{}`. */
export type WalletKitConfigRequest = Record<string, never>;

/** (ours) Theme tokens a Latchkey emulator or proxy may add; the hosted service sends none. */
export interface WalletKitTheme {
  /** (ours) Token name (e.g. `primary`, `background`, `text`) → CSS color. */
  colors?: Record<string, string>;
  /** (ours) CSS length for corner radius, e.g. `8px`. */
  radius?: string;
  /** (ours) CSS font-family. */
  font?: string;
  /** (ours) The logo, for both schemes. https or `data:image/` only (others are dropped). */
  logoUrl?: string;
  /** (ours) The logo on a light scheme (the hosted kit's `ui.logoLight`); likewise checked. */
  logoLight?: string;
  /** (ours) The logo on a dark scheme (the hosted kit's `ui.logoDark`); likewise checked. */
  logoDark?: string;
  /** (ours) `auto` follows `prefers-color-scheme`. */
  darkMode?: boolean | 'auto';
}

/** The wallet_kit_config answer after ProxyClient's normalization (client defaults applied). */
export interface WalletKitConfig {
  /** Unknown provider names are dropped. */
  enabledProviders: WalletKitProvider[];
  /** Seconds, as a string (protobuf int64). */
  sessionExpirationSeconds: string;
  /** The parent organization. */
  organizationId: string;
  /** Provider → OAuth client id. */
  oauthClientIds?: Record<string, string>;
  oauthRedirectUrl?: string;
  /** Default true. */
  otpAlphanumeric: boolean;
  /** Default "6". */
  otpLength: string;
  /** (ours) */
  theme?: WalletKitTheme;
  /** (ours) BCP 47 tag, e.g. `fr-CA`. */
  locale?: string;
  /** (ours) String id → replacement text. */
  copy?: Record<string, string>;
}

export type WalletKitConfigResponse = WalletKitConfig;
