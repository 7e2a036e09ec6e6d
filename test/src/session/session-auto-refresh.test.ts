// The automatic refresh scheduler with a clock the test moves, a page visibility it switches, and
// "tabs" that are SigningSessions over one key store, one saved-session slot, one channel bus and
// one in-process lock queue (the browser's ten-tab test uses Web Locks and BroadcastChannel).
import { describe, it, expect, afterEach } from '../../support/harness.ts';
import { SigningSession, type SigningSessionOptions } from '../../../src/session/signing-session.ts';
import { AutoRefreshScheduler, autoRefresh, isRetryableRefreshError, type AutoRefreshOptions, type PageVisibility } from '../../../src/session/session-auto-refresh.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { processLocks } from '../../../src/session/session-locks.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import type { KeyStore } from '../../../src/keys/key-store.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { FakeClock, FakeService, MemoryChannelBus, makeNotarizer, mintJwt } from './session-fixtures.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A page whose visibility the test sets. */
class FakeVisibility implements PageVisibility {
  #visible: boolean;
  readonly #listeners = new Set<() => void>();
  constructor(visible = true) {
    this.#visible = visible;
  }
  visible(): boolean {
    return this.#visible;
  }
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  set(visible: boolean): void {
    this.#visible = visible;
    for (const listener of [...this.#listeners]) listener();
  }
  get listeners(): number {
    return this.#listeners.size;
  }
}

const LIFETIME_S = 600;

async function setup() {
  const clock = new FakeClock();
  const notarizer = await makeNotarizer();
  const service = new FakeService(notarizer, clock);
  const keyStore = new MemoryKeyStore();
  const sessionStore = new MemorySessionStore();
  const bus = new MemoryChannelBus();
  const options = (): SigningSessionOptions => ({
    keyStore,
    sessionStore,
    channel: bus.channel(),
    locks: processLocks,
    clock,
    notarizerPublicKey: notarizer.publicKeyHex,
    createClient: service.createClient,
    refreshExpirationSeconds: LIFETIME_S,
  });
  const key = await keyStore.create({ purpose: 'session' });
  const jwt = await mintJwt(notarizer, { public_key: key.id, exp: Math.floor(clock.now() / 1000) + LIFETIME_S });
  const first = await SigningSession.fromJwt(jwt, options());
  cleanups.push(() => first.dispose());
  /** Another tab: the saved session restored with its own channel. */
  const tab = async (extra: Partial<SigningSessionOptions> = {}): Promise<SigningSession> => {
    const session = await SigningSession.restore({ ...options(), ...extra });
    cleanups.push(() => session.dispose());
    return session;
  };
  const schedule = (session: SigningSession, extra: AutoRefreshOptions = {}): AutoRefreshScheduler => {
    const scheduler = new AutoRefreshScheduler(session, { clock, locks: processLocks, visibility: new FakeVisibility(), random: () => 0, ...extra });
    cleanups.push(scheduler.stop);
    return scheduler;
  };
  return { clock, service, keyStore, sessionStore, bus, first, tab, schedule };
}

/** Lets the promises and zero-delay timers (the channel) run until `done()` or gives up. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
  if (!done()) throw new Error(`timed out waiting until ${what}`);
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 1));
};

const networkFailure = () => new LatchError('ERR_NETWORK_FAILED', 'offline');

describe('automatic refresh', () => {
  it('refreshes beforeExpiryMs before expiry, then again for the new session: one stamp_login each time', async () => {
    const t = await setup();
    const scheduler = t.schedule(t.first, { beforeExpiryMs: 60_000 });
    const expiresAt = t.first.summary!.expiresAt;
    expect(scheduler.dueAt).to.equal(expiresAt - 60_000);
    t.clock.advance(LIFETIME_S * 1000 - 60_001);
    await settle();
    expect(t.service.count('stampLogin')).to.equal(0);
    t.clock.advance(1);
    await until(() => t.first.summary!.expiresAt > expiresAt, 'the first refresh');
    expect(t.service.count('stampLogin')).to.equal(1);
    const second = t.first.summary!.expiresAt;
    expect(scheduler.dueAt).to.equal(second - 60_000);
    t.clock.advance(second - 60_000 - t.clock.now());
    await until(() => t.first.summary!.expiresAt > second, 'the second refresh');
    expect(t.service.count('stampLogin')).to.equal(2);
  });

  it('refreshes at most half-way through a session, so a lead longer than the lifetime never loops', async () => {
    const t = await setup();
    const scheduler = t.schedule(t.first, { beforeExpiryMs: 3_600_000 });
    expect(scheduler.dueAt).to.equal(t.first.summary!.expiresAt - (LIFETIME_S * 1000) / 2);
    t.clock.advance((LIFETIME_S * 1000) / 2);
    await until(() => t.service.count('stampLogin') === 1, 'the refresh');
    await settle();
    expect(t.service.count('stampLogin')).to.equal(1);
    expect(scheduler.dueAt).to.equal(t.first.summary!.expiresAt - (LIFETIME_S * 1000) / 2);
  });

  it('takes the default lead for one that is not a positive number, never due at once', async () => {
    for (const beforeExpiryMs of [Number.NaN, -5, 0, Number.POSITIVE_INFINITY]) {
      const t = await setup();
      const scheduler = t.schedule(t.first, { beforeExpiryMs });
      expect(scheduler.dueAt, String(beforeExpiryMs)).to.equal(t.first.summary!.expiresAt - 120_000);
    }
  });

  it('C8: follows the clock of the service, so a local clock 20 minutes behind still refreshes before the real expiry', async () => {
    const clock = new FakeClock();
    const SKEW = 20 * 60_000;
    const serviceClock = { now: () => clock.now() + SKEW };
    const notarizer = await makeNotarizer();
    const service = new FakeService(notarizer, serviceClock);
    const keyStore = new MemoryKeyStore();
    const key = await keyStore.create({ purpose: 'session' });
    const jwt = await mintJwt(notarizer, { public_key: key.id, exp: Math.floor(serviceClock.now() / 1000) + LIFETIME_S });
    const session = await SigningSession.fromJwt(jwt, {
      keyStore,
      sessionStore: new MemorySessionStore(),
      channel: new MemoryChannelBus().channel(),
      locks: processLocks,
      clock,
      notarizerPublicKey: notarizer.publicKeyHex,
      // The client learned the service's time from an answer (as ActivityClient does).
      createClient: (stamper) => Object.assign(service.createClient(stamper), { skewMs: SKEW }),
      refreshExpirationSeconds: LIFETIME_S,
    });
    cleanups.push(() => session.dispose());
    const scheduler = new AutoRefreshScheduler(session, { clock, locks: processLocks, visibility: new FakeVisibility(), beforeExpiryMs: 60_000 });
    cleanups.push(scheduler.stop);
    const expiresAt = session.summary!.expiresAt;
    expect(scheduler.dueAt).to.equal(expiresAt - 60_000);
    // By the local clock the session has 30 minutes left; by the service's, 10: due in 9.
    clock.advance(9 * 60_000);
    await until(() => service.count('stampLogin') === 1 && session.summary!.expiresAt > expiresAt, 'the refresh');
    expect(session.active).to.equal(true);
  });

  it('a hidden tab waits until it is shown', async () => {
    const t = await setup();
    const page = new FakeVisibility(false);
    t.schedule(t.first, { beforeExpiryMs: 60_000, visibility: page });
    t.clock.advance(LIFETIME_S * 1000 - 60_000);
    await settle();
    expect(t.service.count('stampLogin')).to.equal(0);
    expect(page.listeners).to.equal(1);
    page.set(true);
    await until(() => t.service.count('stampLogin') === 1, 'the refresh once shown');
    expect(page.listeners).to.equal(0);
  });

  it('a hidden tab lets the visible one refresh, adopts its session, and makes no stamp_login of its own', async () => {
    const t = await setup();
    const hidden = await t.tab();
    const page = new FakeVisibility(false);
    t.schedule(hidden, { beforeExpiryMs: 60_000, visibility: page });
    t.schedule(t.first, { beforeExpiryMs: 60_000 });
    t.clock.advance(LIFETIME_S * 1000 - 60_000);
    await until(() => hidden.summary?.publicKey === t.first.summary?.publicKey && t.service.count('stampLogin') === 1, 'the hidden tab adopts');
    // Shown later, the hidden tab has nothing left to do: its next refresh is the new session's.
    page.set(true);
    await settle();
    expect(t.service.count('stampLogin')).to.equal(1);
    expect(page.listeners).to.equal(0);
  });

  it('ten tabs due at the same moment make one stamp_login, and all end on the same key', async () => {
    const t = await setup();
    const tabs = [t.first, ...(await Promise.all(Array.from({ length: 9 }, () => t.tab())))];
    for (const tab of tabs) t.schedule(tab, { beforeExpiryMs: 60_000 });
    for (let period = 1; period <= 3; period++) {
      t.clock.advance(t.first.summary!.expiresAt - 60_000 - t.clock.now());
      await until(() => t.service.count('stampLogin') === period && tabs.every((tab) => tab.summary?.publicKey === t.first.summary?.publicKey), `period ${period}`);
      await settle();
      expect(t.service.count('stampLogin')).to.equal(period);
    }
    expect((await t.keyStore.list()).map((k) => k.id)).to.deep.equal([t.first.publicKey]);
  });

  it('checks the expiry after taking the lock: a session adopted while it waited is not refreshed again', async () => {
    const t = await setup();
    const other = await t.tab();
    const scheduler = t.schedule(t.first, { beforeExpiryMs: 60_000 });
    const oldKey = t.first.publicKey;
    // Another tab holds the lock: this tab, due now, waits for it.
    let release!: () => void;
    const held = processLocks.request('latchkey-session-auto-refresh', () => new Promise<void>((resolve) => (release = resolve)));
    t.clock.advance(scheduler.dueAt! - t.clock.now());
    await settle();
    // Meanwhile the other tab refreshes (by hand), and this one adopts its session.
    await other.refresh();
    await until(() => t.first.publicKey !== oldKey, 'the adoption');
    release();
    await held;
    await settle();
    expect(t.service.count('stampLogin')).to.equal(1);
    expect(scheduler.dueAt).to.equal(t.first.summary!.expiresAt - 60_000);
  });

  it('does not refresh a session it switched to a moment before its due time, before the switch was announced', async () => {
    const t = await setup();
    // This tab deletes the old key slowly: between taking the other tab's session and its
    // `change` event, its old due time passes.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slowDeletes = new Proxy(t.keyStore, {
      get(target, prop) {
        if (prop === 'delete') return async (id: string) => (await gate, target.delete(id));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as KeyStore;
    const here = await t.tab({ keyStore: slowDeletes });
    const scheduler = t.schedule(here, { beforeExpiryMs: 60_000 });
    t.clock.advance(scheduler.dueAt! - t.clock.now() - 1);
    await t.first.refresh();
    await until(() => here.publicKey === t.first.publicKey, 'this tab takes the new session');
    t.clock.advance(1);
    await settle();
    open();
    await settle();
    expect(t.service.count('stampLogin')).to.equal(1);
    expect(scheduler.dueAt).to.equal(here.summary!.expiresAt - 60_000);
  });

  it('backs off on network failures: doubling, jittered delays, a bounded number of tries, then onError', async () => {
    const t = await setup();
    t.service.failStampLogin = networkFailure();
    const errors: LatchError[] = [];
    const scheduler = t.schedule(t.first, { beforeExpiryMs: 120_000, retries: 3, retryDelayMs: 1_000, random: () => 0, onError: (error) => errors.push(error) });
    t.clock.advance(LIFETIME_S * 1000 - 120_000);
    await until(() => t.service.count('stampLogin') === 1, 'the first try');
    // random() = 0: half of 1 s, 2 s, 4 s.
    for (const [tries, wait] of [[2, 500], [3, 1_000], [4, 2_000]] as const) {
      await settle();
      t.clock.advance(wait - 1);
      await settle();
      expect(t.service.count('stampLogin'), `no try before ${wait} ms`).to.equal(tries - 1);
      t.clock.advance(1);
      await until(() => t.service.count('stampLogin') === tries, `try ${tries}`);
    }
    await until(() => errors.length === 1, 'onError');
    expect(errors[0]!.code).to.equal('ERR_SESSION_REFRESH');
    expect(isRetryableRefreshError(errors[0])).to.equal(true);
    expect(scheduler.dueAt).to.equal(Number.POSITIVE_INFINITY);
    t.clock.advance(100_000);
    await settle();
    expect(t.service.count('stampLogin')).to.equal(4);
  });

  it('the jitter spreads retries between half and all of the delay', async () => {
    const t = await setup();
    t.service.failStampLogin = networkFailure();
    const scheduler = t.schedule(t.first, { beforeExpiryMs: 120_000, retryDelayMs: 1_000, random: () => 0.999 });
    t.clock.advance(LIFETIME_S * 1000 - 120_000);
    await until(() => t.service.count('stampLogin') === 1, 'the first try');
    await settle();
    expect(scheduler.dueAt! > 0).to.equal(true);
    t.clock.advance(998);
    await settle();
    expect(t.service.count('stampLogin')).to.equal(1);
    t.clock.advance(2);
    await until(() => t.service.count('stampLogin') === 2, 'the retry near the full delay');
  });

  it('never retries past expiry, and gives up at once on a failure retrying cannot mend', async () => {
    const t = await setup();
    t.service.failStampLogin = new LatchError('ERR_SERVICE_FORBIDDEN', 'no');
    const errors: LatchError[] = [];
    t.schedule(t.first, { beforeExpiryMs: 120_000, onError: (error) => errors.push(error) });
    t.clock.advance(LIFETIME_S * 1000 - 120_000);
    await until(() => errors.length === 1, 'onError');
    expect(isRetryableRefreshError(errors[0])).to.equal(false);
    t.clock.advance(110_000);
    await settle();
    expect(t.service.count('stampLogin')).to.equal(1);

    const u = await setup();
    u.service.failStampLogin = networkFailure();
    const late: LatchError[] = [];
    // One second before expiry: the first retry (1 s to 2 s away) would come too late.
    u.schedule(u.first, { beforeExpiryMs: 1_000, retryDelayMs: 2_000, onError: (error) => late.push(error) });
    u.clock.advance(LIFETIME_S * 1000 - 1_000);
    await until(() => late.length === 1, 'onError without a retry');
    expect(u.service.count('stampLogin')).to.equal(1);
  });

  it('stops on logout, here or in another tab', async () => {
    const t = await setup();
    const other = await t.tab();
    const here = t.schedule(t.first, { beforeExpiryMs: 60_000 });
    const there = t.schedule(other, { beforeExpiryMs: 60_000 });
    await other.logout();
    await until(() => !here.running && !there.running, 'both stop');
    t.clock.advance(LIFETIME_S * 1000);
    await settle();
    expect(t.service.count('stampLogin')).to.equal(0);
    expect(here.dueAt).to.equal(undefined);
  });

  it('stops at expiry when no tab was shown in time', async () => {
    const t = await setup();
    const page = new FakeVisibility(false);
    const scheduler = t.schedule(t.first, { beforeExpiryMs: 60_000, visibility: page });
    t.clock.advance(LIFETIME_S * 1000);
    await settle();
    expect(scheduler.running).to.equal(false);
    expect(page.listeners).to.equal(0);
    page.set(true);
    await settle();
    expect(t.service.count('stampLogin')).to.equal(0);
  });

  it('stops when its caller moves on (isCurrent), and autoRefresh() shares one scheduler per session', async () => {
    const t = await setup();
    let current = true;
    t.schedule(t.first, { beforeExpiryMs: 60_000, isCurrent: () => current });
    current = false;
    t.clock.advance(LIFETIME_S * 1000 - 60_000);
    await settle();
    expect(t.service.count('stampLogin')).to.equal(0);

    const u = await setup();
    const options = { clock: u.clock, locks: processLocks, visibility: new FakeVisibility(), beforeExpiryMs: 60_000 };
    const stopA = autoRefresh(u.first, options);
    const stopB = autoRefresh(u.first, options);
    stopA();
    u.clock.advance(LIFETIME_S * 1000 - 60_000);
    await until(() => u.service.count('stampLogin') === 1, 'the one refresh');
    await settle();
    expect(u.service.count('stampLogin')).to.equal(1);
    stopB();
    u.clock.advance(u.first.summary!.expiresAt - u.clock.now());
    await settle();
    expect(u.service.count('stampLogin')).to.equal(1);
  });
});
