// LatchKit against a real emulator over HTTP: configuration loading, OTP sign-up and login with
// the stores and events the elements read, wrong codes, logout, restore, refresh.
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { $config, setConfig } from '../../../src/state/config-state.ts';
import { $session, setSession } from '../../../src/state/session-state.ts';
import { $flow, endFlow, type FlowStatus } from '../../../src/state/flow-state.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { BroadcastSessionChannel } from '../../../src/session/session-channel.ts';
import { SessionExpiryEvent } from '../../../src/session/session-events.ts';
import { ETH_WALLET, latestCode, record, startEmulator, type TestEmulator, emulatorKitOptions } from './kit-emulator-support.ts';

let t: TestEmulator;
let contactNumber = 0;
const nextEmail = () => `kit.user.${++contactNumber}.${Date.now()}@example.com`;

const kitOptions = (overrides: Partial<LatchKitOptions> = {}): LatchKitOptions => emulatorKitOptions(t, overrides);

/** Records `$flow` from now on. */
function flowHistory(): { seen: (FlowStatus | null)[]; stop: () => void } {
  const seen: (FlowStatus | null)[] = [];
  const stop = $flow.listen((value) => seen.push(value && { ...value }));
  return { seen, stop };
}

/** An email OTP login through the kit; returns the outcome. */
async function otpLogin(kit: LatchKit, contact: string, signup?: Parameters<LatchKit['completeOtp']>[0]['signup']) {
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  return kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact), ...(signup ? { signup } : {}) });
}

