// Auth proxy configurations: selection by header (any case), enabled flag, exact origins
// (preflight included), wallet_kit_config with the theme extension, --config validation.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, plainPost } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import { resolveProxyConfigs } from '../../demo/emulator/config/proxy-config.ts';
import type { Fixture } from './support/emulator-fixture.ts';

const SHOP = 'https://shop.example';

const extraConfigs = [
  {
    id: 'shop',
    organizationName: 'Shop',
    allowedOrigins: [SHOP, 'http://localhost:5173'],
    enabledProviders: ['email', 'google'],
    otpLength: 8,
    otpAlphanumeric: true,
    sessionExpirationSeconds: 3600,
    oauthClientIds: { google: 'shop-google', x: 'shop-x' },
    oauthRedirectUrl: 'https://shop.example/oauth/callback',
    theme: { colors: { primary: '#0a7' }, radius: '12px', font: 'Inter, sans-serif', logoUrl: 'https://shop.example/logo.svg', logoLight: 'https://shop.example/light.svg', logoDark: 'data:image/png;base64,iVBORw0KGgo=', darkMode: 'auto' },
    locale: 'fr-CA',
    copy: { 'auth.title': 'Connexion' },
  },
  { id: 'off', enabled: false },
];

describe('auth proxy configuration', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture({ proxyConfigs: extraConfigs });
  });
  after(() => f.stop());

  const kit = (headers: Record<string, string>, body: string = '{}') => plainPost(`${f.urls.proxyUrl}/v1/wallet_kit_config`, body, headers);

  it('serves the default `demo` configuration with an empty body or {}', async () => {
    for (const body of ['', '{}']) {
      const { status, json } = await kit({ 'X-Auth-Proxy-Config-Id': 'demo' }, body);
      assert.equal(status, 200);
      assert.deepEqual(json.enabledProviders, ['email', 'sms', 'passkey', 'wallet', 'google', 'apple', 'facebook', 'x', 'discord']);
      assert.equal(json.sessionExpirationSeconds, '900');
      assert.equal(json.organizationId, f.demoOrgId);
      assert.equal(json.otpLength, '6');
      assert.equal(json.otpAlphanumeric, false);
      assert.equal(json.theme, undefined);
    }
  });

  it('accepts the configuration header in any case', async () => {
    for (const name of ['X-Auth-Proxy-Config-Id', 'X-Auth-Proxy-Config-ID', 'x-auth-proxy-config-id']) {
      assert.equal((await kit({ [name]: 'demo' })).status, 200);
    }
  });

  it('serves an extra configuration with its theme extension', async () => {
    const { status, json } = await kit({ 'X-Auth-Proxy-Config-Id': 'shop', Origin: SHOP });
    assert.equal(status, 200);
    assert.deepEqual(json.enabledProviders, ['email', 'google']);
    assert.equal(json.sessionExpirationSeconds, '3600');
    assert.equal(json.otpLength, '8');
    assert.equal(json.otpAlphanumeric, true);
    // Client ids of disabled providers are not advertised.
    assert.deepEqual(json.oauthClientIds, { google: 'shop-google' });
    assert.equal(json.oauthRedirectUrl, 'https://shop.example/oauth/callback');
    assert.deepEqual(json.theme, extraConfigs[0]!.theme);
    assert.equal(json.locale, 'fr-CA');
    assert.deepEqual(json.copy, { 'auth.title': 'Connexion' });
    assert.notEqual(json.organizationId, f.demoOrgId);
  });

  it('A10 proxy-request-schema: refuses a missing, unknown or disabled configuration, changing nothing', async () => {
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await kit({}), 400, 3, 'REQUEST_INVALID');
      assertServiceError(await kit({ 'X-Auth-Proxy-Config-Id': 'nope' }), 404, 5);
      assertServiceError(await kit({ 'X-Auth-Proxy-Config-Id': 'off' }), 403, 7, 'FORBIDDEN');
    });
  });

  it('E5 proxy-origin-exact-match: the origin is checked exactly (scheme, host, port, suffix, trailing slash, null)', async () => {
    await assertNoStateChange(f.emulator, async () => {
      for (const origin of ['https://evil.example', 'http://shop.example', 'https://shop.example:8443', 'https://sub.shop.example', 'https://shop.example.evil.com', 'https://shop.example/', 'null', 'HTTPS://SHOP.EXAMPLE']) {
        assertServiceError(await kit({ 'X-Auth-Proxy-Config-Id': 'shop', Origin: origin }), 403, 7, 'FORBIDDEN');
      }
      // No Origin at all is not an allowed origin either when the list is explicit.
      assertServiceError(await kit({ 'X-Auth-Proxy-Config-Id': 'shop' }), 403, 7, 'FORBIDDEN');
    });
    const ok = await kit({ 'X-Auth-Proxy-Config-Id': 'shop', Origin: 'http://localhost:5173' });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    // `*` (the demo default) allows any origin and echoes it.
    const any = await kit({ 'X-Auth-Proxy-Config-Id': 'demo', Origin: 'https://anything.example' });
    assert.equal(any.status, 200);
    assert.equal(any.headers.get('access-control-allow-origin'), 'https://anything.example');
  });

  it('answers preflights with the allowed headers', async () => {
    const preflight = await fetch(`${f.urls.proxyUrl}/v1/otp_init`, {
      method: 'OPTIONS',
      headers: { Origin: SHOP, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-auth-proxy-config-id,x-captcha-token' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), SHOP);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    for (const header of ['content-type', 'x-auth-proxy-config-id', 'x-captcha-token']) assert.ok(allowed.includes(header), header);
  });

  it('refuses preflights from an origin no configuration allows', async () => {
    const f2 = await startFixture({ proxyConfigs: [{ id: 'demo', allowedOrigins: [SHOP] }] });
    try {
      const preflight = await fetch(`${f2.urls.proxyUrl}/v1/otp_init`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      assert.equal(preflight.status, 403);
      assert.equal(preflight.headers.get('access-control-allow-origin'), null);
      const good = await fetch(`${f2.urls.proxyUrl}/v1/otp_init`, { method: 'OPTIONS', headers: { Origin: SHOP, 'Access-Control-Request-Method': 'POST' } });
      assert.equal(good.status, 204);
    } finally {
      await f2.stop();
    }
  });

  it('validates --config entries', () => {
    assert.throws(() => resolveProxyConfigs({}), { code: 'ERR_CONFIG_INVALID' });
    assert.throws(() => resolveProxyConfigs([{}]), { code: 'ERR_CONFIG_INVALID' });
    assert.throws(() => resolveProxyConfigs([{ id: 'a', allowedOrigins: ['https://*.example'] }]), { code: 'ERR_CONFIG_INVALID' });
    assert.throws(() => resolveProxyConfigs([{ id: 'a', allowedOrigins: ['https://a.example/path'] }]), { code: 'ERR_CONFIG_INVALID' });
    assert.throws(() => resolveProxyConfigs([{ id: 'a', otpLength: 4 }]), { code: 'ERR_CONFIG_INVALID' });
    assert.throws(() => resolveProxyConfigs([{ id: 'a', enabledProviders: ['myspace'] }]), { code: 'ERR_CONFIG_INVALID' });
    assert.throws(() => resolveProxyConfigs([{ id: 'a' }, { id: 'a' }]), { code: 'ERR_CONFIG_INVALID' });
    assert.throws(() => resolveProxyConfigs([{ id: 'a', theme: { darkMode: 'sometimes' } }]), { code: 'ERR_CONFIG_INVALID' });
    // A logo the kit would not show (isLogoUrl: https or data:image/ only) is refused at start.
    for (const url of ['javascript:alert(1)', 'http://shop.example/logo.svg', 'data:text/html,<b>x</b>', 'https://shop.example/a logo.svg', 'logo.svg']) {
      for (const key of ['logoUrl', 'logoLight', 'logoDark']) {
        assert.throws(() => resolveProxyConfigs([{ id: 'a', theme: { [key]: url } }]), { code: 'ERR_CONFIG_INVALID' }, `${key}: ${url}`);
      }
    }
    const configs = resolveProxyConfigs([{ id: 'a', allowedOrigins: ['HTTPS://A.Example:443/'] }]);
    assert.deepEqual(configs.get('a')!.allowedOrigins, ['https://a.example']);
    assert.ok(configs.has('demo'));
  });
});
