/**
 * Client of the auth proxy's eight endpoints (docs/protocol.md §1–2) and the current generation's
 * three. Requests are checked before anything is sent; answers are checked for the fields the kit
 * relies on. No stamp goes to the proxy: it signs upstream with its own key.
 *
 * The checks and calls of the login endpoints (proxy-requests.ts) load with the first of them:
 * a page's first load needs only wallet_kit_config (wallet-kit-config.ts), and this class stays
 * small enough to be part of it.
 */
import { checkProxyOptions, type ProxyCallOptions, type ProxyClientOptions } from './proxy-call.ts';
import { walletKitConfig } from './wallet-kit-config.ts';
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
} from './proxy-types.ts';

export { DEFAULT_AUTH_PROXY_URL, type ProxyCallOptions, type ProxyClientOptions } from './proxy-call.ts';
export { normalizeWalletKitConfig } from './wallet-kit-config.ts';

const requests = () => import('./proxy-requests.ts');

export class ProxyClient {
  readonly #options: ProxyClientOptions;

  constructor(options: ProxyClientOptions) {
    this.#options = checkProxyOptions(options);
  }

  /** Sends a one-time code by email or SMS. */
  async otpInit(request: OtpInitRequest, options?: ProxyCallOptions): Promise<OtpInitResponse> {
    return (await requests()).otpInit(this.#options, request, options);
  }

  /** The current generation: sends the code and hands out the enclave target the code is sealed to. */
  async otpInitV2(request: OtpInitRequest, options?: ProxyCallOptions): Promise<OtpInitV2Response> {
    return (await requests()).otpInitV2(this.#options, request, options);
  }

  /** The current generation: the code and the client key arrive sealed; the token is bound to that key. */
  async otpVerifyV2(request: OtpVerifyV2Request, options?: ProxyCallOptions): Promise<OtpVerifyResponse> {
    return (await requests()).otpVerifyV2(this.#options, request, options);
  }

  /** What a client needs before its first call (a captcha site key, when one is asked for). */
  async walletKitClientParams(options?: ProxyCallOptions): Promise<WalletKitClientParams> {
    return (await requests()).walletKitClientParams(this.#options, options);
  }

  /** Checks the code; the token is bound to `publicKey` when one is given. */
  async otpVerify(request: OtpVerifyRequest, options?: ProxyCallOptions): Promise<OtpVerifyResponse> {
    return (await requests()).otpVerify(this.#options, request, options);
  }

  async otpLogin(request: OtpLoginRequest, options?: ProxyCallOptions): Promise<SessionResponse> {
    return (await requests()).otpLogin(this.#options, request, options);
  }

  /** Creates the user's sub-organization. Returns no session: log in afterwards. */
  async signup(request: SignupRequest, options?: ProxyCallOptions): Promise<SignupResponse> {
    return (await requests()).signup(this.#options, request, options);
  }

  /** Exchanges an OAuth 2.0 code (PKCE) for an OIDC token issued by the service. */
  async oauth2Authenticate(request: Oauth2AuthenticateRequest, options?: ProxyCallOptions): Promise<Oauth2AuthenticateResponse> {
    return (await requests()).oauth2Authenticate(this.#options, request, options);
  }

  async oauthLogin(request: OauthLoginRequest, options?: ProxyCallOptions): Promise<SessionResponse> {
    return (await requests()).oauthLogin(this.#options, request, options);
  }

  /** The organization matching the filter; `organizationId` absent means "no account, sign up". */
  async account(request: AccountRequest, options?: ProxyCallOptions): Promise<AccountResponse> {
    return (await requests()).account(this.#options, request, options);
  }

  /** The organization's kit configuration, normalized (see normalizeWalletKitConfig). */
  async walletKitConfig(_request: Record<string, never> = {}, options?: ProxyCallOptions): Promise<WalletKitConfig> {
    return walletKitConfig(this.#options, options);
  }
}
