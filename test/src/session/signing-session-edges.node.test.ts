// SigningSession's edges that the shared tests leave open, in Node: a page's own session store
// without clearIfHolds (the load-compare-clear fall-back still never empties another tab's newer
// session), claims missing one field each, the refresh lock's name, a saved session of another
// user or organization (or an older one) that a refresh must not take over, a key store that
// fails while adopting, and the default clock's timers (unref'd, cleared on dispose).
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { SigningSession, type SigningSessionOptions } from '../../../src/session/signing-session.ts';
import { MemorySessionStore, type PersistedSession, type SessionStore } from '../../../src/session/session-store.ts';
import { processLocks, type SessionLocks } from '../../../src/session/session-locks.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import type { KeyStore } from '../../../src/keys/key-store.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { FakeClock, FakeService, MemoryChannelBus, ORG, USER, makeNotarizer, mintJwt } from './session-fixtures.ts';

let sessions: SigningSession[] = [];
afterEach(() => {
  for (const session of sessions) session.dispose();
  sessions = [];
});
const keep = (session: SigningSession): SigningSession => (sessions.push(session), session);

/** A page's own store: load, save and clear only (no clearIfHolds), over a memory slot. */
function plainStore(): SessionStore & { slot: MemorySessionStore; clears: number } {
  const slot = new MemorySessionStore();
  const store = {
    slot,
    clears: 0,
    load: () => slot.load(),
    save: (session: PersistedSession) => slot.save(session),
    clear: () => ((store.clears += 1), slot.clear()),
  };
  return store;
}

async function setup(extra: Partial<SigningSessionOptions> = {}) {
  const clock = new FakeClock();
  const notarizer = await makeNotarizer();
  const service = new FakeService(notarizer, clock);
  const keyStore = new MemoryKeyStore();
  const bus = new MemoryChannelBus();
  const options = (more: Partial<SigningSessionOptions> = {}): SigningSessionOptions => ({
    keyStore,
    sessionStore: new MemorySessionStore(),
    channel: bus.channel(),
    locks: processLocks,
    clock,
    notarizerPublicKey: notarizer.publicKeyHex,
    createClient: service.createClient,
    ...extra,
    ...more,
  });
  const exp = Math.floor(clock.now() / 1000) + 900;
  /** A JWT session (not started) for a new key in the key store. */
  const minted = async (claims: { exp?: number; user_id?: string; organization_id?: string } = {}) => {
    const key = await keyStore.create({ purpose: 'session' });
    const jwt = await mintJwt(notarizer, { public_key: key.id, exp, ...claims });
    return { key, jwt, saved: { jwt, claims: { session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: USER, organization_id: ORG, public_key: key.id, exp, ...claims } } };
  };
  return { clock, notarizer, service, keyStore, bus, options, exp, minted };
}

const code = (expected: string) => (error: unknown) => isLatchError(error) && error.code === expected;

describe('a session store without clearIfHolds', () => {
  it('restore forgets a saved session whose key is gone, and only while the slot holds it', async () => {
    const t = await setup();
    const store = plainStore();
    const { saved, key } = await t.minted();
    await store.save(saved);
    await t.keyStore.delete(key.id);
    await assert.rejects(SigningSession.restore(t.options({ sessionStore: store })), code('ERR_SESSION_KEY_MISSING'));
    assert.equal(await store.load(), undefined);
    assert.equal(store.clears, 1);
  });

  it("a logout empties the slot that holds its session, and leaves another tab's newer session there", async () => {
    const t = await setup();
    const store = plainStore();
    const first = await t.minted();
    const session = keep(await SigningSession.fromJwt(first.jwt, t.options({ sessionStore: store })));
    await session.logout();
    assert.equal(await store.load(), undefined);
    assert.equal(await t.keyStore.get(first.key.id), undefined);

    const older = await t.minted();
    const stale = keep(await SigningSession.fromJwt(older.jwt, t.options({ sessionStore: store })));
    const newer = await t.minted({ exp: t.exp + 600 });
    await store.save(newer.saved); // another tab's login, saved after this one's
    const clears = store.clears;
    await stale.logout();
    assert.deepEqual(await store.load(), newer.saved);
    assert.equal(store.clears, clears);
    assert.equal(await t.keyStore.get(older.key.id), undefined);
    assert.notEqual(await t.keyStore.get(newer.key.id), undefined);
  });
});

