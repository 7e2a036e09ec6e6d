// The outbox (one-time codes) and the webhook log are for the emulator's own pages, the exact
// dev origins it was given and tools: never `*`, never another website, never a rebound host name.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startFixture, getJson } from './support/emulator-fixture.ts';
import { assertServiceError } from './support/assertions.ts';
import { proxyClient } from './support/otp-flow.ts';
import { createEmulator } from '../../demo/emulator/emulator.ts';
import type { Fixture } from './support/emulator-fixture.ts';

const DEV_PAGE = 'http://localhost:5173';

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('dev routes: who may read the outbox and the webhook log', () => {
  let f: Fixture;
  const email = 'dev-access@example.com';
  before(async () => {
    f = await startFixture({ devOrigins: [`${DEV_PAGE}/`] });
    await proxyClient(f).otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: email });
  });
  after(() => f.stop());

  it('a tool without an Origin reads the outbox (how tests and curl use it)', async () => {
    const { status, json, headers } = await getJson(`${f.urls.apiUrl}/__outbox?to=${email}`);
    assert.equal(status, 200);
    assert.equal((json.messages as unknown[]).length, 1);
    assert.equal(headers.get('access-control-allow-origin'), null);
  });

  it('a configured dev origin and the emulator\'s own origins are answered with their origin, never *', async () => {
    for (const origin of [DEV_PAGE, new URL(f.urls.apiUrl).origin, new URL(f.urls.proxyUrl).origin]) {
      const { status, headers, json } = await getJson(`${f.urls.apiUrl}/__outbox?to=${email}`, { origin });
      assert.equal(status, 200, origin);
      assert.equal(headers.get('access-control-allow-origin'), origin);
      assert.equal((json.messages as unknown[]).length, 1);
      const log = await getJson(`${f.urls.apiUrl}/__webhooks`, { origin });
      assert.equal(log.status, 200);
      assert.equal(log.headers.get('access-control-allow-origin'), origin);
    }
  });

  it('any other website is refused with the service\'s 403 and gets no codes', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:5174', 'http://localhost.evil.example:5173', 'null']) {
      for (const path of [`/__outbox?to=${email}`, '/__webhooks']) {
        const answer = await getJson(`${f.urls.apiUrl}${path}`, { origin });
        assertServiceError(answer, 403, 7, 'FORBIDDEN');
        assert.notEqual(answer.headers.get('access-control-allow-origin'), origin, `${origin} ${path}`);
        assert.equal(JSON.stringify(answer.json).includes('"messages"'), false);
      }
    }
  });

  it('a cross-site request without an Origin (Sec-Fetch-Site) is refused too', async () => {
    assertServiceError(await getJson(`${f.urls.apiUrl}/__outbox`, { 'sec-fetch-site': 'cross-site' }), 403, 7, 'FORBIDDEN');
    assert.equal((await getJson(`${f.urls.apiUrl}/__outbox`, { 'sec-fetch-site': 'same-origin' })).status, 200);
    assert.equal((await getJson(`${f.urls.apiUrl}/__outbox`, { 'sec-fetch-site': 'none' })).status, 200);
  });

  it('a rebound host name (DNS rebinding) is refused; loopback names are not', async () => {
    const port = new URL(f.urls.apiUrl).port;
    const rebound = await getWithHost(`${f.urls.apiUrl}/__outbox`, `attacker.example:${port}`);
    assert.equal(rebound.status, 403);
    assert.equal(rebound.body.includes(email), false);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) assert.equal((await getWithHost(`${f.urls.apiUrl}/__outbox`, host)).status, 200, host);
  });

  it('the public documents stay readable from any page: /__keys and the webhook JWKS', async () => {
    for (const path of ['/__keys', '/__webhooks/jwks']) {
      const { status, headers } = await getJson(`${f.urls.apiUrl}${path}`, { origin: 'https://evil.example' });
      assert.equal(status, 200, path);
      assert.equal(headers.get('access-control-allow-origin'), '*');
    }
  });

  it('devOrigins takes exact http(s) origins only', async () => {
    for (const bad of ['*', 'http://*.example', 'ftp://x.example', 'http://x.example/path', 'not a url']) {
      await assert.rejects(() => createEmulator({ port: 0, quiet: true, devOrigins: [bad] }).start(), { code: 'ERR_CONFIG_INVALID' }, bad);
    }
  });
});
