// LatchKit's OAuth logins against the emulator's built-in provider: a popup (an injected host
// whose fake window "navigates" to the redirect once consent is pressed with fetch), for an OIDC
// provider and a PKCE provider; a closed popup; and the redirect path (popup blocked → the
// attempt saved → the page comes back → resumeOAuthRedirect finishes).
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { sessionStoragePendingStore, type PendingOAuth } from '../../../src/flows/oauth-flow.ts';
import type { PopupHost, PopupWindow } from '../../../src/flows/oauth-popup.ts';
import { $session, setSession } from '../../../src/state/session-state.ts';
import { $flow, endFlow } from '../../../src/state/flow-state.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { consent, record, startEmulator, type TestEmulator, emulatorKitOptions } from './kit-emulator-support.ts';

let t: TestEmulator;
const REDIRECT = 'http://localhost:8000/oauth/callback';

class FakePopup implements PopupWindow {
  closed = false;
  readonly location = { href: 'about:blank' };
  close(): void {
    this.closed = true;
  }
}

/** A window host whose popups are FakePopups, or that blocks them (redirect mode). */
class FakeHost implements PopupHost {
  readonly opened: { url: string; popup: FakePopup }[] = [];
  readonly assigned: string[] = [];
  constructor(private readonly blocked = false) {}
  open(url: string): PopupWindow | null {
    if (this.blocked) return null;
    const popup = new FakePopup();
    this.opened.push({ url, popup });
    return popup;
  }
  assign(url: string): void {
    this.assigned.push(url);
  }
}

function kitOptions(overrides: Partial<LatchKitOptions> = {}): LatchKitOptions {
  const oauth = t.urls.oauthUrl;
  return emulatorKitOptions(t, {
    oauthRedirectUri: REDIRECT,
    oauthAuthorizeUrls: { google: `${oauth}/google/authorize`, discord: `${oauth}/discord/authorize`, x: `${oauth}/x/authorize` },
    pendingStore: sessionStoragePendingStore(undefined),
    ...overrides,
  });
}

