/**
 * The authorization request of the built-in provider, from the authorize URL's query or the
 * consent form, held to each real provider's documented rules (PROVIDER_RULES) so that a
 * request the real provider would refuse fails here too:
 * - Google: `code`, or the implicit `id_token` (nonce required, fragment by default);
 * - Apple: `code` or `code id_token` (nonce required with an id_token); no `scope` unless the
 *   answer is a form_post, which this stand-in does not offer, so a `scope` is refused;
 * - Facebook: `code` with PKCE S256 only (no implicit id_token for a web page);
 * - X, Discord (OAuth 2.0 only): `code` with PKCE S256 only.
 * A bad client or redirect URI is shown on a page, never redirected to; other errors go back to
 * the redirect URI (RFC 6749 §4.1.2.1).
 */
import { isOAuthProviderName } from './issuers.ts';
import { configsForClient, isRedirectAllowed } from './clients.ts';
import { isCodeChallenge } from './pkce.ts';
import type { EmulatorContext } from '../context.ts';
import type { OAuthProviderName } from '../config/proxy-config.ts';

export const OIDC_PROVIDERS: readonly OAuthProviderName[] = ['google', 'apple', 'facebook'];

export type ResponseType = 'code' | 'id_token' | 'code id_token';

/** Each provider's documented rules for an authorization request from a web page. */
export const PROVIDER_RULES: Readonly<Record<OAuthProviderName, { responseTypes: readonly ResponseType[]; pkce: boolean; scope: boolean }>> = {
  google: { responseTypes: ['code', 'id_token'], pkce: false, scope: true },
  apple: { responseTypes: ['code', 'code id_token'], pkce: false, scope: false },
  facebook: { responseTypes: ['code'], pkce: true, scope: true },
  x: { responseTypes: ['code'], pkce: true, scope: true },
  discord: { responseTypes: ['code'], pkce: true, scope: true },
};

export interface AuthorizeRequest {
  provider: OAuthProviderName;
  clientId: string;
  redirectUri: string;
  responseType: ResponseType;
  responseMode: 'query' | 'fragment';
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  scope?: string;
  loginHint?: string;
}

export type AuthorizeParse =
  | { ok: AuthorizeRequest }
  /** Shown on the provider's own page: the redirect URI cannot be trusted. */
  | { page: string }
  /** Sent back to the (trusted) redirect URI. */
  | { redirect: AuthorizeRequest; error: string; description: string };

const MAX = 2048;

export function parseAuthorizeRequest(ctx: EmulatorContext, providerName: string, get: (name: string) => string | null): AuthorizeParse {
  if (!isOAuthProviderName(providerName)) return { page: 'Unknown provider.' };
  const provider = providerName;
  const clientId = get('client_id');
  const redirectUri = get('redirect_uri');
  if (!clientId || configsForClient(ctx, provider, clientId).length === 0) return { page: 'Unknown client_id for this provider (or the provider is not enabled).' };
  if (!redirectUri || redirectUri.length > MAX || !isRedirectAllowed(ctx, provider, clientId, redirectUri)) {
    return { page: 'This redirect_uri is not allowed for the client.' };
  }
  const rules = PROVIDER_RULES[provider];
  const asked = get('response_type');
  const responseType = rules.responseTypes.find((t) => t === asked);
  const optional = (name: string) => {
    const v = get(name);
    return v && v.length <= MAX ? v : undefined;
  };
  const withToken = responseType !== undefined && responseType !== 'code';
  const request: AuthorizeRequest = {
    provider,
    clientId,
    redirectUri,
    responseType: responseType ?? 'code',
    responseMode: withToken ? 'fragment' : 'query',
  };
  for (const [key, name] of [['state', 'state'], ['nonce', 'nonce'], ['codeChallenge', 'code_challenge'], ['scope', 'scope'], ['loginHint', 'login_hint']] as const) {
    const value = optional(name);
    if (value !== undefined) request[key] = value;
  }
  const fail = (error: string, description: string): AuthorizeParse => ({ redirect: request, error, description });
  const mode = get('response_mode');
  if (mode === 'query' || mode === 'fragment') request.responseMode = mode;
  else if (mode) return fail('invalid_request', 'response_mode must be query or fragment.');
  if (responseType === undefined) return fail('unsupported_response_type', `response_type must be one of: ${rules.responseTypes.join(', ')}.`);
  if (withToken && !request.nonce) return fail('invalid_request', 'An id_token in the answer needs a nonce.');
  if (!rules.scope && request.scope !== undefined) {
    return fail('invalid_request', 'This provider answers requested scopes only with response_mode=form_post.');
  }
  const method = get('code_challenge_method');
  if (request.codeChallenge !== undefined && (method !== 'S256' || !isCodeChallenge(request.codeChallenge))) {
    return fail('invalid_request', 'PKCE needs code_challenge_method=S256 and a base64url SHA-256 challenge.');
  }
  if (rules.pkce && request.codeChallenge === undefined) return fail('invalid_request', 'This provider requires PKCE (S256).');
  return { ok: request };
}

/** The redirect back to the client, with `params` in the query or the fragment. */
export function redirectBack(request: AuthorizeRequest, params: Record<string, string>): string {
  const url = new URL(request.redirectUri);
  const all = { ...params, ...(request.state !== undefined ? { state: request.state } : {}) };
  if (request.responseMode === 'fragment') {
    url.hash = new URLSearchParams(all).toString();
  } else {
    for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
  }
  return url.toString();
}
