// nothingSaved: the restore's "nobody" from IndexedDB's list of databases alone (a first visit),
// and "ask the stores" whenever it cannot be sure.
import { describe, expect, it } from '../../support/harness.ts';
import { nothingSaved } from '../../../src/kit/nothing-saved.ts';
import { savedSessionHint } from '../../../src/session/saved-session-hint.ts';
import { noteSavedSessions } from '../../../src/session/note-saved-sessions.ts';
import { mapStorage } from '../../support/storage-stand-ins.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { MemorySessionSlots } from '../../../src/session/session-slots.ts';

type Factory = NonNullable<Parameters<typeof nothingSaved>[1]>;
// A factory that lists `names` and refuses to open any (as a sandboxed frame may).
const listing = (...names: string[]): Factory => ({
  databases: async () => names.map((name) => ({ name, version: 1 })),
  open: () => {
    throw new DOMException('denied', 'SecurityError');
  },
});

/** A storage of its own (not the origin's localStorage, which other test pages share) whose hint says a session is saved. */
function privateHint(): ReturnType<typeof mapStorage> & { read: () => boolean | undefined } {
  const storage = mapStorage();
  noteSavedSessions(true, [], storage);
  return { ...storage, read: () => savedSessionHint([], storage) };
}

/**
 * A factory whose `latchkey` database opens, with a sessions store, but whose record count fails:
 * its request reports an error (`request`), or the transaction cannot even start (`throw`).
 * `closed` says whether the connection was closed after.
 */
function failingCount(mode: 'request' | 'throw'): Factory & { closed: () => boolean } {
  let closed = false;
  const db = {
    objectStoreNames: { contains: (name: string) => name === 'sessions' },
    close: () => void (closed = true),
    transaction: () => {
      if (mode === 'throw') throw new DOMException('The database connection is closing.', 'InvalidStateError');
      return {
        objectStore: () => ({
          count: () => {
            const request: { error: DOMException; onsuccess?: () => void; onerror?: () => void } = { error: new DOMException('failed', 'UnknownError') };
            queueMicrotask(() => request.onerror?.());
            return request;
          },
        }),
      };
    },
  };
  return {
    databases: async () => [{ name: 'latchkey', version: 1 }],
    open: () => {
      const request: { result: typeof db; onsuccess?: () => void } = { result: db };
      queueMicrotask(() => request.onsuccess?.());
      return request as unknown as IDBOpenDBRequest;
    },
    closed: () => closed,
  };
}

describe('nothingSaved', () => {
  it('a count that fails, or a transaction that cannot start: unsure, the hint kept, the connection closed', async () => {
    for (const mode of ['request', 'throw'] as const) {
      const factory = failingCount(mode);
      const hint = privateHint();
      expect(await nothingSaved({}, factory, hint), mode).to.equal(false);
      expect(hint.read(), mode).to.equal(true);
      expect(factory.closed(), `${mode}: closed`).to.equal(true);
    }
  });

  it('drops a hint left over nothing saved, and keeps it whenever it cannot tell', async () => {
    const none = privateHint();
    expect(await nothingSaved({}, listing('another-app'), none)).to.equal(true);
    expect(none.read(), 'no latchkey database').to.equal(false);
    const unsure = privateHint();
    expect(await nothingSaved({}, listing('latchkey'), unsure)).to.equal(false);
    expect(unsure.read(), 'a database that cannot be opened').to.equal(true);
    const own = privateHint();
    expect(await nothingSaved({ sessionStore: new MemorySessionStore() }, listing(), own)).to.equal(false);
    expect(own.read(), 'the kit\'s own store').to.equal(true);
  });

  it('no latchkey database in the origin: nothing can have been saved', async () => {
    expect(await nothingSaved({}, listing(), privateHint())).to.equal(true);
    expect(await nothingSaved({}, listing('another-app', 'latchkey-old'), privateHint())).to.equal(true);
  });

  it('a latchkey database that cannot be opened: the stores are asked', async () => {
    expect(await nothingSaved({}, listing('another-app', 'latchkey'), privateHint())).to.equal(false);
  });

  it('the kit\'s own stores, no databases() or a failing one: the stores are asked', async () => {
    expect(await nothingSaved({ sessionStore: new MemorySessionStore() }, listing(), privateHint())).to.equal(false);
    expect(await nothingSaved({ sessionSlots: new MemorySessionSlots() }, listing(), privateHint())).to.equal(false);
    expect(await nothingSaved({}, {} as Factory, privateHint())).to.equal(false);
    expect(await nothingSaved({}, { ...listing(), databases: () => Promise.reject(new DOMException('denied', 'SecurityError')) }, privateHint())).to.equal(false);
  });
});