describe('LatchKit against the emulator: configuration and OTP', () => {
  before(async () => {
    t = await startEmulator();
  });
  after(() => t.emulator.stop());
  beforeEach(() => {
    endFlow();
    setSession(null);
    setConfig(null);
  });

  it('loads wallet_kit_config once: concurrent callers share the request, later calls use the cache, force fetches again', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input).endsWith('/v1/wallet_kit_config')) calls += 1;
      return fetch(input, init);
    };
    const kit = new LatchKit(kitOptions({ fetch: counting }));
    assert.equal(kit.config, null);
    assert.deepEqual(kit.enabledMethods(), [], 'no methods before the configuration is known');
    const [a, b] = await Promise.all([kit.loadConfig(), kit.loadConfig()]);
    assert.equal(calls, 1);
    assert.equal(a, b);
    assert.equal(kit.config, a);
    assert.equal($config.get(), a);
    assert.match(a.organizationId, /\S/);
    assert.equal(await kit.loadConfig(), a);
    assert.equal(calls, 1);
    const again = await kit.loadConfig({ force: true });
    assert.equal(calls, 2);
    assert.notEqual(again, a);
    assert.deepEqual(again, a);
    assert.equal(kit.config, again);
    assert.equal($config.get(), again);
  });

  it('lists exactly the enabled login methods in the default order, or only those a list names, in its order', async () => {
    const demo = new LatchKit(kitOptions());
    await demo.loadConfig();
    assert.deepEqual(demo.enabledMethods(), ['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord']);
    assert.deepEqual(demo.enabledMethods(['discord', 'passkey']), ['discord', 'passkey']);

    // The narrow configuration enables wallet, discord, email and google, in that order.
    const narrow = new LatchKit(kitOptions({ configId: 'narrow' }));
    await narrow.loadConfig();
    assert.deepEqual(narrow.enabledMethods(), ['email', 'google', 'discord']);
    assert.deepEqual(narrow.enabledMethods(['discord', 'sms']), ['discord'], 'a list never adds a disabled method');
    // A method the configuration does not enable is refused before any key is made.
    const events = record(narrow);
    await assert.rejects(narrow.prepareOAuth('apple'), (e) => isLatchError(e, 'ERR_CONFIG_INVALID'));
    await assert.rejects(narrow.logInWithPasskey(), (e) => isLatchError(e, 'ERR_CONFIG_INVALID'));
    assert.deepEqual((await (narrow.options.keyStore as MemoryKeyStore).list()), []);
    assert.equal(events[0]?.type, 'error');
  });

  it('reports a configuration that cannot be loaded, and does not cache the failure', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const kit = new LatchKit(kitOptions({ configId: 'no-such-config', fetch: counting }));
    const events = record(kit);
    let caught: unknown;
    await kit.loadConfig().catch((error: unknown) => (caught = error));
    assert.ok(isLatchError(caught), 'a LatchError');
    assert.match(caught.code, /^ERR_SERVICE_/);
    assert.deepEqual(events, [{ type: 'error', detail: caught }]);
    assert.equal(kit.config, null);
    await kit.loadConfig().catch(() => undefined);
    assert.equal(calls, 2, 'the second call asked again');
  });

  it('email OTP: signs up (created) with a wallet, then logs in again (not created); login events, $session and $flow follow', async () => {
    const kit = new LatchKit(kitOptions());
    const events = record(kit);
    const contact = nextEmail();
    const flow = flowHistory();

    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    assert.match(otpId, /\S/);
    assert.deepEqual($flow.get(), { name: 'otp', step: 'code-sent' });
    const first = await kit.completeOtp({
      otpType: 'OTP_TYPE_EMAIL',
      contact,
      otpId,
      otpCode: await latestCode(t.urls, contact),
      signup: { userName: 'Kit User', wallet: { ...ETH_WALLET, accounts: [...ETH_WALLET.accounts] } },
    });
    flow.stop();
    assert.deepEqual(flow.seen, [{ name: 'otp', step: 'sending' }, { name: 'otp', step: 'code-sent' }, { name: 'otp', step: 'verifying' }, null]);

    assert.equal(first.created, true);
    assert.match(first.signup!.wallet!.addresses[0]!, /^0x[0-9a-fA-F]{40}$/);
    assert.equal(kit.session, first.session);
    assert.deepEqual($session.get(), first.session.summary);
    assert.equal($session.get()!.organizationId, first.signup!.organizationId);
    assert.deepEqual(events, [{ type: 'login', detail: first }]);
    // The session really signs.
    const accounts = await first.session.listWalletAccounts();
    assert.deepEqual(accounts.map((a) => a.address), first.signup!.wallet!.addresses);

    await kit.logout();
    const second = await otpLogin(kit, contact);
    assert.equal(second.created, false);
    assert.equal(second.signup, undefined);
    assert.equal(second.session.summary!.organizationId, first.signup!.organizationId);
    assert.deepEqual($session.get(), second.session.summary);
    assert.deepEqual(events.map((e) => e.type), ['login', 'logout', 'login']);
    assert.equal(events[2]!.detail, second);
  });

  it('a wrong code: an error event with ERR_OTP_INVALID, the error on $flow, no session and no key; the right code then works', async () => {
    const keyStore = new MemoryKeyStore();
    const kit = new LatchKit(kitOptions({ keyStore }));
    const events = record(kit);
    const contact = nextEmail();
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    const code = await latestCode(t.urls, contact);
    const wrong = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');

    await assert.rejects(kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: wrong }), (e) => isLatchError(e, 'ERR_OTP_INVALID'));
    assert.equal(events.length, 1);
    assert.equal(events[0]!.type, 'error');
    assert.ok(isLatchError(events[0]!.detail, 'ERR_OTP_INVALID'));
    assert.deepEqual($flow.get(), { name: 'otp', step: 'verifying', error: events[0]!.detail });
    assert.equal(kit.session, null);
    assert.equal($session.get(), null);
    assert.deepEqual(await keyStore.list(), []);

    const login = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: code });
    assert.equal(login.created, true);
    assert.equal($flow.get(), null);
    assert.deepEqual((await keyStore.list()).map((k) => k.id), [login.session.publicKey]);
  });

  it('refuses a malformed contact before sending anything, as ERR_INPUT_INVALID with an error event', async () => {
    const kit = new LatchKit(kitOptions());
    const events = record(kit);
    await assert.rejects(kit.startOtp('OTP_TYPE_SMS', '555-0100'), (e) => isLatchError(e, 'ERR_INPUT_INVALID'));
    assert.equal(events[0]?.type, 'error');
    assert.deepEqual($flow.get(), { name: 'otp', step: 'sending', error: events[0]!.detail });
  });

  it('a cancelled request is ERR_NETWORK_ABORTED, ends the flow and is not reported as an error event', async () => {
    const kit = new LatchKit(kitOptions());
    const events = record(kit);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(kit.startOtp('OTP_TYPE_EMAIL', nextEmail(), { signal: controller.signal }), (e) => isLatchError(e, 'ERR_NETWORK_ABORTED'));
    assert.deepEqual(events, []);
    assert.equal($flow.get(), null);
  });

  it('logout deletes the key and the saved session, empties $session and fires logout once; a second logout does nothing', async () => {
    const keyStore = new MemoryKeyStore();
    const sessionStore = new MemorySessionStore();
    const kit = new LatchKit(kitOptions({ keyStore, sessionStore }));
    const login = await otpLogin(kit, nextEmail());
    assert.equal((await keyStore.list()).length, 1);
    assert.ok(await sessionStore.load());
    const events = record(kit);

    await kit.logout();
    assert.equal(kit.session, null);
    assert.equal($session.get(), null);
    assert.equal(login.session.active, false);
    assert.deepEqual(await keyStore.list(), []);
    assert.equal(await sessionStore.load(), undefined);
    assert.deepEqual(events, [{ type: 'logout', detail: { reason: 'user', remote: 'deleted' } }]);
    await kit.logout();
    assert.equal(events.length, 1);
  });

  it('a new login replaces the previous session: the old one is disposed and its key deleted', async () => {
    const keyStore = new MemoryKeyStore();
    const kit = new LatchKit(kitOptions({ keyStore }));
    const first = await otpLogin(kit, nextEmail());
    const second = await otpLogin(kit, nextEmail());
    assert.equal(kit.session, second.session);
    assert.deepEqual($session.get(), second.session.summary);
    assert.deepEqual((await keyStore.list()).map((k) => k.id), [second.session.publicKey]);
    assert.notEqual(first.session.publicKey, second.session.publicKey);
  });

  it('restoreSession: null (and no error event) when nothing is saved; after a "reload" a new kit over the same stores restores and signs', async () => {
    const keyStore = new MemoryKeyStore();
    const sessionStore = new MemorySessionStore();
    const empty = new LatchKit(kitOptions({ keyStore, sessionStore }));
    const emptyEvents = record(empty);
    assert.equal(await empty.restoreSession(), null);
    assert.deepEqual(emptyEvents, []);

    const kit = new LatchKit(kitOptions({ keyStore, sessionStore }));
    const login = await otpLogin(kit, nextEmail());
    kit.dispose();
    setSession(null);

    const reloaded = new LatchKit(kitOptions({ keyStore, sessionStore }));
    const [restored, same] = await Promise.all([reloaded.restoreSession(), reloaded.restoreSession()]);
    assert.ok(restored);
    assert.equal(same, restored, 'concurrent restores share one session');
    assert.equal(reloaded.session, restored);
    assert.equal(restored.publicKey, login.session.publicKey);
    assert.deepEqual($session.get(), restored.summary);
    assert.equal(await reloaded.restoreSession(), restored);
    const who = await restored.whoami();
    assert.equal(who.organizationId, login.session.summary!.organizationId);
    await reloaded.logout();
    assert.equal(await new LatchKit(kitOptions({ keyStore, sessionStore })).restoreSession(), null);
  });

  it('session-expiring reaches the kit, refresh() swaps the key and $session follows', async () => {
    const keyStore = new MemoryKeyStore();
    // A lead longer than the session's life: `expiring` is due at once.
    const kit = new LatchKit(kitOptions({ keyStore, sessionExpiringLeadMs: 24 * 3600 * 1000 }));
    const events = record(kit);
    const expiring = new Promise<CustomEvent>((resolve) => kit.addEventListener('session-expiring', resolve, { once: true }));
    const login = await otpLogin(kit, nextEmail());
    const event = await expiring;
    assert.equal(event.detail.session, login.session);
    assert.equal(event.detail.expiresAt, login.session.summary!.expiresAt);

    const before = login.session.publicKey;
    await kit.refresh();
    assert.notEqual(login.session.publicKey, before);
    assert.equal($session.get()!.publicKey, login.session.publicKey);
    assert.deepEqual((await keyStore.list()).map((k) => k.id), [login.session.publicKey]);
    assert.ok(events.every((e) => e.type !== 'error'));
    kit.dispose();
  });

  it('a logout in another tab ends this tab\'s session too (logout reason "remote")', async () => {
    const keyStore = new MemoryKeyStore();
    const sessionStore = new MemorySessionStore();
    // Two "tabs" over the same stores, talking over a real BroadcastChannel of this test's own.
    const name = `latchkey-kit-test-${crypto.randomUUID()}`;
    const channelA = new BroadcastSessionChannel({ name });
    const channelB = new BroadcastSessionChannel({ name });
    try {
      const a = new LatchKit(kitOptions({ keyStore, sessionStore, sessionChannel: channelA }));
      await otpLogin(a, nextEmail());
      const b = new LatchKit(kitOptions({ keyStore, sessionStore, sessionChannel: channelB }));
      const restored = await b.restoreSession();
      assert.ok(restored);
      const ended = new Promise<CustomEvent>((resolve) => b.addEventListener('logout', resolve, { once: true }));
      await a.logout();
      assert.deepEqual((await ended).detail, { reason: 'remote' });
      assert.equal(b.session, null);
      assert.equal(restored.active, false);
      assert.equal($session.get(), null);
      assert.deepEqual(await keyStore.list(), []);
    } finally {
      channelA.close();
      channelB.close();
    }
  });

  it('a session that runs out ends with logout reason "expired": key and saved session deleted', async () => {
    const keyStore = new MemoryKeyStore();
    const sessionStore = new MemorySessionStore();
    const kit = new LatchKit(kitOptions({ keyStore, sessionStore }));
    const login = await otpLogin(kit, nextEmail());
    const ended = new Promise<CustomEvent>((resolve) => kit.addEventListener('logout', resolve, { once: true }));
    // What the session's own timer dispatches at expiry (the emulator's shortest session lasts a minute).
    login.session.dispatchEvent(new SessionExpiryEvent('expired', login.session.summary!.expiresAt));
    // The test fires `expired` early: the key is still live on the service, so the logout deletes it there.
    assert.deepEqual((await ended).detail, { reason: 'expired', remote: 'deleted' });
    assert.equal(kit.session, null);
    assert.equal($session.get(), null);
    assert.deepEqual(await keyStore.list(), []);
    assert.equal(await sessionStore.load(), undefined);
  });

  it('without a key store option, opens the default one on first use (memory in Node) and logs in', async () => {
    const { keyStore: _none, ...options } = kitOptions();
    const kit = new LatchKit(options);
    const login = await otpLogin(kit, nextEmail());
    assert.equal(login.created, true);
    assert.equal((await login.session.whoami()).organizationId, login.session.summary!.organizationId);
    await kit.logout();
  });

  it('refresh() without a session is ERR_SESSION_MISSING with an error event', async () => {
    const kit = new LatchKit(kitOptions());
    const events = record(kit);
    await assert.rejects(kit.refresh(), (e) => isLatchError(e, 'ERR_SESSION_MISSING'));
    assert.equal(events[0]?.type, 'error');
  });
});
