/**
 * Client of the auth proxy's eight endpoints (PROTOCOL.md §1–2). Requests are checked before
 * anything is sent; answers are checked for the fields the kit relies on. No stamp goes to the
 * proxy: it signs upstream with its own key.
 */
import { LatchError } from '../errors/latch-error.ts';
import { isObject, malformed, postJson, requireString, type JsonObject } from './http.ts';
import type {
  AccountRequest,
  AccountResponse,
  Oauth2AuthenticateRequest,
  Oauth2AuthenticateResponse,
  OauthLoginRequest,
  OtpInitRequest,
  OtpInitResponse,
  OtpInitV2Response,
  OtpVerifyV2Request,
  WalletKitClientParams,
  OtpLoginRequest,
  OtpVerifyRequest,
  OtpVerifyResponse,
  SessionResponse,
  SignupRequest,
  SignupResponse,
  WalletKitConfig,
  WalletKitProvider,
  WalletKitTheme,
} from './proxy-types.ts';

export const DEFAULT_AUTH_PROXY_URL = 'https://authproxy.turnkey.com';

export interface ProxyClientOptions {
  /** Default `https://authproxy.turnkey.com`. */
  authProxyUrl?: string;
  /** Sent as `X-Auth-Proxy-Config-Id` on every call. */
  configId: string;
  fetch?: typeof fetch;
  /** Per request. Default 30 s. */
  timeoutMs?: number;
  /** Sent as `X-Captcha-Token` when set. */
  captchaToken?: string;
}

export interface ProxyCallOptions {
  signal?: AbortSignal;
  /** Overrides the client's captcha token for this call (tokens are often single-use). */
  captchaToken?: string;
}

const invalid = (message: string) => new LatchError('ERR_INPUT_INVALID', message);

function requireFields(request: unknown, fields: string[]): JsonObject {
  if (!isObject(request)) throw invalid('The request must be an object.');
  for (const field of fields) requireString(request[field], field);
  return request;
}

function requireOneOf(value: unknown, field: string, allowed: string[]): void {
  if (!allowed.includes(value as string)) throw invalid(`"${field}" must be one of ${allowed.join(', ')}.`);
}

// A verification token bound to a key (otp_verify with publicKey) is only accepted with a
// client signature; failing here saves a round trip that can only end in a refusal. A token
// the client cannot read is left for the service to judge. The JWT decoder loads only here, as
// a login ends: the login page's first load carries no base64url or UTF-8 decoding.
async function tokenIsBound(token: unknown): Promise<boolean> {
  try {
    const { payload } = (await import('../tokens/jwt.ts')).decodeJwt(token as string);
    return typeof payload.public_key === 'string' && payload.public_key !== '';
  } catch {
    return false;
  }
}

async function requireClientSignature(request: JsonObject): Promise<void> {
  const signature = request.clientSignature;
  if (signature === undefined) {
    if (await tokenIsBound(request.verificationToken)) {
      throw invalid('"clientSignature" is required: the verification token is bound to a key.');
    }
    return;
  }
  requireFields(signature, ['publicKey', 'message', 'signature']);
  requireOneOf((signature as JsonObject).scheme, 'clientSignature.scheme', ['CLIENT_SIGNATURE_SCHEME_API_P256']);
}

function requireArray(request: JsonObject, field: string): void {
  if (!Array.isArray(request[field])) throw invalid(`"${field}" must be an array (send [] when there are none).`);
}

function answerString(answer: JsonObject, field: string): string {
  const value = answer[field];
  if (typeof value !== 'string' || !value) throw malformed();
  return value;
}

const PROVIDERS: readonly WalletKitProvider[] = ['email', 'sms', 'passkey', 'wallet', 'google', 'apple', 'facebook', 'x', 'discord'];

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/**
 * A logo URL the kit shows: https, or an inline `data:image/` (never `javascript:`, never plain
 * http), without whitespace (it also goes in a `srcset`).
 */
export const isLogoUrl = (value: unknown): value is string => typeof value == 'string' && /^(https:\/\/|data:image\/)\S+$/i.test(value);

