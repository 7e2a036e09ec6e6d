/**
 * The auth proxy's login endpoints behind ProxyClient (docs/protocol.md §1–2): each request checked
 * before anything is sent, each answer checked for the fields the kit relies on. Only ever
 * imported lazily (by ProxyClient's methods): a module that the core entry re-exports and a lazy
 * chunk also imports is one that esbuild makes every page load (core-entries.node.test.ts).
 */
import { LatchError } from '../errors/latch-error.ts';
import { answerString, isObject, malformed, requireString, type JsonObject } from './http.ts';
import { callProxy, type ProxyCallOptions, type ProxyClientOptions } from './proxy-call.ts';
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
} from './proxy-types.ts';

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

/** Sends a one-time code by email or SMS. */
export async function otpInit(client: ProxyClientOptions, request: OtpInitRequest, options?: ProxyCallOptions): Promise<OtpInitResponse> {
  const body = requireFields(request, ['otpType', 'contact']);
  requireOneOf(body.otpType, 'otpType', ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS']);
  return { otpId: answerString(await callProxy(client, 'otp_init', body, options), 'otpId') };
}

/** The current generation: sends the code and hands out the enclave target the code is sealed to. */
export async function otpInitV2(client: ProxyClientOptions, request: OtpInitRequest, options?: ProxyCallOptions): Promise<OtpInitV2Response> {
  const body = requireFields(request, ['otpType', 'contact']);
  requireOneOf(body.otpType, 'otpType', ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS']);
  const answer = await callProxy(client, 'otp_init_v2', body, options);
  return { otpId: answerString(answer, 'otpId'), otpEncryptionTargetBundle: answerString(answer, 'otpEncryptionTargetBundle') };
}

/** The current generation: the code and the client key arrive sealed; the token is bound to that key. */
export async function otpVerifyV2(client: ProxyClientOptions, request: OtpVerifyV2Request, options?: ProxyCallOptions): Promise<OtpVerifyResponse> {
  const body = requireFields(request, ['otpId', 'encryptedOtpBundle']);
  return { verificationToken: answerString(await callProxy(client, 'otp_verify_v2', body, options), 'verificationToken') };
}

/** What a client needs before its first call (a captcha site key, when one is asked for). */
export async function walletKitClientParams(client: ProxyClientOptions, options?: ProxyCallOptions): Promise<WalletKitClientParams> {
  const answer = await callProxy(client, 'wallet_kit_client_params', {}, options);
  return typeof answer.turnstileSiteKey === 'string' ? { turnstileSiteKey: answer.turnstileSiteKey } : {};
}

/** Checks the code; the token is bound to `publicKey` when one is given. */
export async function otpVerify(client: ProxyClientOptions, request: OtpVerifyRequest, options?: ProxyCallOptions): Promise<OtpVerifyResponse> {
  const body = requireFields(request, ['otpId', 'otpCode']);
  if (body.publicKey !== undefined) requireString(body.publicKey, 'publicKey');
  const answer = await callProxy(client, 'otp_verify', body, options);
  return { verificationToken: answerString(answer, 'verificationToken') };
}

export async function otpLogin(client: ProxyClientOptions, request: OtpLoginRequest, options?: ProxyCallOptions): Promise<SessionResponse> {
  const body = requireFields(request, ['verificationToken', 'publicKey']);
  await requireClientSignature(body);
  return { session: answerString(await callProxy(client, 'otp_login', body, options), 'session') };
}

/** Creates the user's sub-organization. Returns no session: log in afterwards. */
export async function signup(client: ProxyClientOptions, request: SignupRequest, options?: ProxyCallOptions): Promise<SignupResponse> {
  const body = requireFields(request, []);
  for (const field of ['apiKeys', 'authenticators', 'oauthProviders']) requireArray(body, field);
  await requireClientSignature(body);
  const answer = await callProxy(client, 'signup', body, options);
  answerString(answer, 'organizationId');
  answerString(answer, 'userId');
  return answer as unknown as SignupResponse;
}

/** Exchanges an OAuth 2.0 code (PKCE) for an OIDC token issued by the service. */
export async function oauth2Authenticate(client: ProxyClientOptions, request: Oauth2AuthenticateRequest, options?: ProxyCallOptions): Promise<Oauth2AuthenticateResponse> {
  const body = requireFields(request, ['provider', 'authCode', 'redirectUri', 'codeVerifier', 'nonce', 'clientId']);
  requireOneOf(body.provider, 'provider', ['OAUTH2_PROVIDER_X', 'OAUTH2_PROVIDER_DISCORD']);
  return { oidcToken: answerString(await callProxy(client, 'oauth2_authenticate', body, options), 'oidcToken') };
}

export async function oauthLogin(client: ProxyClientOptions, request: OauthLoginRequest, options?: ProxyCallOptions): Promise<SessionResponse> {
  const body = requireFields(request, ['oidcToken', 'publicKey']);
  return { session: answerString(await callProxy(client, 'oauth_login', body, options), 'session') };
}

/** The organization matching the filter; `organizationId` absent means "no account, sign up". */
export async function account(client: ProxyClientOptions, request: AccountRequest, options?: ProxyCallOptions): Promise<AccountResponse> {
  const body = requireFields(request, ['filterType', 'filterValue']);
  requireOneOf(body.filterType, 'filterType', ['EMAIL', 'PHONE_NUMBER', 'OIDC_TOKEN', 'PUBLIC_KEY', 'CREDENTIAL_ID', 'USERNAME', 'NAME']);
  const { organizationId } = await callProxy(client, 'account', body, options);
  if (organizationId !== undefined && organizationId !== null && typeof organizationId !== 'string') throw malformed();
  return organizationId ? { organizationId } : {};
}
