// The built-in OAuth provider (Google/Apple/Facebook OIDC stand-ins; X/Discord OAuth 2.0 +
// PKCE) and the proxy's OAuth endpoints: flows with plain fetch following redirects, real
// token verification (signature, iss, aud, exp, nonce) and the refusals.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createPkce } from '../../src/flows/pkce.ts';
import { oidcNonce } from '../../src/tokens/oidc-nonce.ts';
import { decodeJwt, jwtSigningInput } from '../../src/tokens/jwt.ts';
import { verifySessionJwt } from '../../src/tokens/session-jwt.ts';
import { toBase64Url } from '../../src/encoding/base64url.ts';
import { utf8Encode } from '../../src/encoding/utf8.ts';
import { startFixture, getJson, newTestKey, plainPost } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import { openConsent, startCallback, submitConsent } from './support/oauth-browser.ts';
import type { Callback } from './support/oauth-browser.ts';
import type { Fixture, TestKey } from './support/emulator-fixture.ts';

describe('OAuth provider and proxy OAuth', () => {
  let f: Fixture;
  let callback: Callback;
  let keys: Record<string, string>;
  before(async () => {
    callback = await startCallback();
    f = await startFixture({
      proxyConfigs: [
        { id: 'email-only', enabledProviders: ['email'] },
        { id: 'pinned', oauthRedirectUrl: 'https://app.example/callback', oauthClientIds: { google: 'pinned-google' } },
      ],
    });
    keys = (await getJson(`${f.urls.apiUrl}/__keys`)).json as Record<string, string>;
  });
  after(async () => {
    await f.stop();
    await callback.close();
  });

  const authorizeUrl = (provider: string, params: Record<string, string>) => `${f.urls.oauthUrl}/${provider}/authorize?${new URLSearchParams(params)}`;

  async function xCode(key: TestKey, email: string) {
    const pkce = await createPkce();
    const nonce = await oidcNonce(key.id);
    const form = await openConsent(
      authorizeUrl('x', { client_id: 'latchkey-demo-x', redirect_uri: callback.url, response_type: 'code', state: nonce, code_challenge: pkce.codeChallenge, code_challenge_method: 'S256', scope: 'users.read' }),
    );
    const response = await submitConsent(form, 'allow', email);
    assert.equal(response.status, 200);
    const query = callback.last()!;
    assert.equal(query.get('state'), nonce);
    return { code: query.get('code')!, pkce, nonce };
  }

  it('runs the X flow: consent page, code + PKCE, oauth2_authenticate, sign-up, oauth_login', async () => {
    const key = await newTestKey();
    const form = await openConsent(authorizeUrl('x', { client_id: 'latchkey-demo-x', redirect_uri: callback.url, response_type: 'code', code_challenge: (await createPkce()).codeChallenge, code_challenge_method: 'S256' }));
    assert.match(form.html, /id="consent-allow"/);
    assert.match(form.html, /id="consent-deny"/);
    assert.match(form.html, /id="consent-email"[^>]*value="alice@example.com"/);

    const { code, pkce, nonce } = await xCode(key, 'xuser@example.com');
    const auth = await f.proxy('oauth2_authenticate', { provider: 'OAUTH2_PROVIDER_X', authCode: code, redirectUri: callback.url, codeVerifier: pkce.codeVerifier, nonce, clientId: 'latchkey-demo-x' });
    assert.equal(auth.status, 200, JSON.stringify(auth.json));
    const oidcToken = auth.json.oidcToken as string;
    const claims = decodeJwt(oidcToken).payload;
    assert.equal(claims.nonce, nonce);
    assert.equal(claims.iss, `${f.urls.oauthUrl}/x`);
    assert.equal(claims.aud, 'latchkey-demo-x');
    assert.equal(claims.email, 'xuser@example.com');

    assert.deepEqual((await f.proxy('account', { filterType: 'OIDC_TOKEN', filterValue: oidcToken })).json, {});
    const signup = await f.proxy('signup', { userName: 'xuser', apiKeys: [], authenticators: [], oauthProviders: [{ providerName: 'x', oidcToken }] });
    assert.equal(signup.status, 200, JSON.stringify(signup.json));
    assert.deepEqual(signup.json.appProofs, []);
    assert.equal((await f.proxy('account', { filterType: 'OIDC_TOKEN', filterValue: oidcToken })).json.organizationId, signup.json.organizationId);

    const login = await f.proxy('oauth_login', { oidcToken, publicKey: key.id });
    assert.equal(login.status, 200, JSON.stringify(login.json));
    const session = await verifySessionJwt(login.json.session as string, { notarizerPublicKey: keys.notarizerPublicKey });
    assert.equal(session.organization_id, signup.json.organizationId);
    assert.equal(session.public_key, key.id);
  });

  it('refuses a reused code, a wrong verifier or redirect URI, and a foreign client id, changing nothing', async () => {
    const key = await newTestKey();
    const { code, pkce, nonce } = await xCode(key, 'reuse@example.com');
    const base = { provider: 'OAUTH2_PROVIDER_X', authCode: code, redirectUri: callback.url, codeVerifier: pkce.codeVerifier, nonce, clientId: 'latchkey-demo-x' };
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.proxy('oauth2_authenticate', { ...base, codeVerifier: (await createPkce()).codeVerifier }), 401, 16, 'INVALID_OIDC_TOKEN');
      assertServiceError(await f.proxy('oauth2_authenticate', { ...base, redirectUri: `${callback.url}/other` }), 401, 16, 'INVALID_OIDC_TOKEN');
      assertServiceError(await f.proxy('oauth2_authenticate', { ...base, provider: 'OAUTH2_PROVIDER_DISCORD' }), 403, 7, undefined, 'OAUTH disallowed');
      assertServiceError(await f.proxy('oauth2_authenticate', { ...base, clientId: 'someone-else' }), 403, 7, undefined, 'OAUTH disallowed');
      assertServiceError(await f.proxy('oauth2_authenticate', { ...base, provider: 'OAUTH2_PROVIDER_MYSPACE' }), 400, 3);
      assertServiceError(await f.proxy('oauth2_authenticate', { ...base, nonce: undefined }), 400, 3);
    });
    assert.equal((await f.proxy('oauth2_authenticate', base)).status, 200);
    await assertNoStateChange(f.emulator, async () => assertServiceError(await f.proxy('oauth2_authenticate', base), 401, 16, 'INVALID_OIDC_TOKEN'));
  });

  it('runs the Google code flow: the token endpoint returns an id_token verifiable with the JWKS', async () => {
    const key = await newTestKey();
    const nonce = await oidcNonce(key.id);
    const form = await openConsent(authorizeUrl('google', { client_id: 'latchkey-demo-google', redirect_uri: callback.url, response_type: 'code', nonce, state: 's1', scope: 'openid email' }));
    await submitConsent(form, 'allow', 'gina@example.com');
    const code = callback.last()!.get('code')!;
    const token = await fetch(`${f.urls.oauthUrl}/google/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callback.url, client_id: 'latchkey-demo-google' }),
    });
    assert.equal(token.status, 200);
    const tokens = (await token.json()) as Record<string, string>;
    const idToken = tokens.id_token!;
    const { header, payload, signingInput, signature } = decodeJwt(idToken);
    const jwks = (await getJson(keys.oauthJwksUrl!)).json.keys as JsonWebKey[];
    const jwk = jwks.find((k) => (k as { kid?: string }).kid === header.kid)!;
    const verifier = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    assert.ok(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, verifier, signature.slice(), utf8Encode(signingInput).slice()));
    assert.equal(payload.iss, `${f.urls.oauthUrl}/google`);
    assert.equal(payload.nonce, nonce);
    assert.equal(payload.email, 'gina@example.com');
    // userinfo with the access token; discovery document.
    const info = await getJson(`${f.urls.oauthUrl}/google/userinfo`, { authorization: `Bearer ${tokens.access_token}` });
    assert.equal(info.json.email, 'gina@example.com');
    assert.equal(info.json.sub, payload.sub);
    const discovery = await getJson(`${f.urls.oauthUrl}/google/.well-known/openid-configuration`);
    assert.equal(discovery.json.issuer, payload.iss);
    assert.equal(discovery.json.jwks_uri, keys.oauthJwksUrl);
    // The code works once.
    const again = await fetch(`${f.urls.oauthUrl}/google/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: callback.url, client_id: 'latchkey-demo-google' }) });
    assert.equal(again.status, 400);
    assert.equal(((await again.json()) as { error: string }).error, 'invalid_grant');
    // The same person gets the same subject next time, so logs in to the same account.
    const signup = await f.proxy('signup', { userEmail: 'gina@example.com', apiKeys: [], authenticators: [], oauthProviders: [{ providerName: 'google', oidcToken: idToken }] });
    assert.equal(signup.status, 200, JSON.stringify(signup.json));
    const login = await f.proxy('oauth_login', { oidcToken: idToken, publicKey: key.id, organizationId: signup.json.organizationId });
    assert.equal(login.status, 200);
  });

  it('runs the implicit id_token flow with the fragment response mode (Google)', async () => {
    const key = await newTestKey();
    const nonce = await oidcNonce(key.id);
    const form = await openConsent(authorizeUrl('google', { client_id: 'latchkey-demo-google', redirect_uri: callback.url, response_type: 'id_token', response_mode: 'fragment', nonce, state: 'abc' }));
    const response = await submitConsent(form, 'allow', 'ada@example.com', 'manual');
    assert.equal(response.status, 302);
    const location = new URL(response.headers.get('location')!);
    assert.equal(location.search, '');
    const fragment = new URLSearchParams(location.hash.slice(1));
    assert.equal(fragment.get('state'), 'abc');
    assert.equal(decodeJwt(fragment.get('id_token')!).payload.nonce, nonce);
  });

  it('redirects a refusal back as access_denied', async () => {
    const form = await openConsent(authorizeUrl('discord', { client_id: 'latchkey-demo-discord', redirect_uri: callback.url, response_type: 'code', state: 'st', code_challenge: (await createPkce()).codeChallenge, code_challenge_method: 'S256' }));
    await submitConsent(form, 'deny');
    assert.equal(callback.last()!.get('error'), 'access_denied');
    assert.equal(callback.last()!.get('state'), 'st');
    assert.equal(callback.last()!.get('code'), null);
  });

  it('refuses bad authorization requests: unknown client or redirect on a page, others by redirect', async () => {
    const page = async (url: string) => {
      const response = await fetch(url, { redirect: 'manual' });
      return { status: response.status, location: response.headers.get('location'), text: await response.text() };
    };
    assert.equal((await page(authorizeUrl('google', { client_id: 'nobody', redirect_uri: callback.url, response_type: 'code' }))).status, 400);
    assert.equal((await page(authorizeUrl('myspace', { client_id: 'x', redirect_uri: callback.url, response_type: 'code' }))).status, 400);
    assert.equal((await page(authorizeUrl('google', { client_id: 'pinned-google', redirect_uri: callback.url, response_type: 'code' }))).status, 400);
    assert.equal((await page(authorizeUrl('google', { client_id: 'pinned-google', redirect_uri: 'https://app.example/callback', response_type: 'code' }))).status, 200);
    const noPkce = await page(authorizeUrl('x', { client_id: 'latchkey-demo-x', redirect_uri: callback.url, response_type: 'code' }));
    assert.equal(noPkce.status, 302);
    assert.equal(new URL(noPkce.location!).searchParams.get('error'), 'invalid_request');
    const implicitX = await page(authorizeUrl('x', { client_id: 'latchkey-demo-x', redirect_uri: callback.url, response_type: 'id_token', nonce: 'n' }));
    assert.equal(new URL(implicitX.location!).searchParams.get('error'), 'unsupported_response_type');
    const noNonce = await page(authorizeUrl('google', { client_id: 'latchkey-demo-google', redirect_uri: callback.url, response_type: 'id_token' }));
    assert.equal(new URLSearchParams(new URL(noNonce.location!).hash.slice(1)).get('error'), 'invalid_request');
  });

  // Each real provider's documented rules, which the kit's requests must meet (the kit's side of
  // this table is test/src/flows/oauth-providers.test.ts).
  it('holds each provider to its own rules: Apple (code id_token, no scope), Facebook (code + PKCE only)', async () => {
    const refusal = async (provider: string, params: Record<string, string>) => {
      const response = await fetch(authorizeUrl(provider, { client_id: `latchkey-demo-${provider}`, redirect_uri: callback.url, state: 's', ...params }), { redirect: 'manual' });
      const location = new URL(response.headers.get('location')!);
      return new URLSearchParams(location.hash.slice(1) || location.search.slice(1)).get('error');
    };
    const nonce = await oidcNonce((await newTestKey()).id);
    const challenge = (await createPkce()).codeChallenge;
    assert.equal(await refusal('apple', { response_type: 'id_token', nonce }), 'unsupported_response_type');
    assert.equal(await refusal('apple', { response_type: 'code id_token', response_mode: 'fragment', nonce, scope: 'openid email' }), 'invalid_request');
    assert.equal(await refusal('facebook', { response_type: 'id_token', nonce }), 'unsupported_response_type');
    assert.equal(await refusal('facebook', { response_type: 'code', nonce, scope: 'openid' }), 'invalid_request');
    assert.equal(await refusal('google', { response_type: 'code id_token', nonce }), 'unsupported_response_type');

    // Apple's code id_token: both in the fragment, the id_token bound by the nonce.
    const form = await openConsent(authorizeUrl('apple', { client_id: 'latchkey-demo-apple', redirect_uri: callback.url, response_type: 'code id_token', response_mode: 'fragment', nonce, state: 'apple' }));
    const answer = new URL((await submitConsent(form, 'allow', 'ann@example.com', 'manual')).headers.get('location')!);
    const fragment = new URLSearchParams(answer.hash.slice(1));
    assert.ok(fragment.get('code'));
    assert.equal(decodeJwt(fragment.get('id_token')!).payload.nonce, nonce);

    // Facebook's code + PKCE: the page exchanges it with the verifier, no secret; the answer has the id_token.
    const pkce = await createPkce();
    const fb = await openConsent(authorizeUrl('facebook', { client_id: 'latchkey-demo-facebook', redirect_uri: callback.url, response_type: 'code', scope: 'openid', nonce, state: 'fb', code_challenge: pkce.codeChallenge, code_challenge_method: 'S256' }));
    await submitConsent(fb, 'allow', 'fay@example.com');
    const exchange = (verifier: string) => fetch(`${f.urls.oauthUrl}/facebook/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.last()!.get('code')!, redirect_uri: callback.url, client_id: 'latchkey-demo-facebook', code_verifier: verifier }),
    });
    assert.equal((await exchange(challenge)).status, 400);
    const tokens = (await (await exchange(pkce.codeVerifier)).json()) as { id_token: string };
    assert.equal(decodeJwt(tokens.id_token).payload.nonce, nonce);
  });

  describe('OIDC token checks in oauth_login', () => {
    let idToken: string;
    let key: TestKey;
    let orgId: string;
    before(async () => {
      key = await newTestKey();
      const form = await openConsent(authorizeUrl('google', { client_id: 'latchkey-demo-google', redirect_uri: callback.url, response_type: 'id_token', nonce: await oidcNonce(key.id), response_mode: 'query' }));
      await submitConsent(form, 'allow', 'fred@example.com');
      idToken = callback.last()!.get('id_token')!;
      orgId = (await f.proxy('signup', { userEmail: 'fred@example.com', apiKeys: [], authenticators: [], oauthProviders: [{ providerName: 'facebook', oidcToken: idToken }] })).json.organizationId as string;
      assert.ok(orgId);
    });

    const forge = async (patch: Record<string, unknown>, signer?: CryptoKey) => {
      const { header, payload } = decodeJwt(idToken);
      const input = jwtSigningInput(header, { ...payload, ...patch });
      const ownKey = signer ?? (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])).privateKey;
      const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, ownKey, utf8Encode(input).slice()));
      return `${input}.${toBase64Url(signature)}`;
    };

    it('logs in with the right token and key', async () => {
      assert.equal((await f.proxy('oauth_login', { oidcToken: idToken, publicKey: key.id })).status, 200);
    });

    it('B10 credential-binding: refuses a nonce for another key, a forged signature, another audience or issuer, an expired token', async () => {
      const other = await newTestKey();
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.proxy('oauth_login', { oidcToken: idToken, publicKey: other.id }), 401, 16, 'INVALID_OIDC_TOKEN');
        assertServiceError(await f.proxy('oauth_login', { oidcToken: await forge({}), publicKey: key.id, organizationId: orgId }), 401, 16, 'INVALID_OIDC_TOKEN');
        assertServiceError(await f.proxy('oauth_login', { oidcToken: await forge({ aud: 'someone' }), publicKey: key.id, organizationId: orgId }), 401, 16, 'INVALID_OIDC_TOKEN');
        assertServiceError(await f.proxy('oauth_login', { oidcToken: await forge({ iss: 'https://accounts.google.com' }), publicKey: key.id, organizationId: orgId }), 401, 16, 'INVALID_OIDC_TOKEN');
        assertServiceError(await f.proxy('oauth_login', { oidcToken: 'not.a.jwt', publicKey: key.id }), 401, 16, 'INVALID_OIDC_TOKEN');
        assertServiceError(await f.proxy('oauth_login', { oidcToken: idToken }), 400, 3);
      });
      f.advance(2 * 3600_000);
      try {
        await assertNoStateChange(f.emulator, async () =>
          assertServiceError(await f.proxy('oauth_login', { oidcToken: idToken, publicKey: key.id, organizationId: orgId }), 401, 16, 'INVALID_OIDC_TOKEN'));
      } finally {
        f.advance(-2 * 3600_000);
      }
    });

    it('answers "OAUTH disallowed" when the configuration does not enable the provider', async () => {
      await assertNoStateChange(f.emulator, async () =>
        assertServiceError(await plainPost(`${f.urls.proxyUrl}/v1/oauth_login`, { oidcToken: idToken, publicKey: key.id }, { 'X-Auth-Proxy-Config-Id': 'email-only' }), 403, 7, 'FORBIDDEN', 'OAUTH disallowed'));
    });

    it('the seed\'s oauth activity returns a credential bundle when the nonce binds targetPublicKey', async () => {
      const refused = await f.submit('oauth', orgId, { oidcToken: idToken, targetPublicKey: (await newTestKey()).id });
      assertServiceError(refused, 401, 16, 'INVALID_OIDC_TOKEN');
      const ok = await f.submit('oauth', orgId, { oidcToken: idToken, targetPublicKey: key.id });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
    });
  });
});