describe('damaged claims', () => {
  it('a session without a numeric expiry, a user or an organization is refused, each alone', async () => {
    const t = await setup();
    const key = await t.keyStore.create({ purpose: 'session' });
    const whole = { exp: t.exp, public_key: key.id, session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: USER, organization_id: ORG };
    for (const damage of [{ exp: String(t.exp) }, { exp: undefined }, { user_id: '' }, { user_id: undefined }, { organization_id: '' }, { organization_id: undefined }]) {
      await assert.rejects(SigningSession.fromKey({ ...whole, ...damage } as never, t.options()), (error: unknown) => {
        assert.ok(isLatchError(error), JSON.stringify(damage));
        assert.equal(error.code, 'ERR_JWT_CLAIMS');
        assert.equal(error.message, 'The session claims are damaged.');
        return true;
      });
    }
    assert.equal(keep(await SigningSession.fromKey(whole, t.options())).publicKey, key.id);
  });
});

describe('refresh and the saved session', () => {
  it("takes the cross-tab lock 'latchkey-session-refresh'", async () => {
    const names: string[] = [];
    const locks: SessionLocks = { request: (name, work) => (names.push(name), processLocks.request(name, work)) };
    const t = await setup({ locks });
    const { jwt } = await t.minted();
    const session = keep(await SigningSession.fromJwt(jwt, t.options()));
    await session.refresh();
    assert.deepEqual(names, ['latchkey-session-refresh']);
    assert.equal(t.service.count('stampLogin'), 1);
  });

  it("does not take over a saved session of another user, another organization, or one that ends sooner: it refreshes its own", async () => {
    for (const other of [{ user_id: 'user-other' }, { organization_id: 'org-other' }, { exp: 0 }]) {
      const t = await setup();
      const store = new MemorySessionStore();
      const mine = await t.minted();
      const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ sessionStore: store })));
      const theirs = await t.minted(other.exp === 0 ? { exp: t.exp - 60 } : other);
      await store.save(theirs.saved); // e.g. another tab's login
      await session.refresh();
      const label = JSON.stringify(other);
      assert.equal(t.service.count('stampLogin'), 1, label);
      assert.notEqual(session.publicKey, theirs.key.id, label);
      assert.notEqual(session.publicKey, mine.key.id, label);
      assert.equal(session.claims!.user_id, USER, label);
    }
  });

  it("refreshes its own session when the saved one is the same user's but has expired", async () => {
    const t = await setup();
    const store = new MemorySessionStore();
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ sessionStore: store })));
    const stale = await t.minted({ exp: Math.floor(t.clock.now() / 1000) });
    await store.save(stale.saved);
    await session.refresh();
    assert.equal(t.service.count('stampLogin'), 1);
    assert.notEqual(session.publicKey, stale.key.id);
    assert.notEqual(session.publicKey, mine.key.id);
  });

  it('a logout while it looks up the key of a session it would take over: it stays logged out', async () => {
    const t = await setup();
    const other = await t.minted({ exp: t.exp + 60 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reached!: () => void;
    const lookingUp = new Promise<void>((resolve) => (reached = resolve));
    const slowGet = new Proxy(t.keyStore, {
      get(target, prop) {
        if (prop === 'get') return async (id: string) => (id === other.key.id ? (reached(), await gate, target.get(id)) : target.get(id));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as KeyStore;
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ keyStore: slowGet })));
    t.bus.channel().post({ type: 'login', sender: 'tab-b', session: other.saved });
    await lookingUp;
    await session.logout({ signal: AbortSignal.abort() });
    open();
    await t.bus.delivered();
    assert.equal(session.active, false);
    assert.equal(session.summary, null);
  });

  it('takes over the same user\'s saved session that outlives its own, without a stamp_login', async () => {
    const t = await setup();
    const store = new MemorySessionStore();
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ sessionStore: store })));
    const later = await t.minted({ exp: t.exp + 60 });
    await store.save(later.saved);
    await session.refresh();
    assert.equal(t.service.count('stampLogin'), 0);
    assert.equal(session.publicKey, later.key.id);
    assert.equal(await t.keyStore.get(mine.key.id), undefined);
  });

  it('a key store that fails while it looks for the saved session\'s key: no take-over, its own refresh instead', async () => {
    const t = await setup();
    const store = new MemorySessionStore();
    const mine = await t.minted();
    const later = await t.minted({ exp: t.exp + 60 });
    const failing = new Proxy(t.keyStore, {
      get(target, prop) {
        if (prop === 'get') return async (id: string) => (id === later.key.id ? Promise.reject(new Error('IndexedDB broke')) : target.get(id));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as KeyStore;
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ sessionStore: store, keyStore: failing })));
    await store.save(later.saved);
    await session.refresh();
    assert.equal(t.service.count('stampLogin'), 1);
    assert.notEqual(session.publicKey, later.key.id);
    assert.notEqual(session.publicKey, mine.key.id);
  });
});

