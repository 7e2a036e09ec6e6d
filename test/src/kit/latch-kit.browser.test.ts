// LatchKit in Chromium against the emulator the test runner started: an OTP login whose key
// lives in the real IndexedDB key store, a "reload" (a new kit over the same database) that
// restores the session, and a redirect-mode OAuth answer handled from the page's own URL
// (sessionStorage, history.replaceState).
import { describe, it, before, afterEach, expect, expectCode } from '../../support/harness.ts';
import { holdsSecret } from '../../support/secret-probes.ts';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import { IndexedDbSessionStore } from '../../../src/session/indexed-db-session-store.ts';
import { indexedDbPendingOtpStore } from '../../../src/flows/magic-link.ts';
import { BroadcastSessionChannel } from '../../../src/session/session-channel.ts';
import type { PopupHost } from '../../../src/flows/oauth-popup.ts';
import { $session } from '../../../src/state/session-state.ts';
import { $flow, endFlow } from '../../../src/state/flow-state.ts';
import { deleteDatabase, uniqueDbName } from '../keys/fake-indexed-db.ts';

declare global {
  interface Window {
    __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string; oauthUrl: string } | null;
  }
}

const urls = window.__LATCHKEY_EMULATOR__!;
let keys: { notarizerPublicKey: string; enclavePublicKey: string };
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  endFlow();
});

/** One "page load": its own store instances over `dbName`, and a channel of this test's own. */
function pageKit(dbName: string, channelName: string, extra: Partial<LatchKitOptions> = {}) {
  const keyStore = new IndexedDbKeyStore({ dbName });
  const sessionStore = new IndexedDbSessionStore({ dbName });
  const sessionChannel = new BroadcastSessionChannel({ name: channelName });
  const kit = new LatchKit({
    proxyUrl: urls.proxyUrl,
    configId: 'demo',
    apiBaseUrl: urls.apiUrl,
    notarizerPublicKey: keys.notarizerPublicKey,
    enclavePublicKey: keys.enclavePublicKey,
    keyStore,
    sessionStore,
    sessionChannel,
    // The OTP attempts beside the keys, in this test's database, as a page keeps them beside its
    // own (the default store is the origin's: another test page sending a code would supersede
    // this one's attempt there, and its key here would then never be deleted).
    otpAttempts: indexedDbPendingOtpStore({ dbName }),
    ...extra,
  });
  cleanups.push(() => keyStore.close(), () => sessionStore.close(), () => sessionChannel.close(), () => kit.dispose());
  return { kit, keyStore, sessionStore };
}