function theme(value: unknown): WalletKitTheme | undefined {
  if (!isObject(value)) return undefined;
  const out: WalletKitTheme = {};
  const colors = stringRecord(value.colors);
  if (colors) out.colors = colors;
  for (const key of ['radius', 'font'] as const) {
    if (typeof value[key] === 'string') out[key] = value[key];
  }
  for (const key of ['logoUrl', 'logoLight', 'logoDark'] as const) {
    if (isLogoUrl(value[key])) out[key] = value[key];
  }
  if (typeof value.darkMode === 'boolean' || value.darkMode === 'auto') out.darkMode = value.darkMode;
  return out;
}

const int64 = (value: unknown): string | undefined =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value))
    ? String(value)
    : undefined;

/**
 * Normalizes a wallet_kit_config answer: required fields checked, client defaults applied
 * (otpAlphanumeric true, otpLength "6"), Latchkey's own theme/locale/copy kept only when well
 * typed, so a page works the same against the hosted proxy (which sends no theme).
 */
export function normalizeWalletKitConfig(answer: unknown): WalletKitConfig {
  if (!isObject(answer) || !Array.isArray(answer.enabledProviders)) throw malformed();
  const sessionExpirationSeconds = int64(answer.sessionExpirationSeconds);
  if (sessionExpirationSeconds === undefined) throw malformed();
  const config: WalletKitConfig = {
    enabledProviders: answer.enabledProviders.filter((p): p is WalletKitProvider => PROVIDERS.includes(p)),
    sessionExpirationSeconds,
    organizationId: answerString(answer, 'organizationId'),
    otpAlphanumeric: typeof answer.otpAlphanumeric === 'boolean' ? answer.otpAlphanumeric : true,
    otpLength: int64(answer.otpLength) ?? '6',
  };
  const clientIds = stringRecord(answer.oauthClientIds);
  if (clientIds) config.oauthClientIds = clientIds;
  if (typeof answer.oauthRedirectUrl === 'string') config.oauthRedirectUrl = answer.oauthRedirectUrl;
  const t = theme(answer.theme);
  if (t) config.theme = t;
  if (typeof answer.locale === 'string' && answer.locale) config.locale = answer.locale;
  const copy = stringRecord(answer.copy);
  if (copy) config.copy = copy;
  return config;
}

export class ProxyClient {
  private readonly base: string;
  private readonly configId: string;
  private readonly fetchImpl: typeof fetch | undefined;
  private readonly timeoutMs: number | undefined;
  private readonly captchaToken: string | undefined;

  constructor(options: ProxyClientOptions) {
    if (typeof options?.configId !== 'string' || !options.configId) {
      throw new LatchError('ERR_CONFIG_INVALID', 'ProxyClient needs the auth proxy config id.');
    }
    this.base = (options.authProxyUrl ?? DEFAULT_AUTH_PROXY_URL).replace(/\/+$/, '');
    this.configId = options.configId;
    this.fetchImpl = options.fetch;
    this.timeoutMs = options.timeoutMs;
    this.captchaToken = options.captchaToken;
  }

  // Not retried automatically: a resent code request sends another code, a resent login spends
  // the token; the elements offer the person a retry instead.
  private call(path: string, body: JsonObject, options: ProxyCallOptions = {}): Promise<JsonObject> {
    const headers: Record<string, string> = { 'X-Auth-Proxy-Config-Id': this.configId };
    const captcha = options.captchaToken ?? this.captchaToken;
    if (captcha) headers['X-Captcha-Token'] = captcha;
    return postJson(`${this.base}/v1/${path}`, body, {
      fetch: this.fetchImpl,
      timeoutMs: this.timeoutMs,
      signal: options.signal,
      headers,
    });
  }

