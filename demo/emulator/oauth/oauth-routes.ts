/**
 * Routes of the built-in OAuth provider under `/oauth` on the API origin:
 *   GET  /oauth/jwks                                   ES256 signing key (JWKS)
 *   GET  /oauth/<provider>/.well-known/openid-configuration
 *   GET  /oauth/<provider>/authorize                   consent page (#consent-allow / #consent-deny)
 *   POST /oauth/<provider>/consent                     → 302 to redirect_uri (code or id_token)
 *   POST /oauth/<provider>/token                       authorization_code (+ PKCE) → tokens
 *   GET  /oauth/<provider>/userinfo                    Bearer access token → {sub, email}
 * Provider errors use OAuth's own format ({error, error_description}), not the service's.
 */
import { htmlResponse, jsonResponse, redirectResponse } from '../http/exchange.ts';
import { utf8Decode } from '../../../src/encoding/utf8.ts';
import { randomBytes } from '../../../src/crypto/webcrypto.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { isEmail } from '../identity/contact.ts';
import { oauthIssuer, isOAuthProviderName } from './issuers.ts';
import { OIDC_PROVIDERS, PROVIDER_RULES, parseAuthorizeRequest, redirectBack } from './authorize-request.ts';
import { consentPage, errorPage } from './consent-page.ts';
import { issueAccessToken, issueIdToken, subjectFor, ID_TOKEN_SECONDS } from './id-token.ts';
import { redeemCode } from './redeem-code.ts';
import { readAccessToken } from './access-token.ts';
import type { EmulatorContext } from '../context.ts';
import type { EmuRequest, EmuResponse } from '../http/exchange.ts';
import type { Router } from '../http/router.ts';

/** Authorization codes live 5 minutes. */
export const CODE_SECONDS = 300;

const oauthError = (status: number, error: string, description: string): EmuResponse =>
  jsonResponse(status, { error, error_description: description }, { 'cache-control': 'no-store' });

function formFields(request: EmuRequest): URLSearchParams {
  let text = '';
  try {
    text = utf8Decode(request.body);
  } catch {
    return new URLSearchParams();
  }
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) {
        return new URLSearchParams(Object.entries(parsed).filter(([, v]) => typeof v === 'string') as [string, string][]);
      }
    } catch {
      return new URLSearchParams();
    }
  }
  return new URLSearchParams(text);
}

