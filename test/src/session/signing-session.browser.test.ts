// The browser half: IndexedDB stores that outlive a "reload" (new store instances over the same
// database), BroadcastChannel between two session instances standing in for two tabs, and
// refreshes serialized by the real Web Locks API.
import { describe, it, expect, afterEach } from '../../support/harness.ts';
import { SigningSession, type SigningSessionOptions } from '../../../src/session/signing-session.ts';
import { IndexedDbSessionStore } from '../../../src/session/indexed-db-session-store.ts';
import { BroadcastSessionChannel, noSessionChannel, type SessionChannel } from '../../../src/session/session-channel.ts';
import type { SessionChangeEvent } from '../../../src/session/session-events.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import { deleteDatabase, uniqueDbName } from '../keys/fake-indexed-db.ts';
import { FakeService, makeNotarizer, mintJwt, nextEvent, stampVerifies } from './session-fixtures.ts';

let dbName = uniqueDbName();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await deleteDatabase(dbName);
  dbName = uniqueDbName();
});

async function world() {
  const notarizer = await makeNotarizer();
  const service = new FakeService(notarizer);
  const channelName = `latchkey-test-${crypto.randomUUID()}`;
  /** One "tab": its own store instances and channel over the shared database. */
  const tab = (channel?: SessionChannel): SigningSessionOptions => {
    const keyStore = new IndexedDbKeyStore({ dbName });
    const sessionStore = new IndexedDbSessionStore({ dbName });
    const ch = channel ?? new BroadcastSessionChannel({ name: channelName });
    cleanups.push(() => keyStore.close(), () => sessionStore.close(), () => ch.close());
    return { keyStore, sessionStore, channel: ch, notarizerPublicKey: notarizer.publicKeyHex, createClient: service.createClient };
  };
  const login = async (options: SigningSessionOptions) => {
    const key = await options.keyStore.create({ purpose: 'session' });
    const jwt = await mintJwt(notarizer, { public_key: key.id, exp: Math.floor(Date.now() / 1000) + 900 });
    return keep(await SigningSession.fromJwt(jwt, options));
  };
  return { notarizer, service, tab, login };
}

/** The next `type` event on `target`, or a failure naming it after `ms` (never the runner's timeout). */
function eventWithin(target: EventTarget, type: string, ms: number): Promise<Event> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${type}" event within ${ms} ms`)), ms);
    target.addEventListener(type, (event) => (clearTimeout(timer), resolve(event)), { once: true });
  });
}

function keep(session: SigningSession): SigningSession {
  cleanups.push(() => session.dispose());
  return session;
}

describe('SigningSession in the browser', () => {
  it('survives a reload: new stores over the same IndexedDB restore the session', async () => {
    const w = await world();
    const first = await w.login(w.tab());
    const firstKey = first.publicKey;
    await first.refresh();
    first.dispose();
    const restored = keep(await SigningSession.restore(w.tab()));
    expect(restored.publicKey).to.equal(first.publicKey);
    expect(restored.publicKey).to.not.equal(firstKey);
    expect(restored.jwt).to.equal(first.jwt);
    const stamp = await restored.stamp('{"reload":true}');
    expect(await stampVerifies(stamp.stampHeaderValue, '{"reload":true}')).to.deep.equal({ publicKey: restored.publicKey, valid: true });
    expect((await w.tab().keyStore.list()).map((k) => k.id)).to.deep.equal([restored.publicKey]);
  });

  it('after logout a reload finds nothing', async () => {
    const w = await world();
    const session = await w.login(w.tab());
    await session.logout();
    let code: string | undefined;
    await SigningSession.restore(w.tab()).catch((error: { code: string }) => (code = error.code));
    expect(code).to.equal('ERR_SESSION_MISSING');
    expect(await w.tab().keyStore.list()).to.deep.equal([]);
  });

  it('D3 logout-propagates-across-tabs: a logout in one tab ends the session in the other (over BroadcastChannel) and deletes the key', async () => {
    const w = await world();
    const a = await w.login(w.tab());
    const b = keep(await SigningSession.restore(w.tab()));
    const adopted = eventWithin(b, 'change', 3000);
    await a.refresh();
    expect(((await adopted) as SessionChangeEvent).reason).to.equal('adopt');
    expect(b.publicKey).to.equal(a.publicKey);
    expect(b.jwt).to.equal(a.jwt);
    const key = a.publicKey!;
    const ended = eventWithin(b, 'change', 3000);
    await a.logout();
    expect(((await ended) as SessionChangeEvent).reason).to.equal('logout');
    expect(b.active).to.equal(false);
    let refused: { code?: string } | undefined;
    await b.stamp('{}').catch((error: { code?: string }) => (refused = error));
    expect(refused?.code, 'the other tab no longer signs').to.be.a('string');
    // Deleted, as a third tab (a reload) sees it: no key, no saved session.
    const third = w.tab();
    expect(await third.keyStore.get(key), 'the key is deleted').to.equal(undefined);
    expect(await third.keyStore.list()).to.deep.equal([]);
    expect(await third.sessionStore!.load()).to.equal(undefined);
  });

  it('a login in one tab replaces the session of the other', async () => {
    const w = await world();
    const a = await w.login(w.tab());
    const oldKey = a.publicKey;
    const adopted = nextEvent(a, 'change');
    const b = await w.login(w.tab());
    await adopted;
    expect(a.publicKey).to.equal(b.publicKey);
    expect(await w.tab().keyStore.get(oldKey)).to.equal(undefined);
  });

  // Node (signing-session-idb.node.test.ts runs this file there for the mutation run) has no Web
  // Locks API before v22; D2 is a browser promise and is skipped there, never faked.
  const itWithWebLocks = typeof navigator !== 'undefined' && navigator.locks ? it : (it as typeof it & { skip: typeof it }).skip;
  itWithWebLocks('D2 refresh-cross-tab-lock: serializes two tabs\' refreshes with Web Locks: one stamp_login, the other tab adopts', async () => {
    const w = await world();
    // No channel: the second tab must learn of the first one's refresh from the saved session.
    const a = await w.login(w.tab(noSessionChannel));
    const b = keep(await SigningSession.restore(w.tab(noSessionChannel)));
    let open!: () => void;
    w.service.gate = new Promise((resolve) => (open = resolve));
    const both = Promise.all([a.refresh(), b.refresh()]);
    // Wait until one refresh holds the lock and the other is queued behind it.
    for (let i = 0; i < 200; i++) {
      const state = await navigator.locks.query();
      const held = state.held?.some((l) => l.name === 'latchkey-session-refresh');
      const queued = state.pending?.some((l) => l.name === 'latchkey-session-refresh');
      if (held && queued && w.service.count('stampLogin') === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const state = await navigator.locks.query();
    expect(state.held?.filter((l) => l.name === 'latchkey-session-refresh').length).to.equal(1);
    expect(state.pending?.filter((l) => l.name === 'latchkey-session-refresh').length).to.equal(1);
    open();
    await both;
    expect(w.service.count('stampLogin')).to.equal(1);
    expect(a.publicKey).to.equal(b.publicKey);
    expect((await w.tab().keyStore.list()).map((k) => k.id)).to.deep.equal([a.publicKey]);
  });
});
