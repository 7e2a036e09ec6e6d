// The automatic refresh scheduler's edges, in Node: its defaults (the page's `document` for
// visibility, the global timers for its clock, the default locks), a session longer than one
// setTimeout can wait, a scheduler made for a session that has ended or expired, and one stopped
// while its refresh waits. Time is a FakeClock the test moves (or the global timers, replaced and
// fired by hand); "nothing happened" is read after the session's own work has settled, which the
// test waits for by its events, not by time.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { SigningSession, type SigningSessionOptions } from '../../../src/session/signing-session.ts';
import { AutoRefreshScheduler, AUTO_REFRESH_LOCK, autoRefresh, isRetryableRefreshError, type PageVisibility } from '../../../src/session/session-auto-refresh.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { processLocks } from '../../../src/session/session-locks.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { FakeClock, FakeService, MemoryChannelBus, makeNotarizer, mintJwt, nextEvent } from './session-fixtures.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A FakeClock for the scheduler alone that knows its live timers and the delays asked for. */
class RecordingClock {
  readonly delays: number[] = [];
  readonly live = new Set<unknown>();
  constructor(readonly clock: FakeClock) {}
  now = (): number => this.clock.now();
  setTimeout = (callback: () => void, ms: number): unknown => {
    this.delays.push(ms);
    const handle: unknown = this.clock.setTimeout(() => (this.live.delete(handle), callback()), ms);
    this.live.add(handle);
    return handle;
  };
  clearTimeout = (handle: unknown): void => {
    this.live.delete(handle);
    this.clock.clearTimeout(handle);
  };
}

const visible: PageVisibility = { visible: () => true, subscribe: () => () => undefined };

async function setup(lifetimeS = 600) {
  const clock = new FakeClock();
  const notarizer = await makeNotarizer();
  const service = new FakeService(notarizer, clock);
  const keyStore = new MemoryKeyStore();
  const bus = new MemoryChannelBus();
  const options = (): SigningSessionOptions => ({
    keyStore,
    sessionStore: new MemorySessionStore(),
    channel: bus.channel(),
    locks: processLocks,
    clock,
    notarizerPublicKey: notarizer.publicKeyHex,
    createClient: service.createClient,
    refreshExpirationSeconds: lifetimeS,
  });
  const login = async (seconds = lifetimeS): Promise<SigningSession> => {
    const key = await keyStore.create({ purpose: 'session' });
    const session = await SigningSession.fromJwt(await mintJwt(notarizer, { public_key: key.id, exp: Math.floor(clock.now() / 1000) + seconds }), options());
    cleanups.push(() => session.dispose());
    return session;
  };
  const session = await login();
  return { clock, service, keyStore, bus, session, login };
}

/** Another tab holding the automatic refresh lock, until `release()`; resolves once it holds it. */
async function holdLock(): Promise<{ held: Promise<void>; release: () => void }> {
  let release!: () => void;
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const held = processLocks.request(AUTO_REFRESH_LOCK, () => (entered(), new Promise<void>((resolve) => (release = resolve))));
  await inside;
  return { held, release };
}

/** Resolves with the session's next `change` (a refresh or adoption done, or a logout). */
const changed = (session: SigningSession) => nextEvent(session, 'change');

describe('isRetryableRefreshError', () => {
  it('is true only for a refresh that failed on the network or a busy or failing service', () => {
    const refresh = (cause?: unknown) => new LatchError('ERR_SESSION_REFRESH', 'x', { cause });
    for (const code of ['ERR_NETWORK_FAILED', 'ERR_NETWORK_TIMEOUT', 'ERR_SERVICE_RATE_LIMITED', 'ERR_SERVICE_INTERNAL'] as const) {
      assert.equal(isRetryableRefreshError(refresh(new LatchError(code, 'x'))), true, code);
      // The same failure not wrapped as a refresh failure is some other operation's.
      assert.equal(isRetryableRefreshError(Object.assign(new LatchError(code, 'x'), { cause: new LatchError(code, 'x') })), false, code);
    }
    for (const cause of [new LatchError('ERR_SERVICE_FORBIDDEN', 'x'), new LatchError('ERR_NETWORK_ABORTED', 'x'), new Error('x'), undefined, { code: '' }]) {
      assert.equal(isRetryableRefreshError(refresh(cause)), false);
    }
    assert.equal(isRetryableRefreshError(undefined), false);
    assert.equal(isRetryableRefreshError(null), false);
    assert.equal(isRetryableRefreshError({ code: 'ERR_SESSION_REFRESH' }), false);
  });
});

