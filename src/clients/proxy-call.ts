/**
 * One call to the auth proxy (docs/protocol.md §1–2): the options every call carries and the POST
 * itself. Apart from ProxyClient so that a page's first load, which asks only for
 * wallet_kit_config, carries none of the login endpoints' request checks (see LatchKit).
 */
import { LatchError } from '../errors/latch-error.ts';
import { postJson, type JsonObject } from './http.ts';

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

/** A copy of `options` with the base URL settled; ERR_CONFIG_INVALID without a config id. */
export function checkProxyOptions(options: ProxyClientOptions): ProxyClientOptions {
  if (typeof options?.configId !== 'string' || !options.configId) {
    throw new LatchError('ERR_CONFIG_INVALID', 'ProxyClient needs the auth proxy config id.');
  }
  return { ...options, authProxyUrl: (options.authProxyUrl ?? DEFAULT_AUTH_PROXY_URL).replace(/\/+$/, '') };
}

// Not retried automatically: a resent code request sends another code, a resent login spends
// the token; the elements offer the person a retry instead.
/** POSTs `body` to `/v1/<path>` of the proxy that `checkProxyOptions` settled. */
export function callProxy(client: ProxyClientOptions, path: string, body: JsonObject, options: ProxyCallOptions = {}): Promise<JsonObject> {
  const headers: Record<string, string> = { 'X-Auth-Proxy-Config-Id': client.configId };
  const captcha = options.captchaToken ?? client.captchaToken;
  if (captcha) headers['X-Captcha-Token'] = captcha;
  return postJson(`${client.authProxyUrl}/v1/${path}`, body, {
    fetch: client.fetch,
    timeoutMs: client.timeoutMs,
    signal: options.signal,
    headers,
  });
}
