/**
 * OAuth login. Everything that needs a network round trip or a key happens BEFORE the click
 * (`prepareOAuth`), so the click handler can open the popup synchronously and no popup blocker
 * fires; when the popup is blocked anyway the same URL is used for a full-page redirect, and
 * `resumeOAuthRedirect` finishes the flow when the page loads again.
 *
 * OIDC providers (Google, Apple, Facebook): the authorization request carries nonce(K), the
 * SHA-256 of the new key's public key hex, and the `id_token` holds it: in the fragment
 * (Google, Apple), or from the token endpoint after a PKCE code exchange made by the page
 * (Facebook). OAuth 2.0 providers (X, Discord): PKCE S256, the nonce travels in `state`, and the
 * proxy's `oauth2_authenticate` exchanges the code for an OIDC token issued by the service.
 * Each provider's parameters are in oauth-providers.ts.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { KeyStore } from '../keys/key-store.ts';
import type { ProxyClient } from '../clients/proxy-client.ts';
import type { SignupRequest } from '../clients/proxy-types.ts';
import { toBase64Url } from '../encoding/base64url.ts';
import { randomBytes } from '../crypto/webcrypto.ts';
import { oidcNonce } from '../tokens/oidc-nonce.ts';
import { decodeJwt } from '../tokens/jwt.ts';
import { createPkce } from './pkce.ts';
import { OAuthProviders, isOAuthProvider, type OAuthProvider } from './oauth-providers.ts';
import type { LoginResult } from './login-result.ts';
import type { SignupDetails } from './otp-flow.ts';
import { callWithCaptcha, type CaptchaDeps } from '../captcha/captcha-call.ts';
import { secondaryOauthProviders } from './secondary-oauth-providers.ts';

export interface PrepareOAuthRequest {
  provider: OAuthProvider;
  clientId: string;
  redirectUri: string;
  /** Overrides the provider's authorization endpoint (the emulator's provider, a proxy). */
  authorizeUrl?: string;
  /** Overrides the token endpoint of a provider whose code the page exchanges (Facebook). */
  tokenUrl?: string;
  scope?: string;
  /** 'popup' (default) or 'redirect': recorded so the callback page knows what to do. */
  mode?: 'popup' | 'redirect';
}

/** What must survive between the click and the callback. Holds no private key material. */
export interface PendingOAuth {
  provider: OAuthProvider;
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  /** The id of the key K the session will belong to (compressed public key hex). */
  keyId: string;
  codeVerifier?: string;
  /** Where the page exchanges the code (Facebook), when the provider is spoken to that way. */
  tokenUrl?: string;
  url: string;
  createdAt: number;
  /** Launched after "Use another account": the login adds an account (a redirect keeps it in the saved attempt). */
  anotherAccount?: boolean;
}

export type OAuthCallback = { kind: 'id_token'; idToken: string } | { kind: 'code'; code: string };

/** Where a pending OAuth flow waits across a full-page redirect. */
export interface PendingOAuthStore {
  save(pending: PendingOAuth): void;
  take(state: string): PendingOAuth | undefined;
}

const PENDING_PREFIX = 'latchkey-oauth:';

/**
 * Keeps pending flows in sessionStorage (per tab, gone when the tab closes). It holds the PKCE
 * verifier and the nonce, which are useless without the one-time code that only the redirect
 * carries; the private key never leaves IndexedDB. Memory fallback where there is no storage.
 */