async function latestCode(contact: string): Promise<string> {
  const { messages } = (await (await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`)).json()) as { messages: { code: string }[] };
  expect(messages[0], `an OTP for ${contact}`).to.not.equal(undefined);
  return messages[0]!.code;
}

describe('LatchKit in the browser', () => {
  before(async () => {
    expect(urls, 'the test runner started an emulator').to.not.equal(null);
    keys = await (await fetch(`${urls.apiUrl}/__keys`)).json();
  });

  it('OTP login keeps its key in IndexedDB; a new kit over the same database (a reload) restores the session', async () => {
    const dbName = uniqueDbName();
    const channelName = `latchkey-test-${crypto.randomUUID()}`;
    cleanups.push(() => deleteDatabase(dbName));
    const contact = `kit.browser.${Date.now()}@example.com`;

    const first = pageKit(dbName, channelName);
    const logins: CustomEvent[] = [];
    first.kit.addEventListener('login', (event) => logins.push(event));
    const { otpId } = await first.kit.startOtp('OTP_TYPE_EMAIL', contact);
    const login = await first.kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(contact) });
    expect(login.created).to.equal(true);
    expect(logins.map((e) => e.detail)).to.deep.equal([login]);
    expect($session.get()).to.deep.equal(login.session.summary);
    expect($flow.get()).to.equal(null);
    const stored = await first.keyStore.list();
    expect(stored.map((k) => k.id)).to.deep.equal([login.session.publicKey]);
    expect(stored[0]!.privateKey.extractable).to.equal(false);
    first.kit.dispose();

    // The reload: new store instances, a new kit, nothing in memory.
    const second = pageKit(dbName, channelName);
    const restored = await second.kit.restoreSession();
    expect(restored).to.not.equal(null);
    expect(second.kit.session).to.equal(restored);
    expect(restored!.publicKey).to.equal(login.session.publicKey);
    expect(restored!.jwt).to.equal(login.session.jwt);
    expect($session.get()).to.deep.equal(restored!.summary);
    const who = await restored!.whoami();
    expect(who.organizationId).to.equal(login.session.summary!.organizationId);

    await second.kit.logout();
    expect($session.get()).to.equal(null);
    expect(await second.keyStore.list()).to.deep.equal([]);
    const third = pageKit(dbName, channelName);
    expect(await third.kit.restoreSession()).to.equal(null);
  });

  it('E6 no-secrets-in-web-storage: after an OTP login web storage holds no code, key or token, and the stored key cannot be exported', async () => {
    const dbName = uniqueDbName();
    cleanups.push(() => deleteDatabase(dbName));
    const contact = `kit.storage.${Date.now()}@example.com`;
    const { kit, keyStore } = pageKit(dbName, `latchkey-test-${crypto.randomUUID()}`);
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    const code = await latestCode(contact);
    const login = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: code });
    const stored: string[] = [];
    const hints: string[] = [];
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!;
        const value = storage.getItem(key);
        // The saved-session hints (this page's and other test pages', keyed by database names that
        // hold UUIDs): a fixed prefix and a value of "1" or an expiry in ms, checked as such, not scanned as text.
        if (key.startsWith('latchkey:saved:')) hints.push(`${key}=${value}`);
        else stored.push(`${key}=${value}`);
      }
    }
    expect(hints.filter((hint) => !/^latchkey:saved:\["[\w-]+","[\w-]+"\]=(1|[1-9][0-9]{12})$/.test(hint)), 'hints hold a database name, a store name and "1" or an expiry in ms').to.deep.equal([]);
    const text = stored.join('\n');
    expect(holdsSecret(text, code), 'the one-time code').to.equal(false);
    expect(/"d"\s*:|PRIVATE KEY|pkcs8/i.test(text), 'private key material').to.equal(false);
    // Key material in any encoding: a run of 64+ hex digits or 43+ base64 / base64url characters
    // (32 bytes, a P-256 scalar) is allowed only as the session's public key, which is not secret.
    const runs = [...text.matchAll(/[0-9a-f]{64,}|[A-Za-z0-9+/_-]{43,}={0,2}/gi)].map((m) => m[0]);
    expect(runs.filter((run) => run !== login.session.publicKey), 'hex or base64 key material').to.deep.equal([]);
    expect(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/.test(text), 'a token (verification token or JWT)').to.equal(false);
    const [key] = await keyStore.list();
    expect(key!.id).to.equal(login.session.publicKey);
    expect(key!.privateKey.extractable).to.equal(false);
    for (const format of ['pkcs8', 'jwk'] as const) {
      let exported: unknown = 'exported';
      try {
        exported = await crypto.subtle.exportKey(format, key!.privateKey);
      } catch (error) {
        exported = error;
      }
      expect(exported, format).to.be.instanceOf(Error);
    }
    await kit.logout();
  });

  it("handles a redirect-mode OAuth answer in the page's own URL: the attempt waits in sessionStorage, the answer leaves the address bar", async () => {
    const dbName = uniqueDbName();
    cleanups.push(() => deleteDatabase(dbName));
    const original = location.href;
    cleanups.push(() => history.replaceState(history.state, '', original));
    const assigned: string[] = [];
    const blocked: PopupHost = { open: () => null, assign: (url) => assigned.push(url) };
    // Defaults for the redirect URI (this page) and the pending store (sessionStorage).
    const { kit, keyStore } = pageKit(dbName, `latchkey-test-${crypto.randomUUID()}`, {
      popupHost: blocked,
      oauthAuthorizeUrls: { google: `${urls.oauthUrl}/google/authorize` },
    });

    const pending = await kit.prepareOAuth('google');
    expect(pending.redirectUri).to.equal(location.origin + location.pathname);
    expect(kit.launchOAuth(pending)).to.deep.equal({ mode: 'redirect' });
    expect(assigned).to.deep.equal([pending.url]);
    expect(Object.keys(sessionStorage).some((k) => sessionStorage.getItem(k)?.includes(pending.state))).to.equal(true);

    // The provider sends the page back with a refusal in the fragment (as a real redirect would).
    history.replaceState(history.state, '', `${original.split('#')[0]}#error=access_denied&state=${encodeURIComponent(pending.state)}`);
    const errors: CustomEvent[] = [];
    kit.addEventListener('error', (event) => errors.push(event));
    await expectCode(() => kit.resumeOAuthRedirect(), 'ERR_OAUTH_DENIED');
    expect(errors.map((e) => e.detail.code)).to.deep.equal(['ERR_OAUTH_DENIED']);
    expect(location.hash).to.equal('');
    expect(location.href).to.equal(original.split('#')[0]);
    expect(Object.keys(sessionStorage).some((k) => sessionStorage.getItem(k)?.includes(pending.state))).to.equal(false);
    expect(await keyStore.list()).to.deep.equal([]);
    // Nothing left to resume.
    expect(await kit.resumeOAuthRedirect()).to.equal(null);
  });
});
