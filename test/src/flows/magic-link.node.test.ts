// Magic-link OTP login (issue 15, part 2) against a real emulator whose proxy configuration has a
// magicLinkTemplate: the code is sent in one "tab", the link from the outbox is opened in
// another (same key store and attempt store, as a browser's IndexedDB is shared by an origin's
// tabs; a new kit or new flow deps, nothing in memory), and the login binds the key made when
// the code was sent. Single use, another browser, a superseded code, the current OTP generation,
// and the URL handling (the code leaves the address bar; repeated parameters are refused).
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { holdsSecret } from '../../support/secret-probes.ts';
import { createEmulator, type Emulator, type EmulatorUrls } from '../../../demo/emulator/emulator.ts';
import { ProxyClient } from '../../../src/clients/proxy-client.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { startOtp, completeOtp, completeMagicLink } from '../../../src/flows/otp-flow.ts';
import {
  finishMagicLink,
  magicLinkCodeOf,
  memoryPendingOtpStore,
  withoutMagicLinkCode,
  type PendingOtpStore,
} from '../../../src/flows/magic-link.ts';
import { verifySessionJwt } from '../../../src/tokens/session-jwt.ts';
import { parseVerificationToken } from '../../../src/tokens/verification-token.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { setSession } from '../../../src/state/session-state.ts';

const PAGE = 'http://localhost:5173/login';

let emulator: Emulator;
let urls: EmulatorUrls;
let keys: { notarizerPublicKey: string; enclavePublicKey: string; otpEncryptionSignerPublicKey: string };
let n = 0;
const nextEmail = () => `link.${++n}.${Date.now()}@example.com`;

async function outboxFor(otpId: string): Promise<{ code: string; magicLink?: string; html?: string }> {
  const { messages } = (await (await fetch(`${urls.apiUrl}/__outbox`)).json()) as { messages: { otpId: string; code: string; magicLink?: string; html?: string }[] };
  const found = messages.find((m) => m.otpId === otpId);
  assert.ok(found, `no message for ${otpId}`);
  return found;
}

/** A page's location and history, recording what replaceState made of the address bar. */
function fakeHost(href: string) {
  const host = {
    location: { href } as Location,
    history: {
      state: null,
      replaceState(_state: unknown, _unused: string, url: string) {
        host.location = { href: url } as Location;
      },
    } as unknown as History,
  };
  return host;
}

const rejectsWith = (promise: Promise<unknown>, code: string) => assert.rejects(promise, (error) => isLatchError(error) && error.code === code);

