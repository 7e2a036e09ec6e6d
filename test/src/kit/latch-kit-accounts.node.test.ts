// Several accounts in one kit (issue 24), against a real emulator over HTTP: "use another
// account" keeps the first session and its key; a switch changes which key stamps (whoami answers
// as that user); logging out one account deletes only its key and slot, and its key is refused by
// the service; logout-all ends every one; a reload restores the active account, or the one left
// when the active one is gone; a second "tab" (another kit over the same stores and channels)
// follows the switch and the logout of one account; "use another account" survives an OAuth
// login's redirect (the saved attempt carries it), so that login adds an account.
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionSlots, DEFAULT_SESSION_KEY } from '../../../src/session/session-slots.ts';
import type { SessionChannel, SessionMessage } from '../../../src/session/session-channel.ts';
import type { AccountsMessage } from '../../../src/kit/accounts-channel.ts';
import { $session, setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { MemoryChannelBus } from '../session/session-fixtures.ts';
import { sessionStoragePendingStore } from '../../../src/flows/oauth-flow.ts';
import { consent, otpLogin, whoamiWith, refusedAsUnknownKey, startEmulator, type TestEmulator, emulatorKitOptions } from './kit-emulator-support.ts';

let t: TestEmulator;
let n = 0;
const nextEmail = () => `accounts.${++n}.${Date.now()}@example.com`;

/** One origin's shared things: the key database, the session slots, and the tabs' channels. */
function origin() {
  const sessionBus = new Map<string, MemoryChannelBus>();
  const busOf = (name: string): MemoryChannelBus => {
    let bus = sessionBus.get(name);
    if (!bus) sessionBus.set(name, (bus = new MemoryChannelBus()));
    return bus;
  };
  const accountsBus = new MemoryChannelBus<AccountsMessage>();
  const keyStore = new MemoryKeyStore();
  const sessionSlots = new MemorySessionSlots();
  /** A tab: its own kit and channels on the origin's buses. */
  const tab = (overrides: Partial<LatchKitOptions> = {}): LatchKit =>
    new LatchKit(
      emulatorKitOptions(t, {
        keyStore,
        sessionSlots,
        sessionStore: undefined,
        sessionChannel: busOf(DEFAULT_SESSION_KEY).channel() as SessionChannel,
        sessionChannels: (key) => busOf(key).channel() as SessionChannel,
        accountsChannel: accountsBus.channel(),
        ...overrides,
      }),
    );
  /** Every message posted so far on every channel has been handled. */
  const delivered = async (): Promise<void> => {
    for (let i = 0; i < 3; i++) await Promise.all([accountsBus.delivered(), ...[...sessionBus.values()].map((b) => b.delivered())]);
  };
  const posted = (): (SessionMessage | AccountsMessage)[] => [...accountsBus.posted, ...[...sessionBus.values()].flatMap((b) => b.posted)];
  return { keyStore, sessionSlots, tab, delivered, posted };
}

/** Logs in `contact` as an added account (what "Use another account" does). */
async function addAccount(kit: LatchKit, contact: string) {
  (await kit.accounts()).useAnotherAccount();
  return otpLogin(t, kit, contact);
}

describe('several accounts in one kit', () => {
  before(async () => {
    t = await startEmulator();
  });
  after(() => t.emulator.stop());
  beforeEach(() => {
    endFlow();
    setSession(null);
  });

  it('"use another account" keeps the first session and its key; a switch changes which key stamps', async () => {
    const o = origin();
    const kit = o.tab();
    const a = await otpLogin(t, kit, nextEmail());
    const aSummary = a.session.summary!;
    const b = await addAccount(kit, nextEmail());
    const bSummary = b.session.summary!;
    assert.notEqual(aSummary.userId, bSummary.userId);
    const accounts = await kit.accounts();

    // Both sessions saved, both keys kept; B is active and stamps as B.
    const all = await accounts.getAllSessions();
    assert.deepEqual(Object.values(all).map((s) => [s.userId, s.active]).sort(), [
      [aSummary.userId, false],
      [bSummary.userId, true],
    ].sort());
    assert.deepEqual((await o.keyStore.list()).map((k) => k.id).sort(), [aSummary.publicKey, bSummary.publicKey].sort());
    assert.equal(kit.session, b.session);
    assert.equal((await kit.session!.whoami()).userId, bSummary.userId);
    const bKey = accounts.getActiveSessionKey()!;
    assert.notEqual(bKey, DEFAULT_SESSION_KEY);

    // The switch: A's own key stamps again; B's stays, unused.
    const switches: string[] = [];
    kit.addEventListener('session-switch', (e) => switches.push(e.detail.sessionKey));
    const back = await accounts.setActiveSession(DEFAULT_SESSION_KEY);
    assert.equal(kit.session, back);
    assert.equal(back.publicKey, aSummary.publicKey);
    assert.equal((await kit.session!.whoami()).userId, aSummary.userId);
    assert.deepEqual($session.get(), back.summary);
    assert.deepEqual(switches, [DEFAULT_SESSION_KEY]);
    assert.equal(await o.sessionSlots.getActive(), DEFAULT_SESSION_KEY);
    assert.equal(b.session.active, true, 'the switched-from session is only set aside');
    assert.equal((await whoamiWith(t, (await o.keyStore.get(bSummary.publicKey))!, bSummary.organizationId)).userId, bSummary.userId);

    // The same user logged in again as "another account" goes to that user's slot, not a third.
    const again = await addAccount(kit, (await accounts.profile(bKey)).email!);
    assert.equal(again.session.summary!.userId, bSummary.userId);
    assert.equal(accounts.getActiveSessionKey(), bKey);
    assert.equal(Object.keys(await accounts.getAllSessions()).length, 2);
    assert.deepEqual((await o.keyStore.list()).map((k) => k.id).sort(), [aSummary.publicKey, again.session.publicKey].sort(), "B's replaced key is deleted");

    // An unknown or malformed session key is refused; the active account stays.
    await assert.rejects(accounts.setActiveSession('account:nobody'), (e) => isLatchError(e, 'ERR_SESSION_MISSING'));
    await assert.rejects(accounts.setActiveSession('active'), (e) => isLatchError(e, 'ERR_SESSION_MISSING'));
    assert.equal(accounts.getActiveSessionKey(), bKey);
    await accounts.logoutAll();
  });

  it('logging out one account deletes only its key and saved session; the service refuses that key; the other stamps on', async () => {
    const o = origin();
    const kit = o.tab();
    const a = (await otpLogin(t, kit, nextEmail())).session.summary!;
    const b = (await addAccount(kit, nextEmail())).session.summary!;
    const accounts = await kit.accounts();
    const aKey = (await o.keyStore.get(a.publicKey))!;

    // A is not active: it is logged out with a session of its own, stamped by its key.
    assert.deepEqual(await accounts.logout(DEFAULT_SESSION_KEY), { remote: 'deleted' });
    assert.deepEqual((await o.keyStore.list()).map((k) => k.id), [b.publicKey]);
    assert.deepEqual(Object.values(await accounts.getAllSessions()).map((s) => s.userId), [b.userId]);
    await assert.rejects(whoamiWith(t, aKey, a.organizationId), refusedAsUnknownKey);
    assert.equal((await kit.session!.whoami()).userId, b.userId);

    // logout-all: nothing left, nobody active, the service refuses B's key too.
    const bKey = (await o.keyStore.get(b.publicKey))!;
    const results = await accounts.logoutAll();
    assert.deepEqual(Object.values(results), [{ remote: 'deleted' }]);
    assert.deepEqual(await o.keyStore.list(), []);
    assert.deepEqual(await accounts.getAllSessions(), {});
    assert.equal(kit.session, null);
    assert.equal(accounts.getActiveSessionKey(), undefined);
    assert.equal(await o.sessionSlots.getActive(), undefined);
    await assert.rejects(whoamiWith(t, bKey, b.organizationId), refusedAsUnknownKey);
  });

  it('logging out the active account makes the other one active; a reload restores the active one', async () => {
    const o = origin();
    const kit = o.tab();
    const a = (await otpLogin(t, kit, nextEmail())).session.summary!;
    const b = (await addAccount(kit, nextEmail())).session.summary!;
    const c = (await addAccount(kit, nextEmail())).session.summary!;
    const accounts = await kit.accounts();
    await accounts.setActiveSession(DEFAULT_SESSION_KEY);

    // A reload (a new kit over the same stores) restores A, the active one, not the longest-lived.
    kit.dispose();
    const reloaded = o.tab();
    assert.equal((await reloaded.restoreSession())?.publicKey, a.publicKey);

    assert.deepEqual(await reloaded.logout(), { remote: 'deleted' });
    const next = reloaded.session;
    assert.ok(next, 'another account is active after the logout');
    assert.ok([b.publicKey, c.publicKey].includes(next.publicKey));
    assert.equal((await next.whoami()).userId, next.summary!.userId);
    assert.equal(await o.sessionSlots.getActive(), (await reloaded.accounts()).getActiveSessionKey());

    // The active slot emptied behind the kit's back (its key evicted): a reload falls back to the other account.
    const left = [b, c].find((s) => s.publicKey !== next.publicKey)!;
    reloaded.dispose();
    await o.keyStore.delete(next.publicKey);
    const third = o.tab();
    assert.equal((await third.restoreSession())?.publicKey, left.publicKey);
    assert.equal(Object.keys(await (await third.accounts()).getAllSessions()).length, 1, 'the unusable account is forgotten');
    await (await third.accounts()).logoutAll();
  });

  it('another tab follows the switch, and the logout of one account', async () => {
    const o = origin();
    const one = o.tab();
    const a = (await otpLogin(t, one, nextEmail())).session.summary!;
    const two = o.tab();
    assert.equal((await two.restoreSession())?.publicKey, a.publicKey);

    // Tab one adds B: tab two follows to B, and keeps A's key (it is A's slot, not a replacement).
    const b = (await addAccount(one, nextEmail())).session.summary!;
    await o.delivered();
    assert.equal(two.session?.publicKey, b.publicKey);
    assert.equal((await two.session!.whoami()).userId, b.userId);
    assert.ok(await o.keyStore.get(a.publicKey), "A's key is still there");

    // Tab one switches back to A: tab two follows.
    const switched: string[] = [];
    two.addEventListener('session-switch', (e) => switched.push(e.detail.session.publicKey));
    await (await one.accounts()).setActiveSession(DEFAULT_SESSION_KEY);
    await o.delivered();
    assert.equal(two.session?.publicKey, a.publicKey);
    assert.deepEqual(switched, [a.publicKey]);

    // Tab one logs out A (active in both): tab two ends A and follows to B.
    const logouts: unknown[] = [];
    two.addEventListener('logout', (e) => logouts.push(e.detail));
    await one.logout();
    await o.delivered();
    assert.deepEqual(logouts, [{ reason: 'remote' }]);
    assert.equal(one.session?.publicKey, b.publicKey);
    assert.equal(two.session?.publicKey, b.publicKey);
    assert.equal(await o.keyStore.get(a.publicKey), undefined);
    assert.ok(o.posted().some((m) => m.type === 'logout' && m.publicKey === a.publicKey));
    await (await one.accounts()).logoutAll();
    await o.delivered();
    assert.equal(two.session, null);
  });
  it('"use another account", then an OAuth login in redirect mode: the page comes back and adds the account', async () => {
    const o = origin();
    // The tab's sessionStorage, which survives the page going to the provider and back.
    const tabStorage = new Map<string, string>();
    const storage = { getItem: (k: string) => tabStorage.get(k) ?? null, setItem: (k: string, v: string) => void tabStorage.set(k, v), removeItem: (k: string) => void tabStorage.delete(k) };
    const assigned: string[] = [];
    const oauth: Partial<LatchKitOptions> = {
      oauthRedirectUri: 'http://localhost:8000/oauth/callback',
      oauthAuthorizeUrls: { google: `${t.urls.oauthUrl}/google/authorize` },
      pendingStore: sessionStoragePendingStore(storage as unknown as Storage),
      popupHost: { open: () => null, assign: (url) => void assigned.push(url) }, // popups blocked: redirect mode
    };
    const kit = o.tab(oauth);
    const a = (await otpLogin(t, kit, nextEmail())).session.summary!;
    (await kit.accounts()).useAnotherAccount();
    const pending = await kit.prepareOAuth('google');
    assert.deepEqual(kit.launchOAuth(pending), { mode: 'redirect' });
    assert.deepEqual(assigned, [pending.url]);
    // The tab keeps the attempt as before, plus the flag (nothing secret: the key stays in the key store).
    const saved = [...tabStorage.values()].map((value) => JSON.parse(value) as Record<string, unknown>);
    assert.equal(saved.length, 1);
    assert.equal(saved[0]!.anotherAccount, true);
    assert.deepEqual(Object.keys(saved[0]!).sort(), [...Object.keys(pending), 'anotherAccount'].sort());
    const landed = await consent(pending.url, nextEmail());

    // The page comes back: a new kit over the same stores finishes the login.
    kit.dispose();
    endFlow();
    const reloaded = o.tab(oauth);
    await reloaded.restoreSession();
    assert.equal(reloaded.session?.summary?.userId, a.userId);
    const outcome = await reloaded.resumeOAuthRedirect(landed);
    const b = outcome!.session.summary!;
    assert.notEqual(b.userId, a.userId);
    const all = await (await reloaded.accounts()).getAllSessions();
    assert.deepEqual(Object.values(all).map((s) => [s.userId, s.active]).sort(), [
      [a.userId, false],
      [b.userId, true],
    ].sort(), 'the first account is kept beside the new one');
    assert.deepEqual((await o.keyStore.list()).map((k) => k.id).sort(), [a.publicKey, b.publicKey].sort());
    assert.equal((await whoamiWith(t, (await o.keyStore.get(a.publicKey))!, a.organizationId)).userId, a.userId, "the first account's key still works");
    reloaded.dispose();
  });
});