export function sessionStoragePendingStore(storage: Storage | undefined = globalThis.sessionStorage): PendingOAuthStore {
  const memory = new Map<string, PendingOAuth>();
  return {
    save(pending) {
      if (storage) storage.setItem(PENDING_PREFIX + pending.state, JSON.stringify(pending));
      else memory.set(pending.state, pending);
    },
    take(state) {
      if (!storage) {
        const found = memory.get(state);
        memory.delete(state);
        return found;
      }
      const raw = storage.getItem(PENDING_PREFIX + state);
      storage.removeItem(PENDING_PREFIX + state);
      try {
        return raw ? (JSON.parse(raw) as PendingOAuth) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Creates K and builds the authorization URL. Call it before the click. */
export async function prepareOAuth(deps: { keyStore: KeyStore }, request: PrepareOAuthRequest): Promise<PendingOAuth> {
  if (!isOAuthProvider(request.provider)) throw new LatchError('ERR_INPUT_INVALID', 'Unknown OAuth provider.');
  if (!request.clientId) throw new LatchError('ERR_CONFIG_INVALID', 'This provider has no OAuth client id configured.');
  let redirect: URL;
  try {
    redirect = new URL(request.redirectUri);
  } catch (cause) {
    throw new LatchError('ERR_CONFIG_INVALID', 'The OAuth redirect URI is not a URL.', { cause });
  }
  const spec = OAuthProviders[request.provider];
  const key = await deps.keyStore.create({ purpose: 'session' });
  const nonce = await oidcNonce(key.id);
  const random = toBase64Url(randomBytes(16));
  const url = new URL(request.authorizeUrl ?? spec.authorizeUrl);
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('redirect_uri', redirect.href);
  url.searchParams.set('response_type', spec.responseType);
  const scope = request.scope ?? spec.scope;
  if (scope) url.searchParams.set('scope', scope);
  for (const [name, value] of Object.entries(spec.extra)) url.searchParams.set(name, value);
  // OIDC providers take the nonce as a parameter; OAuth 2.0 ones carry it in `state`.
  if (spec.kind !== 'oauth2') url.searchParams.set('nonce', nonce);
  const state = spec.kind === 'oauth2' ? `${random}.${nonce}` : random;
  let codeVerifier: string | undefined;
  if (spec.kind !== 'oidc') {
    const pkce = await createPkce();
    codeVerifier = pkce.codeVerifier;
    url.searchParams.set('code_challenge', pkce.codeChallenge);
    url.searchParams.set('code_challenge_method', pkce.codeChallengeMethod);
  }
  url.searchParams.set('state', state);
  const tokenUrl = spec.kind === 'oidc-code' ? (request.tokenUrl ?? spec.tokenUrl) : undefined;
  return {
    provider: request.provider,
    clientId: request.clientId,
    redirectUri: redirect.href,
    state,
    nonce,
    keyId: key.id,
    ...(codeVerifier ? { codeVerifier } : {}),
    ...(tokenUrl ? { tokenUrl } : {}),
    url: url.href,
    createdAt: Date.now(),
  };
}

/** Reads the provider's answer from the redirect URL (query or fragment). */
export function parseOAuthCallback(href: string, expectedState: string): OAuthCallback {
  let url: URL;
  try {
    url = new URL(href);
  } catch (cause) {
    throw new LatchError('ERR_OAUTH_CALLBACK', 'The OAuth callback is not a URL.', { cause });
  }
  const params = new URLSearchParams(url.hash.replace(/^#/, ''));
  // An answer parameter given twice (in the query, the fragment or both) is ambiguous: an
  // injected one must not win silently (RFC 6749 §3.1: parameters MUST NOT repeat).
  const names = [...params.keys(), ...url.searchParams.keys()].filter((n) => /^(state|code|id_token|error)$/.test(n));
  if (new Set(names).size < names.length) throw new LatchError('ERR_OAUTH_CALLBACK', 'The OAuth answer repeats a parameter.');
  for (const [name, value] of url.searchParams) if (!params.has(name)) params.set(name, value);
  const error = params.get('error');
  if (error === 'access_denied') throw new LatchError('ERR_OAUTH_DENIED', 'Access was not granted at the provider.');
  if (error) throw new LatchError('ERR_OAUTH_CALLBACK', 'The provider refused the login request.');
  if (params.get('state') !== expectedState) {
    throw new LatchError('ERR_OAUTH_STATE', 'The OAuth answer does not belong to this login attempt.');
  }
  const idToken = params.get('id_token');
  if (idToken) return { kind: 'id_token', idToken };
  const code = params.get('code');
  if (code) return { kind: 'code', code };
  throw new LatchError('ERR_OAUTH_CALLBACK', 'The OAuth answer carries neither a token nor a code.');
}

/** True when `href` looks like an OAuth answer (so a page can tell a callback load apart). */
export function isOAuthCallback(href: string): boolean {
  try {
    const url = new URL(href);
    const params = new URLSearchParams(url.hash.replace(/^#/, '') + '&' + url.search.replace(/^\?/, ''));
    return params.has('state') && (params.has('id_token') || params.has('code') || params.has('error'));
  } catch {
    return false;
  }
}

export interface CompleteOAuthRequest {
  pending: PendingOAuth;
  callback: OAuthCallback;
  signupIfMissing?: boolean;
  signup?: SignupDetails;
  invalidateExisting?: boolean;
}

/**
 * Turns the provider's answer into a session: an OIDC token (exchanged through the proxy for
 * OAuth 2.0 providers), whose nonce must bind K; account lookup; sign-up when missing (with the
 * identity registered for the secondary client ids too);
 * oauth_login for K. K is deleted if the flow fails.
 */
export async function completeOAuth(
  deps: { proxy: ProxyClient; keyStore: KeyStore; oauthSecondaryClientIds?: Partial<Record<OAuthProvider, readonly string[]>> | undefined } & CaptchaDeps,
  request: CompleteOAuthRequest,
): Promise<LoginResult> {
  const { proxy, keyStore, signal } = deps;
  const { pending, callback } = request;
  const key = await keyStore.get(pending.keyId);
  if (!key) throw new LatchError('ERR_KEY_NOT_FOUND', 'The login key of this OAuth attempt is gone: start again.');
  try {
    const spec = OAuthProviders[pending.provider];
    let oidcToken: string;
    if (callback.kind === 'id_token') {
      oidcToken = callback.idToken;
    } else if (spec.kind === 'oidc-code' && pending.codeVerifier && pending.tokenUrl) {
      oidcToken = await exchangeCodeForIdToken(pending, callback.code, signal);
    } else {
      if (spec.kind !== 'oauth2' || !pending.codeVerifier) {
        throw new LatchError('ERR_OAUTH_CALLBACK', 'This provider answered with a code where a token was expected.');
      }
      ({ oidcToken } = await proxy.oauth2Authenticate(
        { provider: spec.proxyName, authCode: callback.code, redirectUri: pending.redirectUri, codeVerifier: pending.codeVerifier, nonce: pending.nonce, clientId: pending.clientId },
        { signal },
      ));
    }
    const claims = decodeJwt(oidcToken).payload as Record<string, unknown>;
    if (claims.nonce !== pending.nonce && claims.tknonce !== pending.nonce) {
      throw new LatchError('ERR_OAUTH_NONCE', 'The identity token is not bound to this login attempt.');
    }
    const account = await proxy.account({ filterType: 'OIDC_TOKEN', filterValue: oidcToken }, { signal });
    let organizationId = account.organizationId;
    let signup: LoginResult['signup'];
    if (!organizationId) {
      if (request.signupIfMissing === false) throw new LatchError('ERR_FLOW_STATE', 'There is no account for this identity.');
      const details = request.signup ?? {};
      const email = typeof claims.email === 'string' ? claims.email : undefined;
      const body: SignupRequest = {
        ...(email ? { userEmail: email } : {}),
        ...(details.userName ? { userName: details.userName } : {}),
        ...(details.organizationName ? { organizationName: details.organizationName } : {}),
        ...(details.wallet ? { wallet: details.wallet } : {}),
        apiKeys: [],
        authenticators: [],
        // The hosted kit's secondary client ids (buildSecondaryOauthProviders): the same identity
        // for each other client id of the app, so that their tokens find this account too.
        oauthProviders: [{ providerName: pending.provider, oidcToken }, ...secondaryOauthProviders(pending.provider, claims, deps.oauthSecondaryClientIds?.[pending.provider])],
      };
      signup = await callWithCaptcha(deps, (options) => proxy.signup(body, options));
      organizationId = signup.organizationId;
    }
    const { session } = await proxy.oauthLogin(
      { oidcToken, publicKey: key.id, organizationId, invalidateExisting: request.invalidateExisting ?? false },
      { signal },
    );
    return { sessionJwt: session, key, organizationId, created: signup !== undefined, ...(signup ? { signup } : {}) };
  } catch (error) {
    await keyStore.delete(key.id).catch(() => undefined);
    throw error;
  }
}

/**
 * The page's own code exchange (Facebook's manual OIDC flow with PKCE: a public client sends
 * the verifier and no secret) at the provider's token endpoint; its answer carries the id_token.
 */
async function exchangeCodeForIdToken(pending: PendingOAuth, code: string, signal: AbortSignal | undefined): Promise<string> {
  const body = new URLSearchParams({
    client_id: pending.clientId,
    redirect_uri: pending.redirectUri,
    code_verifier: pending.codeVerifier!,
    code,
    grant_type: 'authorization_code',
  });
  let answer: Response;
  try {
    answer = await fetch(pending.tokenUrl!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, ...(signal ? { signal } : {}) });
  } catch (cause) {
    throw new LatchError('ERR_OAUTH_CALLBACK', 'The provider\'s token endpoint could not be reached.', { cause });
  }
  const json = (await answer.json().catch(() => undefined)) as { id_token?: unknown } | undefined;
  if (!answer.ok || typeof json?.id_token !== 'string') {
    throw new LatchError('ERR_OAUTH_CALLBACK', 'The provider did not exchange the code for an identity token.');
  }
  return json.id_token;
}

/** Forgets a prepared attempt that will not be used (the user closed the dialog). */
export async function abandonOAuth(deps: { keyStore: KeyStore }, pending: PendingOAuth): Promise<void> {
  await deps.keyStore.delete(pending.keyId).catch(() => undefined);
}
