// <latch-session auto-refresh> against the emulator with 6 s sessions: the element refreshes its
// kit's session before expiry without a click, and stops when the attribute goes or the element
// leaves the page. (Ten tabs sharing one refresh: test/src/kit/kit-auto-refresh.browser.test.ts.)
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it } from '../../support/harness.ts';
import { showPage } from '../../support/show-page.ts';
import { LatchSession } from '../../../components/latch-session/latch-session.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { SigningSession } from '../../../src/session/signing-session.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { activityResult } from '../../../src/clients/activity-client.ts';
import { disposeKits, emulatorKeys, emulatorKitOptions, signUpWithKit, testKit } from '../support/emulator-kit.ts';

LatchSession.define();

const LIFETIME_S = 6;

const cleanups: (() => unknown)[] = [];
// Shown, as the tabs of a user's open window are (a concurrent run may leave this page hidden).
let hidePage: (() => void) | undefined;
beforeEach(() => {
  hidePage = showPage();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  disposeKits();
  hidePage?.();
});

/** A kit holding a 6 s session whose refreshes also last 6 s, and a count of its stamp_login requests. */
async function shortSessionKit(): Promise<{ kit: LatchKit; stampLogins: () => number }> {
  const signup = await signUpWithKit(await testKit());
  const keyStore = new MemoryKeyStore();
  const sessionStore = new MemorySessionStore();
  const key = await keyStore.create({ purpose: 'session' });
  const { session: jwt } = activityResult(await signup.session.submit('stamp_login', { publicKey: key.id, expirationSeconds: String(LIFETIME_S), invalidateExisting: false }));
  const { notarizerPublicKey } = await emulatorKeys();
  const options = await emulatorKitOptions();
  (await SigningSession.fromJwt(jwt, { keyStore, sessionStore, channel: noSessionChannel, notarizerPublicKey, apiBaseUrl: options.apiBaseUrl })).dispose();
  let count = 0;
  const fetcher: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/submit/stamp_login')) count++;
    const answer = await fetch(input, init);
    if (!url.endsWith('/wallet_kit_config') || !answer.ok) return answer;
    return new Response(JSON.stringify({ ...(await answer.json()), sessionExpirationSeconds: String(LIFETIME_S) }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const kit = new LatchKit({ ...options, keyStore, sessionStore, fetch: fetcher });
  cleanups.push(() => kit.dispose());
  await kit.loadConfig();
  expect(await kit.restoreSession()).to.not.equal(null);
  return { kit, stampLogins: () => count };
}

/**
 * Resolves when the kit's session runs out (a logout with reason `expired`): proof that no refresh
 * came first, since a refresh happens before expiry. Fails a few seconds after the expiry instead.
 */
function expiryOf(kit: LatchKit): Promise<void> {
  const expiresAt = kit.session!.summary!.expiresAt;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      kit.removeEventListener('logout', onLogout);
      reject(new Error(`the session did not expire by ${new Date(expiresAt).toISOString()} + 3 s (${kit.session ? 'a refresh extended it' : 'it ended otherwise'})`));
    }, Math.max(0, expiresAt - Date.now()) + 3_000);
    const onLogout = (event: Event): void => {
      if ((event as CustomEvent<{ reason: string }>).detail.reason !== 'expired') return;
      clearTimeout(timer);
      kit.removeEventListener('logout', onLogout);
      resolve();
    };
    kit.addEventListener('logout', onLogout);
  });
}

describe('<latch-session auto-refresh>', () => {
  it('refreshes before expiry without a click, and stops when the attribute is removed', async function (this: { timeout?: (ms: number) => void }) {
    this.timeout?.(40_000);
    const { kit, stampLogins } = await shortSessionKit();
    const el = await fixture<LatchSession>(html`<latch-session auto-refresh .kit=${kit}></latch-session>`);
    await expect(el).to.be.accessible();
    expect(el.autoRefresh).to.equal(true);
    const first = kit.session!.publicKey;
    // Half-way through the 6 s session at the latest.
    await waitUntil(() => kit.session?.publicKey !== first, 'the session is refreshed', { timeout: LIFETIME_S * 1000 });
    expect(stampLogins()).to.equal(1);
    expect(el.summary?.publicKey).to.equal(kit.session!.publicKey);
    el.autoRefresh = false;
    await el.updateComplete;
    await expiryOf(kit);
    expect(stampLogins(), 'no refresh once the attribute is gone').to.equal(1);
  });

  it('stops when the element leaves the page, and does nothing without the attribute', async function (this: { timeout?: (ms: number) => void }) {
    this.timeout?.(40_000);
    const { kit, stampLogins } = await shortSessionKit();
    const el = await fixture<LatchSession>(html`<latch-session auto-refresh .kit=${kit}></latch-session>`);
    el.remove();
    const plain = await fixture<LatchSession>(html`<latch-session .kit=${kit}></latch-session>`);
    expect(plain.autoRefresh).to.equal(false);
    await expiryOf(kit);
    expect(stampLogins()).to.equal(0);
  });
});
