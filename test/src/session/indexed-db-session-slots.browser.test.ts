import { describe, it, expect, expectCode, afterEach } from '../../support/harness.ts';
import { IndexedDbSessionSlots } from '../../../src/session/indexed-db-session-slots.ts';
import { IndexedDbSessionStore } from '../../../src/session/indexed-db-session-store.ts';
import { createSessionSlots } from '../../../src/session/create-session-slots.ts';
import { MemorySessionSlots } from '../../../src/session/session-slots.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { deleteDatabase, uniqueDbName } from '../keys/fake-indexed-db.ts';

const claims = (publicKey: string) => ({ exp: 2_000_000_000, public_key: publicKey, session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: 'u', organization_id: 'o' });
const first = '02' + '11'.repeat(32);
const second = '03' + '22'.repeat(32);

/** One record of the sessions store as IndexedDB holds it, read without the kit's code. */
function rawRecord(dbName: string, key: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(dbName);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const read = db.transaction('sessions', 'readonly').objectStore('sessions').get(key);
      read.onerror = () => (db.close(), reject(read.error));
      read.onsuccess = () => (db.close(), resolve(read.result));
    };
  });
}

describe('IndexedDbSessionSlots', () => {
  let dbName = uniqueDbName();
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    await deleteDatabase(dbName);
    dbName = uniqueDbName();
  });
  const track = <T extends { close(): Promise<void> }>(store: T): T => (open.push(store), store);

  it("keeps each account's session in its own record, the first one in the one-account slot, across reloads", async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    const a = slots.slot('current');
    expect(slots.slot('current')).to.equal(a);
    expect(await slots.list()).to.deep.equal({});
    expect(await slots.keys()).to.deep.equal([]);
    await a.save({ jwt: 'h.p.s', claims: claims(first) });
    await slots.slot('account:b').save({ claims: claims(second) });
    await slots.setActive('account:b');
    // A page that knows one account reads the very record the slots' default one wrote.
    const oneAccount = track(new IndexedDbSessionStore({ dbName }));
    expect(await oneAccount.load()).to.deep.equal({ jwt: 'h.p.s', claims: claims(first) });
    await slots.close();
    const reloaded = track(new IndexedDbSessionSlots({ dbName }));
    expect(await reloaded.list()).to.deep.equal({ current: { jwt: 'h.p.s', claims: claims(first) }, 'account:b': { claims: claims(second) } });
    expect((await reloaded.keys()).sort()).to.deep.equal(['account:b', 'current']);
    expect(await reloaded.getActive()).to.equal('account:b');
    expect(await reloaded.slot('account:b').load()).to.deep.equal({ claims: claims(second) });
    // D4 per slot: another account's key does not clear it.
    expect(await reloaded.slot('account:b').clearIfHolds!(first)).to.equal(false);
    expect(await reloaded.slot('account:b').clearIfHolds!(second)).to.equal(true);
    expect(await reloaded.list()).to.deep.equal({ current: { jwt: 'h.p.s', claims: claims(first) } });
  });

  it('points at an account or at nothing, in its own record that is never listed as a session', async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    expect(await slots.getActive()).to.equal(undefined);
    await slots.setActive('current');
    expect(await slots.getActive()).to.equal('current');
    expect(await slots.keys()).to.deep.equal([]); // the pointer is no session key
    expect(await slots.list()).to.deep.equal({});
    await slots.setActive(undefined);
    expect(await slots.getActive()).to.equal(undefined);
  });

  it('skips records that are not sessions, and a pointer at something that is no session key', async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    // What another kit (a `slot` option), an older version or a hand-edited database may leave.
    await track(new IndexedDbSessionStore({ dbName, slot: 'second-kit' })).save({ claims: claims(first) });
    await track(new IndexedDbSessionStore({ dbName, slot: 'account:broken' })).save({ jwt: 42, claims: claims(first) } as never);
    await track(new IndexedDbSessionStore({ dbName, slot: 'account:nullclaims' })).save({ claims: null } as never);
    await slots.slot('account:ok').save({ claims: claims(second) });
    expect(await slots.list()).to.deep.equal({ 'account:ok': { claims: claims(second) } });
    expect((await slots.keys()).sort()).to.deep.equal(['account:broken', 'account:nullclaims', 'account:ok']);
    await slots.setActive('second-kit');
    expect(await slots.getActive()).to.equal(undefined);
  });

  it('uses the given object store name', async () => {
    const named = track(new IndexedDbSessionSlots({ dbName, storeName: 'other-sessions' }));
    await named.slot('current').save({ claims: claims(first) });
    await named.setActive('current');
    const plain = track(new IndexedDbSessionSlots({ dbName }));
    expect(await plain.list()).to.deep.equal({});
    expect(await plain.getActive()).to.equal(undefined);
    expect(await track(new IndexedDbSessionStore({ dbName, storeName: 'other-sessions' })).load()).to.deep.equal({ claims: claims(first) });
  });

  it('is what createSessionSlots gives where IndexedDB exists, unless the kit was given its own store', async () => {
    const slots = createSessionSlots();
    expect(slots).to.be.instanceOf(IndexedDbSessionSlots);
    await (slots as IndexedDbSessionSlots).close();
    const given = new MemorySessionStore();
    const withGiven = createSessionSlots(given);
    expect(withGiven).to.be.instanceOf(MemorySessionSlots);
    expect(withGiven.slot('current')).to.equal(given);
  });

  it("keeps the pointer as the record 'active', and deletes it when pointing at nothing", async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    await slots.setActive('account:b');
    expect(await rawRecord(dbName, 'active')).to.deep.equal({ slot: 'active', sessionKey: 'account:b' });
    await slots.setActive(undefined);
    expect(await rawRecord(dbName, 'active')).to.equal(undefined);
  });

  it("close() closes its own connection and every slot's", async () => {
    const slots = new IndexedDbSessionSlots({ dbName });
    await slots.list();
    await slots.slot('current').load();
    await slots.slot('account:b').load();
    const close = IDBDatabase.prototype.close;
    let closed = 0;
    IDBDatabase.prototype.close = function (this: IDBDatabase) {
      closed += 1;
      close.call(this);
    };
    try {
      await slots.close();
    } finally {
      IDBDatabase.prototype.close = close;
    }
    expect(closed).to.equal(3);
  });

  it('maps a missing IndexedDB to ERR_STORE_UNAVAILABLE', async () => {
    const slots = new IndexedDbSessionSlots({ dbName, indexedDB: undefined });
    await expectCode(() => slots.list(), 'ERR_STORE_UNAVAILABLE');
    await expectCode(() => slots.getActive(), 'ERR_STORE_UNAVAILABLE');
    await expectCode(() => slots.slot('current').load(), 'ERR_STORE_UNAVAILABLE');
  });
});