describe('refresh and logout meeting', () => {
  it('a logout while the refresh waits for stamp_login ends it: the new session is not taken, its key is deleted, nothing is saved', async () => {
    const t = await setup();
    const store = new MemorySessionStore();
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ sessionStore: store })));
    const gate = t.service.hold();
    const refreshing = session.refresh();
    await gate.reached;
    await session.logout({ signal: AbortSignal.abort() });
    gate.open();
    await assert.rejects(refreshing, (error: unknown) => {
      assert.ok(isLatchError(error));
      assert.equal(error.code, 'ERR_SESSION_REFRESH');
      assert.ok(isLatchError(error.cause) && error.cause.code === 'ERR_SESSION_MISSING');
      return true;
    });
    assert.equal(session.active, false);
    assert.deepEqual(await t.keyStore.list(), []);
    assert.equal(await store.load(), undefined);
  });

  it('refreshes its own session when the saved one does not verify (another notarizer, damaged claims)', async () => {
    for (const damage of ['forged', 'claims'] as const) {
      const t = await setup();
      const store = new MemorySessionStore();
      const mine = await t.minted();
      const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ sessionStore: store })));
      const key = await t.keyStore.create({ purpose: 'session' });
      const claims = { exp: t.exp + 60, public_key: key.id, session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: USER, organization_id: ORG };
      await store.save(damage === 'forged' ? { jwt: await mintJwt(await makeNotarizer(), claims), claims } : { claims: { ...claims, user_id: '' } });
      await session.refresh();
      assert.equal(t.service.count('stampLogin'), 1, damage);
      assert.notEqual(session.publicKey, key.id, damage);
      assert.notEqual(session.publicKey, mine.key.id, damage);
    }
  });

  it('refreshes when nothing is saved (the store lost it, or never could save it)', async () => {
    const t = await setup();
    const store = new MemorySessionStore();
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ sessionStore: store })));
    await store.clear();
    await session.refresh();
    assert.equal(t.service.count('stampLogin'), 1);
    assert.notEqual(session.publicKey, mine.key.id);
    assert.equal((await store.load())?.claims.public_key, session.publicKey);
  });

  it('an export after logout is refused as ERR_SESSION_MISSING, before anything is sent', async () => {
    const t = await setup();
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options()));
    await session.logout({ signal: AbortSignal.abort() });
    const sent = t.service.calls.length;
    await assert.rejects(session.exportWallet('wallet-1'), code('ERR_SESSION_MISSING'));
    await assert.rejects(session.exportPrivateKey('pk-1'), code('ERR_SESSION_MISSING'));
    assert.equal(t.service.calls.length, sent);
  });
});