describe('AutoRefreshScheduler defaults', () => {
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  afterEach(() => {
    globalThis.setTimeout = realSetTimeout;
    globalThis.clearTimeout = realClearTimeout;
    delete (globalThis as { document?: unknown }).document;
  });

  it("without a clock, waits on the global timers, unref'd so Node can exit, and clears them on stop", async () => {
    const t = await setup();
    const set: { ms: number; unref: number; cleared: boolean }[] = [];
    globalThis.setTimeout = ((_callback: () => void, ms: number) => {
      const handle = { ms, unref: 0, cleared: false };
      set.push(handle);
      return { handle, unref: () => void handle.unref++ } as never;
    }) as unknown as typeof setTimeout;
    globalThis.clearTimeout = ((timer: { handle: { cleared: boolean } }) => void (timer.handle.cleared = true)) as unknown as typeof clearTimeout;
    const scheduler = new AutoRefreshScheduler(t.session, { locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 });
    globalThis.setTimeout = realSetTimeout;
    assert.equal(set.length, 1);
    assert.equal(set[0]!.ms, 600_000 - 60_000); // the session's own clock says how far off
    assert.equal(set[0]!.unref, 1);
    scheduler.stop();
    assert.equal(set[0]!.cleared, true);
  });

  it('without a clock, works with timers that are plain numbers (as in browsers), which have no unref', async () => {
    const t = await setup();
    const set: number[] = [];
    const cleared: unknown[] = [];
    globalThis.setTimeout = ((_callback: () => void, ms: number) => (set.push(ms), 41 + set.length)) as unknown as typeof setTimeout;
    globalThis.clearTimeout = ((handle: unknown) => void cleared.push(handle)) as unknown as typeof clearTimeout;
    const scheduler = new AutoRefreshScheduler(t.session, { locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 });
    globalThis.setTimeout = realSetTimeout;
    assert.deepEqual(set, [600_000 - 60_000]);
    scheduler.stop();
    assert.deepEqual(cleared, [42]);
  });

  it("without a visibility, follows the page's document: a hidden page refreshes once it is shown", async () => {
    const t = await setup();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    (globalThis as { document?: unknown }).document = doc;
    const scheduler = new AutoRefreshScheduler(t.session, { clock: t.clock, locks: processLocks, beforeExpiryMs: 60_000 });
    cleanups.push(scheduler.stop);
    t.clock.advance(600_000 - 60_000);
    assert.equal(getEventListeners(doc, 'visibilitychange').length, 1);
    assert.equal(t.service.count('stampLogin'), 0);
    const refreshed = changed(t.session);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    assert.equal((await refreshed as { reason?: string }).reason, 'refresh');
    assert.equal(t.service.count('stampLogin'), 1);
    assert.equal(getEventListeners(doc, 'visibilitychange').length, 0);
  });

  it('without a document (Node), counts as shown; without locks, takes the default ones', async () => {
    const t = await setup();
    const scheduler = new AutoRefreshScheduler(t.session, { clock: t.clock, beforeExpiryMs: 60_000 });
    cleanups.push(scheduler.stop);
    const refreshed = changed(t.session);
    t.clock.advance(600_000 - 60_000);
    await refreshed;
    assert.equal(t.service.count('stampLogin'), 1);
  });
});

describe('autoRefresh', () => {
  it("tells each caller's onError of a failure, until that caller stops", async () => {
    const t = await setup();
    t.service.failStampLogin = new LatchError('ERR_SERVICE_FORBIDDEN', 'no');
    const told: string[] = [];
    const options = { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 };
    let toldA!: () => void;
    const aTold = new Promise<void>((resolve) => (toldA = resolve));
    const stopA = autoRefresh(t.session, { ...options, onError: (e) => (told.push(`a:${e.code}`), toldA()) });
    const stopB = autoRefresh(t.session, { ...options, onError: (e) => told.push(`b:${e.code}`) });
    const stopC = autoRefresh(t.session, options); // no onError of its own
    stopB();
    t.clock.advance(600_000 - 60_000);
    await aTold; // every caller still there was told in the same turn
    assert.deepEqual(told, ['a:ERR_SESSION_REFRESH']);
    stopA();
    stopC();
  });
});

