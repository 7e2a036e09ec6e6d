import { describe, it, expect, runtime } from '../../support/harness.ts';
import { processLocks, webLocks, defaultSessionLocks } from '../../../src/session/session-locks.ts';
import { BroadcastSessionChannel, createSessionChannel, noSessionChannel, type SessionMessage } from '../../../src/session/session-channel.ts';
import { createSessionStore } from '../../../src/session/create-session-store.ts';
import { IndexedDbSessionStore } from '../../../src/session/indexed-db-session-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';

const claims = { exp: 2_000_000_000, public_key: '02' + '11'.repeat(32), session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: 'u', organization_id: 'o' };

describe('processLocks', () => {
  it('runs work for one name one at a time, in order, even after a failure', async () => {
    const log: string[] = [];
    const step = (name: string, fail = false) => async () => {
      log.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([
      processLocks.request('t', step('a', true)),
      processLocks.request('t', step('b')),
      processLocks.request('other', step('c')),
    ]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('b start')).to.be.greaterThan(log.indexOf('a end'));
    expect(log.indexOf('c start')).to.be.lessThan(log.indexOf('a end')); // another name does not wait
  });

  it('a request made after an earlier one finished still waits for the one still running', async () => {
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = processLocks.request('q', async () => log.push('a'));
    const second = processLocks.request('q', async () => (log.push('b start'), entered(), await gate, log.push('b end')));
    await first;
    await inside; // a has finished and its turn is cleaned up; b holds the lock
    const third = processLocks.request('q', async () => log.push('c'));
    await Promise.resolve();
    await Promise.resolve();
    expect(log).to.deep.equal(['a', 'b start']);
    release();
    await Promise.all([second, third]);
    expect(log).to.deep.equal(['a', 'b start', 'b end', 'c']);
  });

  it('uses Web Locks where they exist', async () => {
    const names: string[] = [];
    const locks = webLocks({ request: ((name: string, work: () => unknown) => (names.push(name), Promise.resolve(work()))) as LockManager['request'] });
    expect(await locks.request('x', async () => 42)).to.equal(42);
    expect(names).to.deep.equal(['x']);
    const chosen = defaultSessionLocks();
    expect(chosen === processLocks).to.equal(runtime === 'node');
  });
});

describe('session channel', () => {
  it('is BroadcastChannel in browsers and silent in Node', () => {
    const channel = createSessionChannel({ name: `t-${Math.random()}` });
    expect(channel instanceof BroadcastSessionChannel).to.equal(runtime === 'browser');
    expect(channel === noSessionChannel).to.equal(runtime === 'node');
    channel.close();
  });

  it("opens the origin's channel 'latchkey-session' unless given another name", () => {
    const names: string[] = [];
    class NamedBroadcast {
      constructor(name: string) {
        names.push(name);
      }
      postMessage() {}
      close() {}
      addEventListener() {}
      removeEventListener() {}
    }
    new BroadcastSessionChannel({ BroadcastChannel: NamedBroadcast }).post({ type: 'logout', sender: 's', publicKey: claims.public_key });
    new BroadcastSessionChannel({ name: 'second-kit', BroadcastChannel: NamedBroadcast }).post({ type: 'logout', sender: 's', publicKey: claims.public_key });
    expect(names).to.deep.equal(['latchkey-session', 'second-kit']);
  });

  it('passes messages with a known type and a sender, and drops anything else', () => {
    const listeners = new Set<(event: Event) => void>();
    const posted: unknown[] = [];
    class FakeBroadcast {
      constructor(readonly name: string) {}
      postMessage(message: unknown) {
        posted.push(message);
      }
      close() {}
      addEventListener(_type: string, listener: (event: Event) => void) {
        listeners.add(listener);
      }
      removeEventListener(_type: string, listener: (event: Event) => void) {
        listeners.delete(listener);
      }
    }
    const channel = new BroadcastSessionChannel({ name: 'n', BroadcastChannel: FakeBroadcast });
    const heard: SessionMessage[] = [];
    const stop = channel.subscribe((m) => heard.push(m));
    const deliver = (data: unknown) => listeners.forEach((l) => l(Object.assign(new Event('message'), { data })));
    const good: SessionMessage = { type: 'logout', sender: 's', publicKey: claims.public_key };
    deliver(good);
    deliver({ type: 'adopt', sender: 's' }); // unknown type
    deliver({ type: 'logout', publicKey: 'x' }); // no sender
    deliver('logout');
    deliver(null);
    expect(heard).to.deep.equal([good]);
    channel.post(good);
    expect(posted).to.deep.equal([good]);
    stop();
    deliver(good);
    expect(heard.length).to.equal(1);
  });
});

describe('session stores', () => {
  it('keeps one session in memory, as a copy', async () => {
    const store = new MemorySessionStore();
    expect(await store.load()).to.equal(undefined);
    const session = { jwt: 'a.b.c', claims: { ...claims } };
    await store.save(session);
    session.claims.user_id = 'changed';
    expect(await store.load()).to.deep.equal({ jwt: 'a.b.c', claims });
    await store.clear();
    expect(await store.load()).to.equal(undefined);
  });

  it('defaults to IndexedDB in browsers and one per-process slot in Node', async () => {
    const dbName = `latchkey-test-${crypto.randomUUID()}`;
    const store = createSessionStore({ dbName });
    if (runtime === 'node') {
      expect(store).to.be.instanceOf(MemorySessionStore);
      expect(createSessionStore({ dbName: 'another' })).to.equal(store);
    } else {
      expect(store).to.be.instanceOf(IndexedDbSessionStore);
      await (store as IndexedDbSessionStore).close();
    }
    expect(createSessionStore({ indexedDB: undefined })).to.be.instanceOf(MemorySessionStore);
  });
});