describe('logout', () => {
  it("a service part that fails with something not a LatchError is reported as ERR_NETWORK_FAILED, the cause kept", async () => {
    const t = await setup();
    const broken = new TypeError('fetch failed');
    t.service.queries.get_user = () => {
      throw broken;
    };
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options()));
    const result = await session.logout();
    assert.equal(result.remote, 'failed');
    assert.ok(isLatchError(result.error));
    assert.equal(result.error.code, 'ERR_NETWORK_FAILED');
    assert.equal(result.error.message, 'The logout did not reach the service.');
    assert.equal(result.error.cause, broken);
    assert.equal(await t.keyStore.get(mine.key.id), undefined);
  });

  it('after a logout no expiry event fires', async () => {
    const t = await setup();
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options()));
    const events: string[] = [];
    session.addEventListener('expiring', () => events.push('expiring'));
    session.addEventListener('expired', () => events.push('expired'));
    await session.logout({ signal: AbortSignal.abort() });
    assert.equal(t.clock.pending, 0);
    t.clock.advance(1_000_000);
    assert.deepEqual(events, []);
  });

  it("ended by another tab's logout while its own waited for the service: announces nothing more, ends once", async () => {
    const t = await setup();
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options()));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reached!: () => void;
    const asked = new Promise<void>((resolve) => (reached = resolve));
    t.service.queries.get_user = async () => (reached(), await gate, { user: { userId: USER, apiKeys: [] } });
    const changes: string[] = [];
    session.addEventListener('change', (event) => changes.push((event as Event & { reason: string }).reason));
    const loggingOut = session.logout();
    await asked;
    t.bus.channel().post({ type: 'logout', sender: 'tab-b', publicKey: mine.key.id });
    await t.bus.delivered();
    assert.equal(session.active, false);
    const posted = t.bus.posted.length;
    open();
    assert.deepEqual(await loggingOut, { remote: 'deleted' });
    assert.equal(t.bus.posted.length, posted); // nothing more announced
    assert.deepEqual(changes, ['logout']);
  });
});

describe('expiry and other tabs', () => {
  it("judges a JWT's expiry by the session's clock, not the wall clock of the machine verifying it", async () => {
    // The session's clock (the service's time as its client knows it) says 2020; by the wall
    // clock that session ended years ago. It is the session clock that counts.
    const clock = new FakeClock(Date.UTC(2020, 0, 1));
    const t = await setup({ clock });
    const { jwt, key } = await t.minted({ exp: Math.floor(clock.now() / 1000) + 900 });
    const session = keep(await SigningSession.fromJwt(jwt, t.options()));
    assert.equal(session.publicKey, key.id);
    assert.equal(session.active, true);
  });

  it("does not take over another tab's session that has expired (to the millisecond), nor its own again", async () => {
    const t = await setup();
    const mine = await t.minted();
    const here = keep(await SigningSession.fromJwt(mine.jwt, t.options()));
    const changes: string[] = [];
    here.addEventListener('change', (event) => changes.push((event as Event & { reason: string }).reason));
    const other = t.bus.channel();
    const expired = await t.minted({ exp: Math.floor(t.clock.now() / 1000) });
    other.post({ type: 'login', sender: 'tab-b', session: expired.saved });
    other.post({ type: 'refresh', sender: 'tab-b', session: mine.saved }); // its own session, heard back
    await t.bus.delivered();
    assert.deepEqual(changes, []);
    assert.equal(here.publicKey, mine.key.id);
    // One that is live a millisecond longer is taken over.
    const live = await t.minted({ exp: Math.floor(t.clock.now() / 1000) + 1 });
    other.post({ type: 'login', sender: 'tab-b', session: live.saved });
    await t.bus.delivered();
    assert.deepEqual(changes, ['adopt']);
    assert.equal(here.publicKey, live.key.id);
  });

  it("takes over another tab's login to a session without a JWT (a credential bundle's), its claims checked", async () => {
    const t = await setup();
    const mine = await t.minted();
    const here = keep(await SigningSession.fromJwt(mine.jwt, t.options()));
    const key = await t.keyStore.create({ purpose: 'session' });
    const claims = { exp: t.exp + 60, public_key: key.id, session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: USER, organization_id: ORG };
    keep(await SigningSession.fromKey(claims, t.options()));
    await t.bus.delivered();
    assert.equal(here.publicKey, key.id);
    assert.equal(here.jwt, undefined);
    assert.deepEqual(here.claims, claims);
  });
});

