// The kit's `emulator` option (src/kit/emulator-options.ts): a page names the local emulator and
// nothing else, and the kit reads what to trust from its /__keys. Only a loopback URL on a
// loopback page (or in Node, where there is no page): any other URL is refused before anything is
// fetched, so no production page can be told to trust keys fetched at run time.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { latestCode, startEmulator, type TestEmulator } from './kit-emulator-support.ts';

let t: TestEmulator;
let port: string;

/** A fetch that records every URL and answers nothing. */
function spyFetch(): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (input) => {
      urls.push(String(input instanceof Request ? input.url : input));
      throw new TypeError('fetch failed');
    },
  };
}

const refused = (error: unknown) => isLatchError(error, 'ERR_CONFIG_INVALID');

describe('LatchKit with { emulator, configId } only', () => {
  before(async () => {
    t = await startEmulator();
    port = new URL(t.urls.apiUrl).port;
  });
  after(async () => {
    endFlow();
    setSession(null);
    await t.emulator.stop();
  });

  it('logs in by email OTP with nothing but the emulator URL (on localhost) and the configuration id', async () => {
    const kit = new LatchKit({ emulator: `http://localhost:${port}`, configId: 'demo' });
    const config = await kit.loadConfig();
    assert.ok(config.enabledProviders.includes('email'));
    // What /__keys stood for is now the kit's options: its own proxy, API and keys.
    const keys = (await (await fetch(`${t.urls.apiUrl}/__keys`)).json()) as Record<string, string>;
    assert.equal(kit.options.proxyUrl, t.urls.proxyUrl);
    assert.equal(kit.options.apiBaseUrl, t.urls.apiUrl);
    assert.equal(kit.options.notarizerPublicKey, keys.notarizerPublicKey);
    assert.equal(kit.options.enclavePublicKey, keys.enclavePublicKey);
    assert.equal(kit.options.otpEncryptionSignerPublicKey, keys.otpEncryptionSignerPublicKey);
    assert.equal(kit.options.proofTrust?.trustedRootSha256, keys.proofRootSha256);

    const contact = `kit.emulator-option.${Date.now()}@example.com`;
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    const outcome = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact) });
    assert.equal(outcome.created, true);
    const who = await outcome.session.query('whoami', { organizationId: outcome.session.summary!.organizationId });
    assert.equal(who.userId, outcome.session.summary!.userId, 'the session signs, and the emulator knows it');
    await kit.logout();
  });

  it('takes the first call straight away too (a flow before any loadConfig) and lets options given beside it win', async () => {
    const kit = new LatchKit({ emulator: `http://127.0.0.1:${port}/`, configId: 'demo', oauthRedirectUri: 'http://localhost/cb' });
    const contact = `kit.emulator-first.${Date.now()}@example.com`;
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    assert.ok(otpId);
    assert.equal(kit.options.oauthRedirectUri, 'http://localhost/cb');
    assert.equal(kit.options.oauthAuthorizeUrls?.google, `${t.urls.oauthUrl}/google/authorize`);
  });

  for (const url of [
    'http://example.com',
    'https://example.com:8787',
    'http://localhost.evil.com:8787',
    'http://evillocalhost:8787',
    'http://evil.localhost:8787',
    'http://127.0.0.1.evil.com:8787',
    'http://127.0.0.1.nip.io:8787',
    'http://localhost@evil.com',
    'http://user:pass@localhost:8787',
    'https://[::2]',
    'http://[::ffff:7f00:1]:8787',
    'http://10.0.0.1:8787',
    'http://0.0.0.0:8787',
    'ws://localhost:8787',
    'file:///etc/passwd',
    'localhost:8787',
    '',
  ]) {
    it(`refuses ${JSON.stringify(url)} before anything is fetched`, async () => {
      const spy = spyFetch();
      const kit = new LatchKit({ emulator: url, configId: 'demo', fetch: spy.fetch });
      const errors: unknown[] = [];
      kit.addEventListener('error', (event) => errors.push(event.detail));
      await assert.rejects(kit.loadConfig(), refused);
      await assert.rejects(kit.startOtp('OTP_TYPE_EMAIL', 'someone@example.com'), refused);
      await assert.rejects(kit.restoreSession(), refused);
      assert.deepEqual(spy.urls, [], 'nothing fetched');
      assert.ok(errors.length >= 1 && errors.every(refused), 'reported as the kit reports every failure');
    });
  }

  it('accepts the other spellings of loopback (127.0.0.0/8, [::1], 127.1) and fetches only their /__keys', async () => {
    for (const [url, keysUrl] of [
      ['http://127.0.0.2:9', 'http://127.0.0.2:9/__keys'],
      ['http://[::1]:9', 'http://[::1]:9/__keys'],
      ['http://127.1:9', 'http://127.0.0.1:9/__keys'],
      ['https://localhost', 'https://localhost/__keys'],
    ]) {
      const spy = spyFetch();
      const kit = new LatchKit({ emulator: url!, configId: 'demo', fetch: spy.fetch });
      await assert.rejects(kit.loadConfig(), (error) => isLatchError(error, 'ERR_NETWORK_FAILED') && /npx latchkey-emulator/.test(error.message));
      assert.deepEqual(spy.urls, [keysUrl]);
    }
  });

  it('refuses on a page that is not on this machine, before anything is fetched', async () => {
    const spy = spyFetch();
    const global = globalThis as { location?: unknown };
    const had = Object.getOwnPropertyDescriptor(globalThis, 'location');
    Object.defineProperty(globalThis, 'location', { value: { hostname: 'shop.example', href: 'https://shop.example/' }, configurable: true });
    try {
      const kit = new LatchKit({ emulator: `http://localhost:${port}`, configId: 'demo', fetch: spy.fetch });
      await assert.rejects(kit.loadConfig(), (error) => refused(error) && /shop\.example/.test((error as Error).message));
      assert.deepEqual(spy.urls, []);
    } finally {
      if (had) Object.defineProperty(globalThis, 'location', had);
      else delete global.location;
    }
  });

  it("refuses an answer whose proxy is not on this machine (keys that are not a local emulator's)", async () => {
    const real = (await (await fetch(`${t.urls.apiUrl}/__keys`)).json()) as Record<string, string>;
    const urls: string[] = [];
    const fake: typeof fetch = async (input) => {
      urls.push(String(input));
      if (String(input).endsWith('/__keys')) return Response.json({ ...real, proxyUrl: 'https://authproxy.evil.example' });
      throw new TypeError('fetch failed');
    };
    const kit = new LatchKit({ emulator: `http://localhost:${port}`, configId: 'demo', fetch: fake });
    await assert.rejects(kit.loadConfig(), refused);
    assert.deepEqual(urls, [`http://localhost:${port}/__keys`], 'the proxy it named was never called');
  });

  it('tries /__keys again on the next call when no emulator answered yet', async () => {
    let up = false;
    const urls: string[] = [];
    const flaky: typeof fetch = async (input, init) => {
      urls.push(String(input));
      if (!up) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const kit = new LatchKit({ emulator: t.urls.apiUrl, configId: 'demo', fetch: flaky });
    await assert.rejects(kit.loadConfig(), (error) => isLatchError(error, 'ERR_NETWORK_FAILED'));
    up = true;
    const config = await kit.loadConfig();
    assert.ok(config.organizationId);
    assert.equal(urls.filter((u) => u.endsWith('/__keys')).length, 2);
  });
});