describe('autoRefresh sharing', () => {
  const at = (t: Awaited<ReturnType<typeof setup>>, lead: number) => t.session.summary!.expiresAt - lead - t.clock.now();

  it("shares the first caller's scheduler: a later caller's options do not start a second one", async () => {
    const t = await setup();
    const stopA = autoRefresh(t.session, { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 });
    const stopB = autoRefresh(t.session, { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 300_000 });
    t.clock.advance(at(t, 300_000));
    await processLocks.request(AUTO_REFRESH_LOCK, async () => undefined);
    assert.equal(t.service.count('stampLogin'), 0); // the second caller's earlier due time is not used
    const refreshed = changed(t.session);
    t.clock.advance(at(t, 60_000));
    await refreshed;
    assert.equal(t.service.count('stampLogin'), 1);
    stopA();
    stopB();
  });

  it('keeps refreshing while one caller is left (a caller stopping twice counts once), and stops with the last', async () => {
    const t = await setup();
    const options = { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 };
    const stopA = autoRefresh(t.session, options);
    const stopB = autoRefresh(t.session, options);
    stopA();
    stopA();
    const refreshed = changed(t.session);
    t.clock.advance(at(t, 60_000));
    await refreshed;
    await processLocks.request(AUTO_REFRESH_LOCK, async () => undefined); // that run has ended
    assert.equal(t.service.count('stampLogin'), 1);
    stopB();
    t.clock.advance(at(t, 60_000));
    await processLocks.request(AUTO_REFRESH_LOCK, async () => undefined);
    assert.equal(t.service.count('stampLogin'), 1);
  });

  it("a caller of a scheduler that stopped by itself does not unshare the next caller's", async () => {
    const t = await setup();
    let current = true;
    const stopOld = autoRefresh(t.session, { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 300_000, isCurrent: () => current });
    current = false;
    t.clock.advance(at(t, 300_000)); // due: the old scheduler sees its caller moved on and stops
    const stopNew = autoRefresh(t.session, { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 });
    stopOld();
    // Shared with the new one: this caller's options start nothing of their own.
    // (Its lead, under half of what is left, would have it due 100 s before expiry.)
    const stopThird = autoRefresh(t.session, { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 100_000 });
    t.clock.advance(at(t, 100_000));
    await processLocks.request(AUTO_REFRESH_LOCK, async () => undefined);
    assert.equal(t.service.count('stampLogin'), 0);
    const refreshed = changed(t.session);
    t.clock.advance(at(t, 60_000));
    await refreshed;
    assert.equal(t.service.count('stampLogin'), 1);
    stopNew();
    stopThird();
  });

  it('a failed refresh with no onError given is no unhandled rejection', async () => {
    const t = await setup();
    t.service.failStampLogin = new LatchError('ERR_SERVICE_FORBIDDEN', 'no');
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const scheduler = new AutoRefreshScheduler(t.session, { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 });
      cleanups.push(scheduler.stop);
      t.clock.advance(at(t, 60_000));
      await processLocks.request(AUTO_REFRESH_LOCK, async () => undefined);
      assert.equal(t.service.count('stampLogin'), 1);
      // Unhandled rejections are reported once the microtasks of this turn have run.
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(scheduler.dueAt, Number.POSITIVE_INFINITY); // gave up on this key
    } finally {
      process.off('unhandledRejection', record);
    }
    assert.deepEqual(unhandled, []);
  });
});