  /** Sends a one-time code by email or SMS. */
  async otpInit(request: OtpInitRequest, options?: ProxyCallOptions): Promise<OtpInitResponse> {
    const body = requireFields(request, ['otpType', 'contact']);
    requireOneOf(body.otpType, 'otpType', ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS']);
    return { otpId: answerString(await this.call('otp_init', body, options), 'otpId') };
  }

  /** The current generation: sends the code and hands out the enclave target the code is sealed to. */
  async otpInitV2(request: OtpInitRequest, options?: ProxyCallOptions): Promise<OtpInitV2Response> {
    const body = requireFields(request, ['otpType', 'contact']);
    requireOneOf(body.otpType, 'otpType', ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS']);
    const answer = await this.call('otp_init_v2', body, options);
    return { otpId: answerString(answer, 'otpId'), otpEncryptionTargetBundle: answerString(answer, 'otpEncryptionTargetBundle') };
  }

  /** The current generation: the code and the client key arrive sealed; the token is bound to that key. */
  async otpVerifyV2(request: OtpVerifyV2Request, options?: ProxyCallOptions): Promise<OtpVerifyResponse> {
    const body = requireFields(request, ['otpId', 'encryptedOtpBundle']);
    return { verificationToken: answerString(await this.call('otp_verify_v2', body, options), 'verificationToken') };
  }

  /** What a client needs before its first call (a captcha site key, when one is asked for). */
  async walletKitClientParams(options?: ProxyCallOptions): Promise<WalletKitClientParams> {
    const answer = await this.call('wallet_kit_client_params', {}, options);
    return typeof answer.turnstileSiteKey === 'string' ? { turnstileSiteKey: answer.turnstileSiteKey } : {};
  }

  /** Checks the code; the token is bound to `publicKey` when one is given. */
  async otpVerify(request: OtpVerifyRequest, options?: ProxyCallOptions): Promise<OtpVerifyResponse> {
    const body = requireFields(request, ['otpId', 'otpCode']);
    if (body.publicKey !== undefined) requireString(body.publicKey, 'publicKey');
    const answer = await this.call('otp_verify', body, options);
    return { verificationToken: answerString(answer, 'verificationToken') };
  }

  async otpLogin(request: OtpLoginRequest, options?: ProxyCallOptions): Promise<SessionResponse> {
    const body = requireFields(request, ['verificationToken', 'publicKey']);
    await requireClientSignature(body);
    return { session: answerString(await this.call('otp_login', body, options), 'session') };
  }

  /** Creates the user's sub-organization. Returns no session: log in afterwards. */
  async signup(request: SignupRequest, options?: ProxyCallOptions): Promise<SignupResponse> {
    const body = requireFields(request, []);
    for (const field of ['apiKeys', 'authenticators', 'oauthProviders']) requireArray(body, field);
    await requireClientSignature(body);
    const answer = await this.call('signup', body, options);
    answerString(answer, 'organizationId');
    answerString(answer, 'userId');
    return answer as unknown as SignupResponse;
  }

  /** Exchanges an OAuth 2.0 code (PKCE) for an OIDC token issued by the service. */
  async oauth2Authenticate(request: Oauth2AuthenticateRequest, options?: ProxyCallOptions): Promise<Oauth2AuthenticateResponse> {
    const body = requireFields(request, ['provider', 'authCode', 'redirectUri', 'codeVerifier', 'nonce', 'clientId']);
    requireOneOf(body.provider, 'provider', ['OAUTH2_PROVIDER_X', 'OAUTH2_PROVIDER_DISCORD']);
    return { oidcToken: answerString(await this.call('oauth2_authenticate', body, options), 'oidcToken') };
  }

  async oauthLogin(request: OauthLoginRequest, options?: ProxyCallOptions): Promise<SessionResponse> {
    const body = requireFields(request, ['oidcToken', 'publicKey']);
    return { session: answerString(await this.call('oauth_login', body, options), 'session') };
  }

  /** The organization matching the filter; `organizationId` absent means "no account, sign up". */
  async account(request: AccountRequest, options?: ProxyCallOptions): Promise<AccountResponse> {
    const body = requireFields(request, ['filterType', 'filterValue']);
    requireOneOf(body.filterType, 'filterType', ['EMAIL', 'PHONE_NUMBER', 'OIDC_TOKEN', 'PUBLIC_KEY', 'CREDENTIAL_ID', 'USERNAME', 'NAME']);
    const { organizationId } = await this.call('account', body, options);
    if (organizationId !== undefined && organizationId !== null && typeof organizationId !== 'string') throw malformed();
    return organizationId ? { organizationId } : {};
  }

  /** The organization's kit configuration, normalized (see normalizeWalletKitConfig). */
  async walletKitConfig(_request: Record<string, never> = {}, options?: ProxyCallOptions): Promise<WalletKitConfig> {
    return normalizeWalletKitConfig(await this.call('wallet_kit_config', {}, options));
  }
}