export function oauthRoutes(ctx: EmulatorContext) {
  async function authorize(request: EmuRequest, provider: string): Promise<EmuResponse> {
    const parsed = parseAuthorizeRequest(ctx, provider, (n) => request.query.get(n));
    if ('page' in parsed) return htmlResponse(400, errorPage(parsed.page));
    if ('redirect' in parsed) return redirectResponse(redirectBack(parsed.redirect, { error: parsed.error, error_description: parsed.description }));
    return htmlResponse(200, consentPage(parsed.ok), { 'cache-control': 'no-store' });
  }

  async function consent(request: EmuRequest, provider: string): Promise<EmuResponse> {
    const form = formFields(request);
    const parsed = parseAuthorizeRequest(ctx, provider, (n) => form.get(n));
    if ('page' in parsed) return htmlResponse(400, errorPage(parsed.page));
    if ('redirect' in parsed) return redirectResponse(redirectBack(parsed.redirect, { error: parsed.error, error_description: parsed.description }));
    const auth = parsed.ok;
    if (form.get('decision') !== 'allow') return redirectResponse(redirectBack(auth, { error: 'access_denied', error_description: 'The user declined.' }));
    const email = (form.get('email') ?? '').trim();
    if (!isEmail(email)) return htmlResponse(400, errorPage('Enter a valid email address.'));
    const who = { provider: auth.provider, clientId: auth.clientId, subject: await subjectFor(auth.provider, email), email };
    if (auth.responseType === 'id_token') {
      return redirectResponse(redirectBack(auth, { id_token: await issueIdToken(ctx, who, auth.nonce), token_type: 'Bearer' }));
    }
    // `code` (and, for Apple's `code id_token`, the id_token beside it in the fragment).
    const code = toBase64Url(randomBytes(32));
    const now = ctx.now();
    await ctx.store.transact((tx) => {
      tx.oauthCodes.put({
        id: code,
        provider: auth.provider,
        clientId: auth.clientId,
        redirectUri: auth.redirectUri,
        email,
        subject: who.subject,
        expiresAt: now + CODE_SECONDS * 1000,
        createdAt: now,
        updatedAt: now,
        ...(auth.nonce !== undefined ? { nonce: auth.nonce } : {}),
        ...(auth.codeChallenge !== undefined ? { codeChallenge: auth.codeChallenge } : {}),
      });
      // Expired codes are dropped as new ones are made: oldest first, up to the first live one
      // (codes all live as long; an expired code is refused anyway, so this is housekeeping).
      for (const old of tx.oauthCodes.inOrder()) {
        if (old.expiresAt > now) break;
        tx.oauthCodes.delete(old.id);
      }
    });
    const withToken: Record<string, string> = auth.responseType === 'code id_token' ? { id_token: await issueIdToken(ctx, who, auth.nonce) } : {};
    return redirectResponse(redirectBack(auth, { code, ...withToken }));
  }

  async function token(request: EmuRequest, provider: string): Promise<EmuResponse> {
    if (!isOAuthProviderName(provider)) return oauthError(404, 'invalid_request', 'Unknown provider.');
    const form = formFields(request);
    if (form.get('grant_type') !== 'authorization_code') return oauthError(400, 'unsupported_grant_type', 'Only authorization_code is supported.');
    const code = form.get('code');
    const clientId = form.get('client_id');
    const redirectUri = form.get('redirect_uri');
    if (!code || !clientId || !redirectUri) return oauthError(400, 'invalid_request', 'code, client_id and redirect_uri are required.');
    const verifier = form.get('code_verifier');
    const now = ctx.now();
    const redeemed = await ctx.store.transact((tx) =>
      redeemCode(tx, { provider, code, clientId, redirectUri, ...(verifier ? { codeVerifier: verifier } : {}) }, now),
    );
    if (typeof redeemed === 'string') return oauthError(400, redeemed, 'The code is unknown, expired, used, or does not match.');
    const who = { provider, clientId, subject: redeemed.subject, email: redeemed.email };
    const body: Record<string, unknown> = {
      access_token: await issueAccessToken(ctx, who),
      token_type: 'Bearer',
      expires_in: ID_TOKEN_SECONDS,
      scope: 'openid email',
    };
    if (OIDC_PROVIDERS.includes(provider)) body.id_token = await issueIdToken(ctx, who, redeemed.nonce);
    return jsonResponse(200, body, { 'cache-control': 'no-store' });
  }

  async function userinfo(request: EmuRequest, provider: string): Promise<EmuResponse> {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const claims = match ? await readAccessToken(ctx, match[1]!) : null;
    if (!claims || claims.iss !== (isOAuthProviderName(provider) ? oauthIssuer(ctx, provider) : '')) {
      return oauthError(401, 'invalid_token', 'The access token is not valid.');
    }
    return jsonResponse(200, { sub: claims.sub, email: claims.email, email_verified: true });
  }

  function discovery(provider: string): EmuResponse {
    if (!isOAuthProviderName(provider)) return oauthError(404, 'invalid_request', 'Unknown provider.');
    const base = `${ctx.urls.oauthUrl}/${provider}`;
    const oidc = OIDC_PROVIDERS.includes(provider);
    return jsonResponse(200, {
      issuer: oauthIssuer(ctx, provider),
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/userinfo`,
      jwks_uri: `${ctx.urls.oauthUrl}/jwks`,
      response_types_supported: PROVIDER_RULES[provider].responseTypes,
      response_modes_supported: ['query', 'fragment'],
      grant_types_supported: oidc ? ['authorization_code', 'implicit'] : ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'email'],
    });
  }

  return (router: Router): void => {
    router.add('GET', '/oauth/jwks', async () =>
      jsonResponse(200, { keys: [{ ...ctx.keys.oauth.publicJwk, kid: ctx.keys.oauth.kid, alg: 'ES256', use: 'sig' }] }, { 'cache-control': 'no-store' }),
    );
    router.add('GET', '/oauth/:provider/.well-known/openid-configuration', async (_r, p) => discovery(p.provider!));
    router.add('GET', '/oauth/:provider/authorize', (r, p) => authorize(r, p.provider!));
    router.add('POST', '/oauth/:provider/consent', (r, p) => consent(r, p.provider!));
    router.add('POST', '/oauth/:provider/token', (r, p) => token(r, p.provider!));
    router.add('GET', '/oauth/:provider/userinfo', (r, p) => userinfo(r, p.provider!));
  };
}