describe('LatchKit OAuth against the emulator', () => {
  before(async () => {
    t = await startEmulator();
  });
  after(() => t.emulator.stop());
  beforeEach(() => {
    endFlow();
    setSession(null);
  });

  for (const provider of ['google', 'discord'] as const) {
    it(`popup with ${provider} (${provider === 'google' ? 'OIDC id_token' : 'OAuth 2.0 + PKCE'}): signs up, then logs in to the same account`, async () => {
      const email = `kit.${provider}.${Date.now()}@example.com`;
      let organizationId: string | undefined;
      for (const expectCreated of [true, false]) {
        const host = new FakeHost();
        const keyStore = new MemoryKeyStore();
        const kit = new LatchKit(kitOptions({ popupHost: host, keyStore }));
        const events = record(kit);

        const pending = await kit.prepareOAuth(provider);
        assert.equal($flow.get(), null, 'preparing before the click shows no progress');
        assert.equal(new URL(pending.url).origin, new URL(t.urls.oauthUrl).origin);
        assert.equal(new URL(pending.url).searchParams.get('redirect_uri'), REDIRECT);
        assert.ok(await keyStore.get(pending.keyId), 'the login key exists before the click');

        const launch = kit.launchOAuth(pending);
        assert.equal(launch.mode, 'popup');
        assert.deepEqual($flow.get(), { name: 'oauth', step: 'popup' });
        assert.equal(host.opened[0]!.url, pending.url);
        const finished = kit.finishOAuth(pending, launch);

        // The user consents in the popup; the provider sends it back to our redirect URI.
        host.opened[0]!.popup.location.href = await consent(pending.url, email);
        const outcome = await finished;
        assert.ok(outcome);
        assert.equal(outcome.created, expectCreated);
        assert.equal(host.opened[0]!.popup.closed, true, 'the popup is closed once read');
        assert.equal(kit.session, outcome.session);
        assert.deepEqual($session.get(), outcome.session.summary);
        assert.equal($flow.get(), null);
        assert.deepEqual(events, [{ type: 'login', detail: outcome }]);
        assert.equal(outcome.session.publicKey, pending.keyId);
        const who = await outcome.session.whoami();
        organizationId ??= who.organizationId;
        assert.equal(who.organizationId, organizationId);
        await kit.logout();
        assert.deepEqual(await keyStore.list(), []);
      }
    });
  }

  it('a popup closed before consent: ERR_OAUTH_POPUP_CLOSED as an error event and on $flow; the attempt key is deleted', async () => {
    const host = new FakeHost();
    const keyStore = new MemoryKeyStore();
    const kit = new LatchKit(kitOptions({ popupHost: host, keyStore }));
    const events = record(kit);
    const pending = await kit.prepareOAuth('x');
    const launch = kit.launchOAuth(pending);
    const finished = kit.finishOAuth(pending, launch);
    host.opened[0]!.popup.close();
    await assert.rejects(finished, (e) => isLatchError(e, 'ERR_OAUTH_POPUP_CLOSED'));
    assert.equal(events.length, 1);
    assert.ok(events[0]!.type === 'error' && isLatchError(events[0]!.detail, 'ERR_OAUTH_POPUP_CLOSED'));
    assert.deepEqual($flow.get(), { name: 'oauth', step: 'popup', error: events[0]!.detail });
    assert.equal(kit.session, null);
    assert.deepEqual(await keyStore.list(), []);
  });

  it('abandonOAuth deletes the key of an attempt that will not be used', async () => {
    const keyStore = new MemoryKeyStore();
    const kit = new LatchKit(kitOptions({ keyStore }));
    const pending = await kit.prepareOAuth('google');
    assert.equal((await keyStore.list()).length, 1);
    await kit.abandonOAuth(pending);
    assert.deepEqual(await keyStore.list(), []);
  });

  for (const provider of ['google', 'discord'] as const) {
    it(`redirect with ${provider}: a blocked popup saves the attempt and leaves; the page comes back and resumeOAuthRedirect logs in`, async () => {
      const keyStore = new MemoryKeyStore();
      const sessionStore = new MemorySessionStore();
      const pendingStore = sessionStoragePendingStore(undefined);
      const host = new FakeHost(true);
      const kit = new LatchKit(kitOptions({ popupHost: host, keyStore, sessionStore, pendingStore }));
      const pending: PendingOAuth = await kit.prepareOAuth(provider);
      const launch = kit.launchOAuth(pending);
      assert.deepEqual(launch, { mode: 'redirect' });
      assert.deepEqual(host.assigned, [pending.url], 'the page itself goes to the provider');
      assert.deepEqual($flow.get(), { name: 'oauth', step: 'redirecting' });
      assert.equal(await kit.finishOAuth(pending, launch), null);

      const callbackUrl = await consent(pending.url, `kit.redirect.${provider}.${Date.now()}@example.com`);
      // "Reload": a new kit over the same stores, as a page coming back from the provider builds.
      kit.dispose();
      endFlow();
      const reloaded = new LatchKit(kitOptions({ popupHost: host, keyStore, sessionStore, pendingStore }));
      const events = record(reloaded);
      assert.equal(await reloaded.resumeOAuthRedirect('http://localhost:8000/oauth/callback?tab=1'), null, 'not an OAuth answer');
      const [outcome, shared] = await Promise.all([reloaded.resumeOAuthRedirect(callbackUrl), reloaded.resumeOAuthRedirect(callbackUrl)]);
      assert.ok(outcome);
      assert.equal(shared, outcome, 'callers at the same time share one run');
      assert.equal(outcome.created, true);
      assert.equal(outcome.session.publicKey, pending.keyId);
      assert.equal(reloaded.session, outcome.session);
      assert.deepEqual($session.get(), outcome.session.summary);
      assert.equal($flow.get(), null);
      assert.deepEqual(events, [{ type: 'login', detail: outcome }]);
      // The attempt is spent: the same answer again is not ours any more.
      assert.equal(await reloaded.resumeOAuthRedirect(callbackUrl), null);
      reloaded.dispose();
    });
  }

  it('redirect answer refused by the user: ERR_OAUTH_DENIED reported, the attempt key deleted', async () => {
    const keyStore = new MemoryKeyStore();
    const pendingStore = sessionStoragePendingStore(undefined);
    const kit = new LatchKit(kitOptions({ popupHost: new FakeHost(true), keyStore, pendingStore }));
    const events = record(kit);
    const pending = await kit.prepareOAuth('google');
    kit.launchOAuth(pending);
    const denied = `${REDIRECT}#error=access_denied&state=${encodeURIComponent(pending.state)}`;
    await assert.rejects(kit.resumeOAuthRedirect(denied), (e) => isLatchError(e, 'ERR_OAUTH_DENIED'));
    assert.ok(events[0]!.type === 'error' && isLatchError(events[0]!.detail, 'ERR_OAUTH_DENIED'));
    assert.deepEqual(await keyStore.list(), []);
    assert.equal(kit.session, null);
  });

  it('without a browser window the launch fails as ERR_OAUTH_POPUP_BLOCKED', async () => {
    const kit = new LatchKit(kitOptions());
    const events = record(kit);
    const pending = await kit.prepareOAuth('google');
    assert.throws(() => kit.launchOAuth(pending), (e) => isLatchError(e, 'ERR_OAUTH_POPUP_BLOCKED'));
    assert.equal(events[0]?.type, 'error');
    await kit.abandonOAuth(pending);
  });

  it('outside a browser, OAuth needs a redirect URI', async () => {
    const { oauthRedirectUri: _omit, ...rest } = kitOptions();
    const kit = new LatchKit(rest);
    await assert.rejects(kit.prepareOAuth('google'), (e) => isLatchError(e, 'ERR_CONFIG_INVALID'));
    assert.deepEqual(await (rest.keyStore as MemoryKeyStore).list(), []);
  });
});
