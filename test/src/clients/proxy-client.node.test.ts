// ProxyClient over real HTTP: the eight endpoints' paths, bodies and headers, the checks made
// before sending (the server must receive nothing), answer checks, and wallet_kit_config defaults.
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { ProxyClient, type ProxyClientOptions } from '../../../src/clients/proxy-client.ts';
import type { ClientSignature, SignupRequest } from '../../../src/clients/proxy-types.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { rejectsWith } from './assert-code.ts';
import { startServer, type Received, type Reply, type TestServer } from './test-server.ts';

const KEY = '02' + 'ab'.repeat(32);
const jwt = (claims: object) => `${toBase64Url(utf8Encode('{"alg":"ES256","typ":"JWT"}'))}.${toBase64Url(utf8Encode(JSON.stringify(claims)))}.c2ln`;
const FREE_TOKEN = jwt({ id: 'tok-1', contact: 'ada@example.com', verification_type: 'email', exp: 2_000_000_000 });
const BOUND_TOKEN = jwt({ id: 'tok-2', contact: 'ada@example.com', verification_type: 'email', exp: 2_000_000_000, public_key: KEY });
const SIGNATURE: ClientSignature = { publicKey: KEY, scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256', message: '{"login":{}}', signature: 'ab'.repeat(64) };
const SIGNUP: SignupRequest = { userEmail: 'ada@example.com', verificationToken: FREE_TOKEN, apiKeys: [], authenticators: [], oauthProviders: [] };
const KIT = { enabledProviders: ['email', 'google'], sessionExpirationSeconds: '900', organizationId: 'org-parent' };

describe('ProxyClient', () => {
  let server: TestServer;
  let script: (request: Received) => Reply = () => ({ json: {} });
  const proxy = (extra: Partial<ProxyClientOptions> = {}) => new ProxyClient({ authProxyUrl: server.url, configId: 'cfg-123', ...extra });

  before(async () => {
    server = await startServer((request) => script(request));
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  describe('the eight endpoints', () => {
    const calls: [string, (p: ProxyClient) => Promise<unknown>, object, object, unknown][] = [
      ['otp_init', (p) => p.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }), { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }, { otpId: 'otp-1' }, { otpId: 'otp-1' }],
      ['otp_verify', (p) => p.otpVerify({ otpId: 'otp-1', otpCode: '123456', publicKey: KEY }), { otpId: 'otp-1', otpCode: '123456', publicKey: KEY }, { verificationToken: BOUND_TOKEN }, { verificationToken: BOUND_TOKEN }],
      ['otp_login', (p) => p.otpLogin({ verificationToken: BOUND_TOKEN, publicKey: KEY, invalidateExisting: true, clientSignature: SIGNATURE }), { verificationToken: BOUND_TOKEN, publicKey: KEY, invalidateExisting: true, clientSignature: SIGNATURE }, { session: 'jwt-1' }, { session: 'jwt-1' }],
      ['signup', (p) => p.signup(SIGNUP), SIGNUP, { organizationId: 'org-1', userId: 'u-1', appProofs: [] }, { organizationId: 'org-1', userId: 'u-1', appProofs: [] }],
      ['oauth2_authenticate', (p) => p.oauth2Authenticate({ provider: 'OAUTH2_PROVIDER_X', authCode: 'code', redirectUri: 'https://app.example/cb', codeVerifier: 'v'.repeat(43), nonce: 'n-1', clientId: 'client-x' }), { provider: 'OAUTH2_PROVIDER_X', authCode: 'code', redirectUri: 'https://app.example/cb', codeVerifier: 'v'.repeat(43), nonce: 'n-1', clientId: 'client-x' }, { oidcToken: 'oidc-1' }, { oidcToken: 'oidc-1' }],
      ['oauth_login', (p) => p.oauthLogin({ oidcToken: 'oidc-1', publicKey: KEY, organizationId: 'org-1' }), { oidcToken: 'oidc-1', publicKey: KEY, organizationId: 'org-1' }, { session: 'jwt-2' }, { session: 'jwt-2' }],
      ['account', (p) => p.account({ filterType: 'EMAIL', filterValue: 'ada@example.com' }), { filterType: 'EMAIL', filterValue: 'ada@example.com' }, { organizationId: 'org-1' }, { organizationId: 'org-1' }],
      ['wallet_kit_config', (p) => p.walletKitConfig(), {}, KIT, { ...KIT, otpAlphanumeric: true, otpLength: '6' }],
    ];
    for (const [endpoint, call, sent, answer, expected] of calls) {
      it(`${endpoint}: POST /v1/${endpoint} with the config id header and the request as body`, async () => {
        script = () => ({ json: answer });
        assert.deepEqual(await call(proxy()), expected);
        assert.equal(server.requests.length, 1);
        const [request] = server.requests;
        assert.equal(request.method, 'POST');
        assert.equal(request.path, `/v1/${endpoint}`);
        assert.deepEqual(request.json, sent);
        assert.equal(request.headers['x-auth-proxy-config-id'], 'cfg-123');
        assert.equal(request.headers['content-type'], 'application/json');
        assert.equal(request.headers['x-captcha-token'], undefined);
        assert.equal(request.headers['x-stamp'], undefined, 'no stamp goes to the proxy');
      });
    }
  });

  describe('headers and transport', () => {
    it('sends the captcha token when configured, and a per-call token instead when given', async () => {
      script = () => ({ json: KIT });
      const p = proxy({ captchaToken: 'cap-1' });
      await p.walletKitConfig();
      await p.walletKitConfig({}, { captchaToken: 'cap-2' });
      assert.deepEqual(server.requests.map((r) => r.headers['x-captcha-token']), ['cap-1', 'cap-2']);
    });

    it('joins a base URL with a trailing slash', async () => {
      script = () => ({ json: KIT });
      await proxy({ authProxyUrl: `${server.url}/` }).walletKitConfig();
      assert.equal(server.requests[0].path, '/v1/wallet_kit_config');
    });

    it('defaults to the hosted proxy URL', async () => {
      const urls: string[] = [];
      const fake: typeof fetch = async (input) => {
        urls.push(String(input));
        return new Response(JSON.stringify(KIT), { status: 200 });
      };
      await new ProxyClient({ configId: 'cfg', fetch: fake }).walletKitConfig();
      assert.deepEqual(urls, ['https://authproxy.turnkey.com/v1/wallet_kit_config']);
    });

    it('maps proxy error messages (Invalid OTP code, OAUTH disallowed)', async () => {
      script = () => ({ status: 400, json: { code: 3, message: 'Invalid OTP code', details: [] } });
      await rejectsWith(() => proxy().otpVerify({ otpId: 'o', otpCode: '000000' }), 'ERR_OTP_INVALID');
      script = () => ({ status: 403, json: { code: 7, message: 'OAUTH disallowed', details: [] } });
      await rejectsWith(() => proxy().oauthLogin({ oidcToken: 't', publicKey: KEY }), 'ERR_OAUTH_DISALLOWED');
      script = () => ({ status: 429, json: { code: 8, message: 'Max number of OTPs have been initiated', details: [] } });
      await rejectsWith(() => proxy().otpInit({ otpType: 'OTP_TYPE_SMS', contact: '+15555550100' }), 'ERR_OTP_LIMIT');
      script = () => ({ status: 403, json: { code: 7, message: 'origin not allowed', details: [] } });
      await rejectsWith(() => proxy().walletKitConfig(), 'ERR_SERVICE_FORBIDDEN');
    });

    it('times out with the configured timeout', async () => {
      script = () => ({ hang: true });
      await rejectsWith(() => proxy({ timeoutMs: 50 }).walletKitConfig(), 'ERR_NETWORK_TIMEOUT');
    });

    it('stops when the caller aborts', async () => {
      script = () => ({ hang: true });
      const controller = new AbortController();
      const arrived = server.nextRequest();
      const pending = rejectsWith(() => proxy().walletKitConfig({}, { signal: controller.signal }), 'ERR_NETWORK_ABORTED');
      await arrived;
      controller.abort();
      await pending;
    });

    it('needs a config id', () => {
      assert.throws(() => new ProxyClient({ configId: '' }), { code: 'ERR_CONFIG_INVALID' });
    });
  });

  describe('requests checked before sending', () => {
    const refused: [string, (p: ProxyClient) => Promise<unknown>][] = [
      ['otpInit without contact', (p) => p.otpInit({ otpType: 'OTP_TYPE_EMAIL' } as never)],
      ['otpInit with an unknown otpType', (p) => p.otpInit({ otpType: 'OTP_TYPE_CARRIER_PIGEON' as never, contact: 'x' })],
      ['otpInit without a request', (p) => p.otpInit(undefined as never)],
      ['otpVerify without otpCode', (p) => p.otpVerify({ otpId: 'o' } as never)],
      ['otpVerify with an empty publicKey', (p) => p.otpVerify({ otpId: 'o', otpCode: '1', publicKey: '' })],
      ['otpLogin without publicKey', (p) => p.otpLogin({ verificationToken: FREE_TOKEN } as never)],
      ['otpLogin with a key-bound token and no clientSignature', (p) => p.otpLogin({ verificationToken: BOUND_TOKEN, publicKey: KEY })],
      ['otpLogin with a clientSignature of another scheme', (p) => p.otpLogin({ verificationToken: BOUND_TOKEN, publicKey: KEY, clientSignature: { ...SIGNATURE, scheme: 'OTHER' as never } })],
      ['otpLogin with a clientSignature missing its signature', (p) => p.otpLogin({ verificationToken: BOUND_TOKEN, publicKey: KEY, clientSignature: { ...SIGNATURE, signature: '' } })],
      ['signup without apiKeys', (p) => p.signup({ ...SIGNUP, apiKeys: undefined } as never)],
      ['signup without authenticators', (p) => p.signup({ ...SIGNUP, authenticators: undefined } as never)],
      ['signup without oauthProviders', (p) => p.signup({ ...SIGNUP, oauthProviders: undefined } as never)],
      ['signup with a key-bound token and no clientSignature', (p) => p.signup({ ...SIGNUP, verificationToken: BOUND_TOKEN })],
      ['oauth2Authenticate with an unknown provider', (p) => p.oauth2Authenticate({ provider: 'OAUTH2_PROVIDER_MYSPACE' as never, authCode: 'c', redirectUri: 'r', codeVerifier: 'v', nonce: 'n', clientId: 'i' })],
      ['oauth2Authenticate without codeVerifier', (p) => p.oauth2Authenticate({ provider: 'OAUTH2_PROVIDER_DISCORD', authCode: 'c', redirectUri: 'r', nonce: 'n', clientId: 'i' } as never)],
      ['oauthLogin without oidcToken', (p) => p.oauthLogin({ publicKey: KEY } as never)],
      ['account with an unknown filterType', (p) => p.account({ filterType: 'SHOE_SIZE' as never, filterValue: '42' })],
      ['account without filterValue', (p) => p.account({ filterType: 'EMAIL', filterValue: '' })],
    ];
    for (const [label, call] of refused) {
      it(`refuses ${label} with ERR_INPUT_INVALID, sending nothing`, async () => {
        script = () => ({ json: {} });
        await rejectsWith(() => call(proxy()), 'ERR_INPUT_INVALID');
        assert.equal(server.requests.length, 0);
      });
    }

    it('lets an unbound token log in without a clientSignature', async () => {
      script = () => ({ json: { session: 'jwt' } });
      assert.deepEqual(await proxy().otpLogin({ verificationToken: FREE_TOKEN, publicKey: KEY }), { session: 'jwt' });
    });

    it('leaves a token it cannot read for the service to judge', async () => {
      script = () => ({ json: { session: 'jwt' } });
      assert.deepEqual(await proxy().otpLogin({ verificationToken: 'opaque', publicKey: KEY }), { session: 'jwt' });
    });
  });

  describe('C12 malformed-proxy-response: answers', () => {
    const malformed: [string, (p: ProxyClient) => Promise<unknown>, object][] = [
      ['otp_init without otpId', (p) => p.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'x' }), {}],
      ['otp_verify with a numeric token', (p) => p.otpVerify({ otpId: 'o', otpCode: '1' }), { verificationToken: 7 }],
      ['otp_login without session', (p) => p.otpLogin({ verificationToken: FREE_TOKEN, publicKey: KEY }), { sessions: 'x' }],
      ['signup without userId', (p) => p.signup(SIGNUP), { organizationId: 'org-1' }],
      ['oauth2_authenticate without oidcToken', (p) => p.oauth2Authenticate({ provider: 'OAUTH2_PROVIDER_X', authCode: 'c', redirectUri: 'r', codeVerifier: 'v', nonce: 'n', clientId: 'i' }), {}],
      ['oauth_login with an empty session', (p) => p.oauthLogin({ oidcToken: 't', publicKey: KEY }), { session: '' }],
      ['account with a numeric organizationId', (p) => p.account({ filterType: 'EMAIL', filterValue: 'x' }), { organizationId: 5 }],
      ['wallet_kit_config without organizationId', (p) => p.walletKitConfig(), { enabledProviders: [], sessionExpirationSeconds: '900' }],
      ['wallet_kit_config without enabledProviders', (p) => p.walletKitConfig(), { sessionExpirationSeconds: '900', organizationId: 'o' }],
      ['wallet_kit_config with a bad sessionExpirationSeconds', (p) => p.walletKitConfig(), { ...KIT, sessionExpirationSeconds: 'soon' }],
    ];
    for (const [label, call, answer] of malformed) {
      it(`refuses ${label} with ERR_RESPONSE_MALFORMED`, async () => {
        script = () => ({ json: answer });
        await rejectsWith(() => call(proxy()), 'ERR_RESPONSE_MALFORMED');
      });
    }

    it('account: an absent or empty organizationId means "no account"', async () => {
      for (const answer of [{}, { organizationId: '' }]) {
        script = () => ({ json: answer });
        assert.deepEqual(await proxy().account({ filterType: 'OIDC_TOKEN', filterValue: 'tok' }), {});
      }
    });

    it('wallet_kit_config keeps the service values over the defaults and normalizes numbers', async () => {
      script = () => ({
        json: {
          ...KIT,
          sessionExpirationSeconds: 3600,
          otpAlphanumeric: false,
          otpLength: 8,
          oauthClientIds: { google: 'g-client', x: 42 },
          oauthRedirectUrl: 'https://app.example/cb',
          enabledProviders: ['email', 'passkey', 'telepathy', 7],
        },
      });
      assert.deepEqual(await proxy().walletKitConfig(), {
        enabledProviders: ['email', 'passkey'],
        sessionExpirationSeconds: '3600',
        organizationId: 'org-parent',
        otpAlphanumeric: false,
        otpLength: '8',
        oauthClientIds: { google: 'g-client' },
        oauthRedirectUrl: 'https://app.example/cb',
      });
    });

    it('wallet_kit_config keeps our theme, locale and copy when well typed, and drops the rest', async () => {
      script = () => ({
        json: {
          ...KIT,
          theme: { colors: { primary: '#0a84ff', bad: 3 }, radius: '12px', font: 'Inter, sans-serif', logoUrl: 'https://app.example/logo.svg', darkMode: 'auto', extra: 'x' },
          locale: 'fr-CA',
          copy: { 'auth.title': 'Connexion', broken: false },
        },
      });
      const config = await proxy().walletKitConfig();
      assert.deepEqual(config.theme, { colors: { primary: '#0a84ff' }, radius: '12px', font: 'Inter, sans-serif', logoUrl: 'https://app.example/logo.svg', darkMode: 'auto' });
      assert.equal(config.locale, 'fr-CA');
      assert.deepEqual(config.copy, { 'auth.title': 'Connexion' });

      // Light and dark logos (the hosted kit's ui.logoLight / ui.logoDark) are kept when they are
      // https or data:image/; any other URL (javascript:, plain http, another data: type, a
      // relative one, one with whitespace) is dropped, field by field.
      const PNG = 'data:image/png;base64,iVBORw0KGgo=';
      script = () => ({ json: { ...KIT, theme: { logoLight: 'HTTPS://app.example/light.svg', logoDark: PNG, logoUrl: 'javascript:alert(1)' } } });
      assert.deepEqual((await proxy().walletKitConfig()).theme, { logoLight: 'HTTPS://app.example/light.svg', logoDark: PNG });
      for (const bad of ['javascript:alert(1)', 'http://app.example/logo.svg', 'data:text/html;base64,PGI+', '//app.example/logo.svg', 'https://app.example/a logo.svg', 'https://', 42]) {
        script = () => ({ json: { ...KIT, theme: { logoUrl: bad, logoLight: bad, logoDark: bad } } });
        assert.deepEqual((await proxy().walletKitConfig()).theme, {}, String(bad));
      }

      script = () => ({ json: { ...KIT, theme: { darkMode: 'sometimes', radius: 4 }, locale: 12, copy: 'none' } });
      const plain = await proxy().walletKitConfig();
      assert.deepEqual(plain.theme, {});
      assert.equal('locale' in plain, false);
      assert.equal('copy' in plain, false);
    });
  });
});
