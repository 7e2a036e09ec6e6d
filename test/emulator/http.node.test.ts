// The HTTP layer of both origins: routing, error shape, body limit, CORS, loopback binding.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, getJson, plainPost } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import type { Fixture } from './support/emulator-fixture.ts';

describe('emulator HTTP layer', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture({ bodyLimit: 64 * 1024 });
  });
  after(() => f.stop());

  it('binds to 127.0.0.1 on two distinct ports (two origins)', () => {
    const api = new URL(f.urls.apiUrl);
    const proxy = new URL(f.urls.proxyUrl);
    assert.equal(api.hostname, '127.0.0.1');
    assert.equal(proxy.hostname, '127.0.0.1');
    assert.notEqual(api.port, proxy.port);
    assert.equal(f.urls.oauthUrl, `${f.urls.apiUrl}/oauth`);
  });

  it('answers an unknown path with 404 in the service error shape', async () => {
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await plainPost(`${f.urls.apiUrl}/nope`, {}), 404, 5, 'NOT_FOUND');
      assertServiceError(await plainPost(`${f.urls.apiUrl}/public/v1/submit/not_an_operation`, {}), 404, 5, 'NOT_FOUND');
      assertServiceError(await plainPost(`${f.urls.apiUrl}/public/v1/query/not_a_query`, {}), 404, 5, 'NOT_FOUND');
      assertServiceError(await plainPost(`${f.urls.proxyUrl}/v1/nope`, {}, { 'X-Auth-Proxy-Config-Id': 'demo' }), 404, 5, 'NOT_FOUND');
    });
  });

  it('answers a wrong method with 405', async () => {
    assertServiceError(await getJson(`${f.urls.apiUrl}/public/v1/submit/oauth`), 405, 12);
    assertServiceError(await getJson(`${f.urls.proxyUrl}/v1/wallet_kit_config`), 405, 12);
  });

  it('refuses a body over the limit with 413 in the error shape, on both origins, changing nothing', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(70 * 1024) });
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await plainPost(`${f.urls.apiUrl}/public/v1/submit/create_users`, big), 413, 3, 'REQUEST_INVALID');
      assertServiceError(await plainPost(`${f.urls.proxyUrl}/v1/otp_init`, big, { 'X-Auth-Proxy-Config-Id': 'demo' }), 413, 3, 'REQUEST_INVALID');
    });
  });

  it('lets any origin call the Activity API (CORS preflight and answers)', async () => {
    const preflight = await fetch(`${f.urls.apiUrl}/public/v1/submit/oauth`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-stamp' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-stamp-webauthn/);
    const refused = await plainPost(`${f.urls.apiUrl}/public/v1/query/whoami`, {}, { Origin: 'http://app.example' });
    assert.equal(refused.headers.get('access-control-allow-origin'), '*');
  });

  it('publishes the emulator keys at /__keys', async () => {
    const { status, json } = await getJson(`${f.urls.apiUrl}/__keys`);
    assert.equal(status, 200);
    for (const field of ['notarizerPublicKey', 'verificationTokenPublicKey', 'enclavePublicKey']) {
      assert.match(json[field] as string, /^04[0-9a-f]{128}$/, field);
    }
    assert.equal(json.oauthJwksUrl, `${f.urls.oauthUrl}/jwks`);
    const webhook = (json.webhookJwks as { keys: Record<string, string>[] }).keys[0]!;
    assert.equal(webhook.kty, 'OKP');
    assert.equal(webhook.crv, 'Ed25519');
    const jwks = await getJson(json.oauthJwksUrl as string);
    const key = (jwks.json.keys as Record<string, string>[])[0]!;
    assert.equal(key.kty, 'EC');
    assert.equal(key.alg, 'ES256');
  });

  it('generates different keys per emulator instance', async () => {
    const other = await startFixture();
    try {
      const a = (await getJson(`${f.urls.apiUrl}/__keys`)).json;
      const b = (await getJson(`${other.urls.apiUrl}/__keys`)).json;
      assert.notEqual(a.notarizerPublicKey, b.notarizerPublicKey);
      assert.notEqual(a.enclavePublicKey, b.enclavePublicKey);
    } finally {
      await other.stop();
    }
  });
});
