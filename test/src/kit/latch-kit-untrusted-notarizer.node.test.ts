// Issue 38: a kit left on the hosted notarizer while its proxy is the local emulator gets a
// session token it cannot trust (ERR_JWT_SIGNATURE). The error says what to do: the option to
// set and, for a proxy on this machine, the emulator's /__keys on that very proxy, where the
// `emulator` option then finds everything (the advice is followed here and logs in).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { LatchError, isLatchError } from '../../../src/errors/latch-error.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { untrustedNotarizer } from '../../../src/kit/untrusted-notarizer.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { latestCode, startEmulator, type TestEmulator } from './kit-emulator-support.ts';

let t: TestEmulator;

async function otp(kit: LatchKit, contact: string) {
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  return kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact) });
}

describe('a session token from an untrusted notarizer', () => {
  before(async () => {
    t = await startEmulator();
  });
  after(async () => {
    endFlow();
    setSession(null);
    await t.emulator.stop();
  });

  it("names the emulator's /__keys on the loopback proxy, and following it logs in", async () => {
    // What the new user wrote: the proxy and the configuration, nothing else.
    const kit = new LatchKit({ proxyUrl: t.urls.proxyUrl, configId: 'demo', keyStore: new MemoryKeyStore(), sessionStore: new MemorySessionStore() });
    const contact = `kit.notarizer.${Date.now()}@example.com`;
    let seen: LatchError | undefined;
    kit.addEventListener('error', (event) => (seen = event.detail));
    await assert.rejects(otp(kit, contact), (error) => {
      assert.ok(isLatchError(error, 'ERR_JWT_SIGNATURE'));
      assert.match(error.message, new RegExp(`${t.urls.proxyUrl.replace(/[.]/g, '\\.')}/__keys`));
      assert.match(error.message, /emulator: '/);
      assert.match(error.message, /notarizerPublicKey/);
      return true;
    });
    assert.equal(seen?.code, 'ERR_JWT_SIGNATURE', 'the error event carries it too');

    // The advice: { emulator: <that proxy>, configId }. The proxy's /__keys names the rest.
    const keys = (await (await fetch(`${t.urls.proxyUrl}/__keys`)).json()) as Record<string, string>;
    assert.equal(keys.apiUrl, t.urls.apiUrl);
    const followed = new LatchKit({ emulator: t.urls.proxyUrl, configId: 'demo', keyStore: new MemoryKeyStore(), sessionStore: new MemorySessionStore() });
    const outcome = await otp(followed, contact);
    assert.equal(outcome.created, false, 'the account the failed login made');
    assert.equal(followed.options.apiBaseUrl, t.urls.apiUrl);
  });

  it('names the option, and no /__keys, for a proxy elsewhere', () => {
    const cause = new LatchError('ERR_JWT_SIGNATURE', 'The session token is not signed by the trusted notarizer.');
    for (const proxyUrl of ['https://authproxy.turnkey.com', 'http://localhost.evil.com:8788', undefined]) {
      const error = untrustedNotarizer({ configId: 'x', ...(proxyUrl ? { proxyUrl } : {}) }, cause);
      assert.equal(error.code, 'ERR_JWT_SIGNATURE');
      assert.equal(error.cause, cause);
      assert.match(error.message, /notarizerPublicKey/);
      assert.doesNotMatch(error.message, /__keys|emulator/);
    }
    const local = untrustedNotarizer({ configId: 'x', proxyUrl: 'http://127.0.0.1:8788/' }, cause);
    assert.match(local.message, /http:\/\/127\.0\.0\.1:8788\/__keys/);
    const restarted = untrustedNotarizer({ configId: 'x', emulator: 'http://localhost:8787' }, cause);
    assert.match(restarted.message, /Reload the page/);
  });
});