describe('AutoRefreshScheduler edges', () => {
  it('waits in steps a setTimeout can take for a session that lasts longer than 2^31 - 1 ms', async () => {
    const days = 30;
    const t = await setup(days * 86_400);
    const clock = new RecordingClock(t.clock);
    const scheduler = new AutoRefreshScheduler(t.session, { clock: clock as never, locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 });
    cleanups.push(scheduler.stop);
    const total = days * 86_400_000 - 60_000;
    assert.deepEqual(clock.delays, [2 ** 31 - 1]);
    t.clock.advance(2 ** 31 - 1);
    assert.deepEqual(clock.delays, [2 ** 31 - 1, total - (2 ** 31 - 1)]);
    assert.equal(t.service.count('stampLogin'), 0);
    const refreshed = changed(t.session);
    t.clock.advance(total - (2 ** 31 - 1) - 1);
    assert.equal(t.service.count('stampLogin'), 0);
    t.clock.advance(1);
    await refreshed;
    assert.equal(t.service.count('stampLogin'), 1);
  });

  it('a due time exactly 2^31 - 1 ms away is one wait', async () => {
    // A lifetime under twice that, so the lead that puts the due time there is under half of it.
    const t = await setup(4_000_000);
    const clock = new RecordingClock(t.clock);
    const lead = 4_000_000_000 - (2 ** 31 - 1);
    const scheduler = new AutoRefreshScheduler(t.session, { clock: clock as never, locks: processLocks, visibility: visible, beforeExpiryMs: lead });
    cleanups.push(scheduler.stop);
    assert.equal(scheduler.dueAt, t.clock.now() + 2 ** 31 - 1);
    assert.deepEqual(clock.delays, [2 ** 31 - 1]);
    const refreshed = changed(t.session);
    t.clock.advance(2 ** 31 - 1);
    await refreshed;
    assert.equal(t.service.count('stampLogin'), 1);
    assert.equal(clock.delays.length, 2); // the wait for the new session's due time, no empty one before
    assert.ok(clock.delays[1]! > 0);
  });

  it('stop() clears its timer and leaves the session without its listeners', async () => {
    const t = await setup();
    const before = { change: getEventListeners(t.session, 'change').length, expired: getEventListeners(t.session, 'expired').length };
    const clock = new RecordingClock(t.clock);
    const scheduler = new AutoRefreshScheduler(t.session, { clock: clock as never, locks: processLocks, visibility: visible });
    assert.equal(clock.live.size, 1);
    assert.equal(getEventListeners(t.session, 'change').length, before.change + 1);
    assert.equal(getEventListeners(t.session, 'expired').length, before.expired + 1);
    scheduler.stop();
    assert.equal(clock.live.size, 0);
    assert.equal(t.clock.pending, 2); // the session's own expiring and expired timers only
    assert.deepEqual({ change: getEventListeners(t.session, 'change').length, expired: getEventListeners(t.session, 'expired').length }, before);
    assert.equal(scheduler.running, false);
    assert.equal(scheduler.dueAt, undefined);
  });

  it('made for a session that has ended, or expired (to the millisecond), it stops at once and sends nothing', async () => {
    const t = await setup();
    const ended = await t.login();
    await ended.logout();
    const errors: LatchError[] = [];
    const a = new AutoRefreshScheduler(ended, { clock: t.clock, locks: processLocks, visibility: visible, onError: (e) => errors.push(e) });
    assert.equal(a.running, false);
    const expiresAt = t.session.summary!.expiresAt;
    t.clock.advance(expiresAt - t.clock.now());
    const b = new AutoRefreshScheduler(t.session, { clock: t.clock, locks: processLocks, visibility: visible, onError: (e) => errors.push(e) });
    assert.equal(b.running, false);
    assert.equal(b.dueAt, undefined);
    t.clock.advance(1_000_000);
    await processLocks.request(AUTO_REFRESH_LOCK, async () => undefined); // any run queued has ended
    assert.deepEqual(errors, []);
    assert.equal(t.service.count('stampLogin'), 0);
  });

  it('a caller that moved on while the page is hidden leaves no visibility listener behind', async () => {
    const t = await setup();
    const listeners = new Set<() => void>();
    const hidden: PageVisibility = { visible: () => false, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) };
    const scheduler = new AutoRefreshScheduler(t.session, { clock: t.clock, locks: processLocks, visibility: hidden, isCurrent: () => false, beforeExpiryMs: 60_000 });
    t.clock.advance(600_000 - 60_000);
    assert.equal(scheduler.running, false);
    assert.equal(listeners.size, 0);
  });

  it('stopped while waiting for the lock: no refresh; stopped while its refresh fails: no onError', async () => {
    const t = await setup();
    const scheduler = new AutoRefreshScheduler(t.session, { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 });
    const { held, release } = await holdLock();
    t.clock.advance(600_000 - 60_000); // due: its run queues behind the held lock
    scheduler.stop();
    release();
    await held;
    await processLocks.request(AUTO_REFRESH_LOCK, async () => undefined); // the scheduler's turn has passed
    assert.equal(t.service.count('stampLogin'), 0);

    const u = await setup();
    u.service.failStampLogin = new LatchError('ERR_SERVICE_FORBIDDEN', 'no');
    const gate = u.service.hold();
    const errors: LatchError[] = [];
    const failing = new AutoRefreshScheduler(u.session, { clock: u.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 60_000, onError: (e) => errors.push(e) });
    u.clock.advance(600_000 - 60_000);
    await gate.reached;
    failing.stop();
    gate.open();
    await processLocks.request(AUTO_REFRESH_LOCK, async () => undefined);
    assert.deepEqual(errors, []);
  });

  it("does not refresh a session another tab's login replaced while it waited for the lock, even one expiring sooner", async () => {
    const t = await setup();
    const scheduler = new AutoRefreshScheduler(t.session, { clock: t.clock, locks: processLocks, visibility: visible, beforeExpiryMs: 60_000 });
    cleanups.push(scheduler.stop);
    const { held, release } = await holdLock();
    t.clock.advance(600_000 - 60_000);
    // Another tab logs in with a session that ends sooner; this tab takes it over (a login is
    // adopted whatever its expiry).
    const adopted = changed(t.session);
    const other = await t.login(30); // 30 s left, where the replaced one had 60
    await adopted;
    assert.equal(t.session.publicKey, other.publicKey);
    release();
    await held;
    await processLocks.request(AUTO_REFRESH_LOCK, async () => undefined);
    assert.equal(t.service.count('stampLogin'), 0);
  });
});
