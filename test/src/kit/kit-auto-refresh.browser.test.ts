// Automatic refresh across ten "tabs" against the emulator: ten kits in one page, each with its
// own key store and session store connections over one IndexedDB database, its own
// BroadcastChannel object on one channel name, and the page's real Web Locks, as ten tabs of an
// origin have. Five turn it on with the kit's `autoRefresh` option, five with
// `<latch-session auto-refresh>`. Sessions last a few seconds (a short session made with
// stamp_login, and a configuration whose sessionExpirationSeconds the refreshes ask for), so
// several refresh periods pass in the test; the emulator's own list of stamp_login activities
// says how many refreshes there were: one per period, and none after a logout.
import { fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, beforeEach, describe, expect, it } from '../../support/harness.ts';
import { showPage } from '../../support/show-page.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { LatchSession } from '../../../components/latch-session/latch-session.ts';
import { SigningSession } from '../../../src/session/signing-session.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import { IndexedDbSessionStore } from '../../../src/session/indexed-db-session-store.ts';
import { BroadcastSessionChannel, noSessionChannel } from '../../../src/session/session-channel.ts';
import { activityResult } from '../../../src/clients/activity-client.ts';
import { deleteDatabase, uniqueDbName } from '../keys/fake-indexed-db.ts';
import { emulatorKeys, emulatorKitOptions, signUpWithKit, testKit, disposeKits } from '../../components/support/emulator-kit.ts';

LatchSession.define();

const TABS = 10;
/** Seconds a session lasts (the first one, and each refresh's). */
const LIFETIME_S = 6;
/** Refresh 3 s before expiry: a refresh period of about 3 s. */
const LEAD_MS = 3_000;
const PERIODS = 3;

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

/** A fetch that counts the stamp_login requests sent, and answers wallet_kit_config with the short lifetime. */
function countingFetch(counter: { stampLogins: number }): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/submit/stamp_login')) counter.stampLogins++;
    const answer = await fetch(input, init);
    if (!url.endsWith('/wallet_kit_config') || !answer.ok) return answer;
    const body = { ...(await answer.json()), sessionExpirationSeconds: String(LIFETIME_S) };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

describe('automatic refresh in ten tabs', () => {
  it('makes one stamp_login per refresh period across ten tabs, every tab follows it, and a logout stops them all', async function (this: { timeout?: (ms: number) => void }) {
    this.timeout?.(60_000);
    const dbName = uniqueDbName();
    cleanups.push(() => deleteDatabase(dbName));
    const channelName = `latchkey-test-${crypto.randomUUID()}`;
    const { notarizerPublicKey } = await emulatorKeys();

    // A user, and a short session for a key in the tabs' database, saved where the tabs look.
    const signup = await signUpWithKit(await testKit());
    const setupKeys = new IndexedDbKeyStore({ dbName });
    const setupSessions = new IndexedDbSessionStore({ dbName });
    cleanups.push(() => setupKeys.close(), () => setupSessions.close());
    const key = await setupKeys.create({ purpose: 'session' });
    const { session: jwt } = activityResult(await signup.session.submit('stamp_login', { publicKey: key.id, expirationSeconds: String(LIFETIME_S), invalidateExisting: false }));
    const options = await emulatorKitOptions();
    (await SigningSession.fromJwt(jwt, { keyStore: setupKeys, sessionStore: setupSessions, channel: noSessionChannel, notarizerPublicKey, apiBaseUrl: options.apiBaseUrl })).dispose();
    const countStampLogins = async (): Promise<number> => {
      const { activities } = await signup.session.query('list_activities', { organizationId: signup.session.summary!.organizationId, filterByType: ['ACTIVITY_TYPE_STAMP_LOGIN'], paginationOptions: { limit: '100' } });
      return activities.length;
    };
    const before = await countStampLogins();

    // Ten tabs; each picks up the saved session as a reloaded page does.
    const counter = { stampLogins: 0 };
    const kits: LatchKit[] = [];
    for (let i = 0; i < TABS; i++) {
      const viaElement = i >= TABS / 2;
      const keyStore = new IndexedDbKeyStore({ dbName });
      const sessionStore = new IndexedDbSessionStore({ dbName });
      const sessionChannel = new BroadcastSessionChannel({ name: channelName });
      const kit = new LatchKit(await emulatorKitOptions({ keyStore, sessionStore, sessionChannel, fetch: countingFetch(counter), ...(viaElement ? {} : { autoRefresh: { beforeExpiryMs: LEAD_MS } }) }));
      cleanups.push(() => keyStore.close(), () => sessionStore.close(), () => sessionChannel.close(), () => kit.dispose());
      await kit.loadConfig();
      expect(await kit.restoreSession(), `tab ${i} restores the session`).to.not.equal(null);
      if (viaElement) {
        const el = await fixture<LatchSession>(html`<latch-session auto-refresh .kit=${kit}></latch-session>`);
        cleanups.push(() => el.remove());
      }
      kits.push(kit);
    }
    expect(new Set(kits.map((kit) => kit.session!.publicKey)).size).to.equal(1);

    const keys = [kits[0]!.session!.publicKey];
    for (let period = 1; period <= PERIODS; period++) {
      const previous = keys.at(-1);
      await waitUntil(
        () => kits.every((kit) => kit.session?.summary && kit.session.summary.publicKey !== previous && kit.session.summary.publicKey === kits[0]!.session!.summary!.publicKey),
        `every tab has the session of refresh ${period}`,
        { timeout: 4 * LIFETIME_S * 1000, interval: 20 },
      );
      keys.push(kits[0]!.session!.publicKey);
      // A tab that refreshed a second time would have sent its stamp_login by now (the next
      // period is due in about 2.5 s).
      await new Promise((resolve) => setTimeout(resolve, 500));
      // One refresh in this period, whichever tab made it: no other tab asked for one.
      expect(counter.stampLogins, `stamp_login requests after period ${period}`).to.equal(period);
      expect((await countStampLogins()) - before, `stamp_login activities on the emulator after period ${period}`).to.equal(period);
    }
    expect(new Set(keys).size).to.equal(PERIODS + 1);
    // The old keys are gone from the tabs' database: only the current one is left.
    expect((await setupKeys.list()).map((k) => k.id)).to.deep.equal([keys.at(-1)]);

    // A logout in one tab ends the session in all ten, and with it every tab's refreshes.
    await kits[0]!.logout();
    await waitUntil(() => kits.every((kit) => kit.session === null), 'every tab is logged out', { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, LEAD_MS + 1_000));
    expect(counter.stampLogins, 'stamp_login requests after the logout').to.equal(PERIODS);
    expect((await countStampLogins()) - before, 'stamp_login activities after the logout').to.equal(PERIODS);
  });
});