describe('starting, restoring and ending', () => {
  const refused = (expected: string, message: string) => (error: unknown) => {
    assert.ok(isLatchError(error));
    assert.equal(error.code, expected);
    assert.equal(error.message, message);
    return true;
  };

  it('refuses a session that expires this very millisecond, a missing key and a mismatched one, each with its message', async () => {
    const t = await setup();
    const now = await t.minted({ exp: Math.floor(t.clock.now() / 1000) });
    await assert.rejects(SigningSession.fromJwt(now.jwt, t.options()), refused('ERR_SESSION_EXPIRED', 'The session has expired.'));
    const gone = await t.minted();
    await t.keyStore.delete(gone.key.id);
    await assert.rejects(SigningSession.fromJwt(gone.jwt, t.options()), refused('ERR_SESSION_KEY_MISSING', 'The session key is missing.'));
    const other = await t.keyStore.create({ purpose: 'session' });
    const named = await t.minted();
    await assert.rejects(SigningSession.fromJwt(named.jwt, { ...t.options(), key: other }), refused('ERR_KEY_MISMATCH', 'The session names another key.'));
    await assert.rejects(SigningSession.restore(t.options()), refused('ERR_SESSION_MISSING', 'No session is saved.'));
  });

  it('saves and announces a session without a JWT as its claims alone', async () => {
    const t = await setup();
    const store = new MemorySessionStore();
    const key = await t.keyStore.create({ purpose: 'session' });
    const claims = { exp: t.exp, public_key: key.id, session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: USER, organization_id: ORG };
    keep(await SigningSession.fromKey(claims, t.options({ sessionStore: store })));
    assert.deepStrictEqual(await store.load(), { claims });
    assert.deepStrictEqual(t.bus.posted.at(-1), { type: 'login', sender: (t.bus.posted.at(-1) as { sender: string }).sender, session: { claims } });
  });

  it('restore refuses a saved record without claims as ERR_JWT_CLAIMS', async () => {
    const t = await setup();
    // A page's own store may hand back what it was never given by the kit.
    const store: SessionStore = { load: async () => ({ jwt: 'h.p.s' }) as never, save: async () => undefined, clear: async () => undefined };
    await assert.rejects(SigningSession.restore(t.options({ sessionStore: store })), code('ERR_JWT_CLAIMS'));
    await assert.rejects(SigningSession.fromKey(undefined as never, t.options()), code('ERR_JWT_CLAIMS'));
  });

  it('restore gives up after three reads of a slot that keeps changing under it', async () => {
    const t = await setup();
    let loads = 0;
    // Every read finds another tab's session whose key is not here (yet), and it is never this
    // tab's to clear: another tab keeps saving.
    const churning: SessionStore = {
      load: async () => {
        loads += 1;
        return { claims: { exp: t.exp, public_key: '02' + String(loads).padStart(2, '0').repeat(32), session_type: 'SESSION_TYPE_READ_WRITE', user_id: USER, organization_id: ORG } };
      },
      save: async () => undefined,
      clear: async () => assert.fail('never this tab\'s to clear'),
      clearIfHolds: async () => false,
    };
    await assert.rejects(SigningSession.restore(t.options({ sessionStore: churning })), code('ERR_SESSION_KEY_MISSING'));
    assert.equal(loads, 3);
  });

  it('once ended, reads as ended: no JWT, claims or summary, and the local clock as service time', async () => {
    const t = await setup();
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options()));
    await session.logout();
    assert.equal(session.active, false);
    assert.equal(session.jwt, undefined);
    assert.equal(session.claims, undefined);
    assert.equal(session.summary, null);
    assert.equal(session.serviceTime(), t.clock.now());
    assert.throws(() => session.publicKey, (error: unknown) => isLatchError(error) && error.code === 'ERR_SESSION_MISSING' && error.message === 'The session has ended.');
  });

  it("carries what its client learned of the service's clock over to the next key's client", async () => {
    const t = await setup();
    const clients: { skewMs?: number }[] = [];
    const createClient: SigningSessionOptions['createClient'] = (stamper) => {
      const client = t.service.createClient(stamper);
      clients.push(client);
      return client;
    };
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ createClient })));
    assert.equal(session.serviceTime(), t.clock.now());
    clients[0]!.skewMs = 7_000; // what an answer's Date header taught it (ActivityClient does this)
    assert.equal(session.serviceTime(), t.clock.now() + 7_000);
    await session.refresh();
    assert.equal(clients.length, 2);
    assert.equal(clients[1]!.skewMs, 7_000);
    assert.equal(session.serviceTime(), t.clock.now() + 7_000);
  });

  it('a request that was in flight when the session ended still answers, with a learned clock', async () => {
    const t = await setup();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reached!: () => void;
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    const createClient: SigningSessionOptions['createClient'] = (stamper) => {
      const client = t.service.createClient(stamper);
      const query = client.query.bind(client);
      return Object.assign(client, {
        skewMs: 7_000,
        // whoami waits at the gate; the logout's own get_user goes through (and fails: no answer).
        query: (async (operation: string, body: never, options?: never) =>
          operation === 'whoami' ? (reached(), await gate, { organizationId: ORG, userId: USER, username: 'u', organizationName: 'o' }) : query(operation as never, body, options)) as typeof client.query,
      });
    };
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ createClient, expiringLeadMs: 60_000 })));
    const answer = session.whoami();
    await inFlight;
    await session.logout({ signal: AbortSignal.abort() });
    open();
    assert.deepEqual(await answer, { organizationId: ORG, userId: USER, username: 'u', organizationName: 'o' });
    assert.equal(t.clock.pending, 0); // and no expiry timer was set again for the ended session
  });

  it('an expiry exactly 2^31 - 1 ms away is one timer, fired once', async () => {
    const MAX = 2 ** 31 - 1;
    const exp = Math.floor(Date.UTC(2030, 0, 1) / 1000);
    const clock = new FakeClock(exp * 1000 - MAX);
    const delays: number[] = [];
    const recording = {
      now: () => clock.now(),
      setTimeout: (callback: () => void, ms: number) => (delays.push(ms), clock.setTimeout(callback, ms)),
      clearTimeout: (handle: unknown) => clock.clearTimeout(handle),
    };
    const t = await setup({ clock: recording });
    const { jwt } = await t.minted({ exp });
    const session = keep(await SigningSession.fromJwt(jwt, t.options()));
    const fired: string[] = [];
    session.addEventListener('expiring', () => fired.push('expiring'));
    session.addEventListener('expired', () => fired.push('expired'));
    assert.deepEqual(delays, [MAX - 60_000, MAX]);
    clock.advance(MAX);
    assert.deepEqual(fired, ['expiring', 'expired']);
    assert.deepEqual(delays, [MAX - 60_000, MAX]);
  });

  it("passes a submit's signal to its client, and a request that teaches nothing new leaves the expiry timers alone", async () => {
    const t = await setup();
    const signals: unknown[] = [];
    const createClient: SigningSessionOptions['createClient'] = (stamper) => {
      const client = t.service.createClient(stamper);
      const submit = client.submit.bind(client);
      return Object.assign(client, {
        submit: ((operation: never, body: never, options?: { signal?: AbortSignal }) => (signals.push(options?.signal), submit(operation, body, options))) as typeof client.submit,
      });
    };
    t.service.queries.whoami = () => ({ organizationId: ORG, userId: USER, username: 'u', organizationName: 'o' });
    t.service.results.create_api_keys = () => ({ apiKeyIds: ['k'] });
    const mine = await t.minted();
    const session = keep(await SigningSession.fromJwt(mine.jwt, t.options({ createClient })));
    const signal = new AbortController().signal;
    await session.submit('create_api_keys', { apiKeys: [], userId: USER }, { signal });
    assert.deepEqual(signals, [signal]);
    const expiring: number[] = [];
    session.addEventListener('expiring', () => expiring.push(t.clock.now()));
    t.clock.advance(900_000 - 60_000);
    assert.equal(expiring.length, 1);
    await session.whoami();
    t.clock.advance(1);
    assert.equal(expiring.length, 1); // not again after the request
  });

  it('dispose stops listening on a channel it was given, and leaves that channel open for its owner', async () => {
    const t = await setup();
    const given = t.bus.channel();
    let closed = 0;
    let subscribed = 0;
    const channel = {
      post: given.post,
      subscribe: (listener: Parameters<typeof given.subscribe>[0]) => {
        subscribed += 1;
        const stop = given.subscribe(listener);
        return () => ((subscribed -= 1), stop());
      },
      close: () => void (closed += 1),
    };
    const mine = await t.minted();
    const session = await SigningSession.fromJwt(mine.jwt, t.options({ channel }));
    assert.equal(subscribed, 1);
    session.dispose();
    assert.equal(subscribed, 0);
    assert.equal(closed, 0);
  });
});