describe('magic-link OTP login', () => {
  before(async () => {
    emulator = createEmulator({
      host: '127.0.0.1',
      port: 0,
      proxyPort: 0,
      quiet: true,
      proxyConfigs: [{ id: 'links', appName: 'Link Shop', emailCustomization: { magicLinkTemplate: `${PAGE}?lang=en#otpCode=%s` } }],
    });
    urls = await emulator.start();
    keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as typeof keys;
  });
  after(() => emulator.stop());
  beforeEach(() => {
    endFlow();
    setSession(null);
  });

  const proxy = () => new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'links' });

  it('reads the code from the query or the fragment, refuses a repeated or malformed one, and removes only it from the URL', () => {
    assert.equal(magicLinkCodeOf(`${PAGE}?otpCode=123456`), '123456');
    assert.equal(magicLinkCodeOf(`${PAGE}?a=1#otpCode=AB12CD34`), 'AB12CD34');
    assert.equal(magicLinkCodeOf(`${PAGE}?otpCode=1&otpCode=2`), undefined);
    assert.equal(magicLinkCodeOf(`${PAGE}?otpCode=111111#otpCode=222222`), undefined);
    assert.equal(magicLinkCodeOf(`${PAGE}?otpCode=%3Cscript%3E`), undefined);
    assert.equal(magicLinkCodeOf(`${PAGE}?code=123456`), undefined);
    assert.equal(magicLinkCodeOf('not a url'), undefined);
    assert.equal(withoutMagicLinkCode(`${PAGE}?lang=en&otpCode=123456#section`), `${PAGE}?lang=en#section`);
    assert.equal(withoutMagicLinkCode(`${PAGE}?lang=en#otpCode=123456&x=1`), `${PAGE}?lang=en#x=1`);
  });

  it('core flows: startOtp remembers the attempt with a new key; completeMagicLink in another tab logs in with THAT key and cleans the address bar', async () => {
    const contact = nextEmail();
    const keyStore = new MemoryKeyStore(); // the origin's IndexedDB, shared by its tabs
    const otpAttempts = memoryPendingOtpStore();
    const { otpId } = await startOtp({ proxy: proxy(), keyStore, otpAttempts }, { otpType: 'OTP_TYPE_EMAIL', contact });
    const [attempt] = await otpAttempts.list();
    assert.equal(attempt!.otpId, otpId);
    assert.equal(attempt!.contact, contact);
    assert.deepEqual((await keyStore.list()).map((k) => k.id), [attempt!.keyId]);
    assert.ok(!holdsSecret(JSON.stringify(attempt), (await outboxFor(otpId)).code), 'the attempt holds no code');

    const { code, magicLink } = await outboxFor(otpId);
    assert.equal(magicLink, `${PAGE}?lang=en#otpCode=${code}`);
    // The other tab: new deps (a new proxy client), the same stores.
    const host = fakeHost(magicLink!);
    const result = await completeMagicLink({ proxy: proxy(), keyStore, otpAttempts }, { host });
    assert.ok(result);
    assert.equal(host.location.href, `${PAGE}?lang=en`, 'the code left the address bar');
    assert.equal(result.key.id, attempt!.keyId);
    assert.equal(result.created, true);
    const claims = await verifySessionJwt(result.sessionJwt, { notarizerPublicKey: keys.notarizerPublicKey });
    assert.equal(claims.public_key, attempt!.keyId, 'the session belongs to the key made when the code was sent');
    assert.deepEqual(await otpAttempts.list(), [], 'the attempt is spent');
    assert.deepEqual((await keyStore.list()).map((k) => k.id), [attempt!.keyId]);
    // Nothing in the URL: nothing to do.
    assert.equal(await completeMagicLink({ proxy: proxy(), keyStore, otpAttempts }, { host: fakeHost(`${PAGE}?lang=en`) }), null);
  });

  it('the kit: a new kit over the same stores (a new tab) finishes the login of the code another kit sent; the verification token was bound to that key', async () => {
    const contact = nextEmail();
    const keyStore = new MemoryKeyStore();
    const otpAttempts = memoryPendingOtpStore();
    const options = (): LatchKitOptions => ({
      proxyUrl: urls.proxyUrl,
      configId: 'links',
      apiBaseUrl: urls.apiUrl,
      notarizerPublicKey: keys.notarizerPublicKey,
      keyStore,
      sessionStore: new MemorySessionStore(),
      otpAttempts,
    });
    const first = new LatchKit(options());
    const { otpId } = await first.startOtp('OTP_TYPE_EMAIL', contact);
    const [attempt] = await otpAttempts.list();
    const { magicLink } = await outboxFor(otpId);

    const second = new LatchKit(options());
    const logins: unknown[] = [];
    second.addEventListener('login', (event) => logins.push(event.detail));
    const outcome = await finishMagicLink(
      (login) => {
        assert.equal(login.keyId, attempt!.keyId);
        return second.completeOtp(login);
      },
      { href: magicLink!, otpAttempts, host: {} },
    );
    assert.ok(outcome);
    assert.equal(outcome.session.publicKey, attempt!.keyId);
    assert.equal(second.session, outcome.session);
    assert.equal(logins.length, 1);
    const who = await outcome.session.whoami();
    assert.equal(who.organizationId, outcome.session.summary!.organizationId);
    // The same link again, from another page of this origin: the attempt is gone.
    await rejectsWith(finishMagicLink((login) => second.completeOtp(login), { href: `${magicLink}&again=1`, otpAttempts, host: {} }), 'ERR_OTP_LINK_INVALID');
    first.dispose();
    second.dispose();
  });

  it('current generation (otp_init_v2): the other tab seals the code to the remembered enclave target; the token is bound to the remembered key', async () => {
    const contact = nextEmail();
    const keyStore = new MemoryKeyStore();
    const otpAttempts = memoryPendingOtpStore();
    const deps = { keyStore, otpAttempts, otpEncryptionSignerPublicKey: keys.otpEncryptionSignerPublicKey };
    const { otpId, otpEncryptionTargetBundle } = await startOtp({ ...deps, proxy: proxy() }, { otpType: 'OTP_TYPE_EMAIL', contact });
    assert.ok(otpEncryptionTargetBundle);
    const [attempt] = await otpAttempts.list();
    assert.equal(attempt!.otpEncryptionTargetBundle, otpEncryptionTargetBundle);
    const { magicLink } = await outboxFor(otpId);
    // Watch the verification token on its way to otp_login.
    let tokenKey: string | undefined;
    const watching = proxy();
    const otpLogin = watching.otpLogin.bind(watching);
    watching.otpLogin = (body, init) => {
      tokenKey = parseVerificationToken(body.verificationToken).public_key;
      return otpLogin(body, init);
    };
    const result = await completeMagicLink({ ...deps, proxy: watching }, { href: magicLink!, host: {} });
    assert.equal(tokenKey, attempt!.keyId);
    assert.equal(result!.key.id, attempt!.keyId);
  });

  it('opened in another browser (no attempt here): ERR_OTP_LINK_INVALID, no key made, the code still works where it was asked for', async () => {
    const contact = nextEmail();
    const keyStore = new MemoryKeyStore();
    const otpAttempts = memoryPendingOtpStore();
    const { otpId } = await startOtp({ proxy: proxy(), keyStore, otpAttempts }, { otpType: 'OTP_TYPE_EMAIL', contact });
    const { magicLink } = await outboxFor(otpId);
    const elsewhere = { keyStore: new MemoryKeyStore(), otpAttempts: memoryPendingOtpStore() };
    await rejectsWith(completeMagicLink({ proxy: proxy(), ...elsewhere }, { href: magicLink!, host: {} }), 'ERR_OTP_LINK_INVALID');
    assert.deepEqual(await elsewhere.keyStore.list(), []);
    // Without any store (Node's default): the same refusal.
    await rejectsWith(finishMagicLink(async () => 'never', { href: `${magicLink}&b=1`, host: {} }), 'ERR_OTP_LINK_INVALID');
    // Back in the first browser, in the same tab, the link still logs in.
    const result = await completeMagicLink({ proxy: proxy(), keyStore, otpAttempts }, { href: `${magicLink}&c=1`, host: {} });
    assert.ok(result);
  });

  it('a code typed in spends the attempt and deletes its key; the link afterwards is refused', async () => {
    const contact = nextEmail();
    const keyStore = new MemoryKeyStore();
    const otpAttempts = memoryPendingOtpStore();
    const deps = { proxy: proxy(), keyStore, otpAttempts };
    const { otpId } = await startOtp(deps, { otpType: 'OTP_TYPE_EMAIL', contact });
    const { code, magicLink } = await outboxFor(otpId);
    const typed = await completeOtp(deps, { otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: code });
    assert.deepEqual(await otpAttempts.list(), []);
    assert.deepEqual((await keyStore.list()).map((k) => k.id), [typed.key.id]);
    await rejectsWith(completeMagicLink(deps, { href: magicLink!, host: {} }), 'ERR_OTP_LINK_INVALID');
  });

  it('a resend supersedes: the first email\'s link is refused by the service (ERR_OTP_LINK_INVALID, cause ERR_OTP_INVALID) and its key is deleted; the newest link works', async () => {
    const contact = nextEmail();
    const keyStore = new MemoryKeyStore();
    const otpAttempts: PendingOtpStore = memoryPendingOtpStore();
    const deps = { proxy: proxy(), keyStore, otpAttempts };
    const first = await startOtp(deps, { otpType: 'OTP_TYPE_EMAIL', contact });
    const second = await startOtp(deps, { otpType: 'OTP_TYPE_EMAIL', contact });
    const attempts = await otpAttempts.list();
    assert.deepEqual(attempts.map((a) => a.otpId), [second.otpId], 'one attempt remembered: the newest');
    assert.equal((await keyStore.list()).length, 1, 'the first attempt\'s key went with it');
    const oldLink = (await outboxFor(first.otpId)).magicLink!;
    await assert.rejects(completeMagicLink(deps, { href: oldLink, host: {} }), (error) => {
      assert.ok(isLatchError(error, 'ERR_OTP_LINK_INVALID'));
      assert.ok(isLatchError(error.cause, 'ERR_OTP_INVALID'));
      return true;
    });
    assert.deepEqual(await keyStore.list(), [], 'the key of the refused link is deleted');
    // That attempt was spent by the refused link: the newest code is typed in instead.
    const { code } = await outboxFor(second.otpId);
    const typed = await completeOtp(deps, { otpType: 'OTP_TYPE_EMAIL', contact, otpId: second.otpId, otpCode: code });
    assert.ok(typed.sessionJwt);
  });

  it('magicLinks: false remembers nothing and makes no key before the code is typed', async () => {
    const keyStore = new MemoryKeyStore();
    const otpAttempts = memoryPendingOtpStore();
    await startOtp({ proxy: proxy(), keyStore, otpAttempts, magicLinks: false }, { otpType: 'OTP_TYPE_EMAIL', contact: nextEmail() });
    assert.deepEqual(await otpAttempts.list(), []);
    assert.deepEqual(await keyStore.list(), []);
  });
});