describe('the default clock', () => {
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  afterEach(() => {
    globalThis.setTimeout = realSetTimeout;
    globalThis.clearTimeout = realClearTimeout;
  });

  it('works with timers that are plain numbers (as in browsers), which have no unref', async () => {
    const t = await setup();
    const { jwt } = await t.minted({ exp: Math.floor(Date.now() / 1000) + 900 });
    const set: number[] = [];
    const cleared: unknown[] = [];
    globalThis.setTimeout = ((_callback: () => void, ms: number) => (set.push(ms), 100 + set.length)) as unknown as typeof setTimeout;
    globalThis.clearTimeout = ((handle: unknown) => void cleared.push(handle)) as unknown as typeof clearTimeout;
    const session = await SigningSession.fromJwt(jwt, { ...t.options(), clock: undefined });
    assert.equal(set.length, 2);
    session.dispose();
    assert.deepEqual(cleared, [101, 102]);
  });

  it("sets the expiry timers on the global timers, unref'd so they never keep Node alive, and clears them on dispose", async () => {
    const t = await setup();
    const { jwt } = await t.minted({ exp: Math.floor(Date.now() / 1000) + 900 });
    const timers: { ms: number; unrefs: number; cleared: boolean }[] = [];
    globalThis.setTimeout = ((_callback: () => void, ms: number) => {
      const timer = { ms, unrefs: 0, cleared: false };
      timers.push(timer);
      return { timer, unref: () => void timer.unrefs++ } as never;
    }) as unknown as typeof setTimeout;
    globalThis.clearTimeout = ((handle: { timer?: { cleared: boolean } }) => {
      if (handle?.timer) handle.timer.cleared = true;
    }) as unknown as typeof clearTimeout;
    const before = Date.now();
    const session = await SigningSession.fromJwt(jwt, { ...t.options(), clock: undefined });
    const after = Date.now();
    const expiry = timers.slice(-2);
    assert.equal(expiry.length, 2);
    assert.deepEqual(expiry.map((timer) => timer.unrefs), [1, 1]);
    // `expiring` 60 s before the expiry, `expired` at it, as far off as the system clock says.
    const expiresAt = (JSON.parse(atob(jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number }).exp * 1000;
    for (const [timer, at] of [[expiry[0]!, expiresAt - 60_000], [expiry[1]!, expiresAt]] as const) {
      assert.ok(timer.ms >= at - after && timer.ms <= at - before, `${timer.ms} within [${at - after}, ${at - before}]`);
    }
    session.dispose();
    assert.deepEqual(expiry.map((timer) => timer.cleared), [true, true]);
  });
});
