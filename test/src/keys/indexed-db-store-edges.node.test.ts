// The IndexedDB store's edges that only Node can set up (over fake-indexeddb, a pinned
// independent implementation of the IndexedDB API): the default database name in a fresh
// IndexedDB, records a store did not write, a factory whose upgrades never add the store, a
// factory property that throws when read, and the failure mapping with the original kept.
import 'fake-indexeddb/auto';
import './node-window.ts';
import { describe, it, afterEach, expect } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import { storeError } from '../../../src/keys/indexed-db-object-store.ts';
import { openKeyStore } from '../../../src/keys/open-key-store.ts';
import { IndexedDbSessionStore } from '../../../src/session/indexed-db-session-store.ts';
import { deleteDatabase, factoryWhoseOpenThrows, uniqueDbName } from './fake-indexed-db.ts';
import { importedPair } from './key-store-contract.ts';

const claims = { exp: 2_000_000_000, public_key: '02' + '11'.repeat(32), session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: 'u', organization_id: 'o' };
const closers: (() => Promise<void>)[] = [];
const names: string[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const name of names.splice(0)) await deleteDatabase(name);
});
function keyStore(options: ConstructorParameters<typeof IndexedDbKeyStore>[0] = {}): IndexedDbKeyStore {
  const store = new IndexedDbKeyStore(options);
  closers.push(() => store.close());
  return store;
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** Writes `records` into `storeName` of `dbName` as some other code would, bypassing the store. */
async function writeRaw(dbName: string, storeName: string, records: unknown[]): Promise<void> {
  const db = await request(indexedDB.open(dbName));
  const tx = db.transaction(storeName, 'readwrite');
  for (const record of records) tx.objectStore(storeName).put(record);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error);
  });
  db.close();
}

/** A factory whose upgrades run but are kept from adding any store (as a broken engine might). */
function factoryThatAddsNoStore(): { factory: IDBFactory; opens: () => number } {
  let opens = 0;
  const factory = {
    open(name: string, version?: number) {
      opens += 1;
      const real = version === undefined ? indexedDB.open(name) : indexedDB.open(name, version);
      return new Proxy(real, {
        set(target, property, value) {
          if (property === 'onupgradeneeded') return true;
          return Reflect.set(target, property, value, target);
        },
        get(target, property) {
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  } as unknown as IDBFactory;
  return { factory, opens: () => opens };
}

describe('IndexedDB store edges (Node, fake-indexeddb)', () => {
  it('keeps keys in the database "latchkey" by default', async () => {
    names.push('latchkey');
    const key = await keyStore().create();
    expect((await indexedDB.databases()).map((d) => d.name)).to.include('latchkey');
    expect((await keyStore({ dbName: 'latchkey' }).get(key.id))?.id).to.equal(key.id);
  });

  it('the database a key store creates serves the session store too (its slot-keyed store is there)', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    await keyStore({ dbName }).create();
    const sessions = new IndexedDbSessionStore({ dbName });
    closers.push(() => sessions.close());
    await sessions.save({ jwt: 'h.p.s', claims });
    expect(await sessions.load()).to.deep.equal({ jwt: 'h.p.s', claims });
  });

  it('the database a session store creates serves the key store too (its id-keyed store is there)', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    const sessions = new IndexedDbSessionStore({ dbName });
    closers.push(() => sessions.close());
    await sessions.save({ jwt: 'h.p.s', claims });
    const keys = keyStore({ dbName });
    const key = await keys.create();
    expect((await keys.get(key.id))?.id).to.equal(key.id);
    expect((await keys.list()).map((k) => k.id)).to.deep.equal([key.id]);
  });

  it('never hands out a record it did not write whole: no keys, or a createdAt that is not a number', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    const store = keyStore({ dbName });
    const real = await store.create();
    const pair = await importedPair();
    const noKeys = { id: '02' + 'aa'.repeat(32), createdAt: 1 };
    const noPrivate = { id: '02' + 'bb'.repeat(32), publicKey: pair.publicKey, createdAt: 2 };
    const badTime = { id: '02' + 'cc'.repeat(32), privateKey: pair.privateKey, publicKey: pair.publicKey, createdAt: 'yesterday' };
    await writeRaw(dbName, 'keys', [noKeys, noPrivate, badTime]);
    expect((await store.list()).map((k) => k.id)).to.deep.equal([real.id]);
    for (const damaged of [noKeys, noPrivate, badTime]) expect(await store.get(damaged.id)).to.equal(undefined);
    expect((await store.get(real.id))?.id).to.equal(real.id);
  });

  it('gives up with ERR_STORE_FAILED when upgrades never add its store, instead of opening forever', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    const broken = factoryThatAddsNoStore();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('still opening after 3 s')), 3000);
    });
    try {
      await expectLatchError(() => Promise.race([keyStore({ dbName, indexedDB: broken.factory }).list(), hang]), 'ERR_STORE_FAILED');
    } finally {
      clearTimeout(timer);
    }
    expect(broken.opens()).to.be.within(2, 10);
  });

  it('ERR_STORE_UNAVAILABLE keeps the cause when there was one (an open or a property that threw), and has none when there is no IndexedDB', async () => {
    const thrown = new DOMException('denied', 'SecurityError');
    const throwingProperty = {
      get indexedDB(): IDBFactory {
        throw thrown;
      },
    };
    await expectLatchError(() => keyStore(throwingProperty).list(), 'ERR_STORE_UNAVAILABLE', { cause: (c) => expect(c).to.equal(thrown) });
    await expectLatchError(() => keyStore({ indexedDB: factoryWhoseOpenThrows }).list(), 'ERR_STORE_UNAVAILABLE', { cause: (c) => expect((c as DOMException).name).to.equal('SecurityError') });
    for (const indexedDB of [undefined, null, {} as IDBFactory, { open: 'no' } as unknown as IDBFactory]) {
      const error = await expectLatchError(() => keyStore({ indexedDB }).list(), 'ERR_STORE_UNAVAILABLE');
      expect(error.cause, 'nothing was tried, so nothing failed').to.equal(undefined);
    }
  });

  it('maps failures by name, keeping the original as cause; anything without a name is ERR_STORE_FAILED', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    const clone = new DOMException('no', 'DataCloneError');
    const other = new DOMException('stuck', 'UnknownError');
    const cases: [unknown, string][] = [[quota, 'ERR_STORE_QUOTA'], [clone, 'ERR_STORE_DATA_CLONE'], [other, 'ERR_STORE_FAILED'], [new Error('x'), 'ERR_STORE_FAILED']];
    for (const [error, code] of cases) {
      const mapped = storeError(error);
      expect(mapped.code).to.equal(code);
      expect(mapped.message).to.not.equal('');
      expect(mapped.cause).to.equal(error);
    }
    for (const nameless of [null, undefined, 'text']) expect(storeError(nameless).code).to.equal('ERR_STORE_FAILED');
  });

  it('openKeyStore uses IndexedDB where it works, and leaves no probe key behind', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    const opened = await openKeyStore({ dbName });
    closers.push(() => (opened.store as IndexedDbKeyStore).close());
    expect(opened.persistent).to.equal(true);
    expect(opened.reason).to.equal(undefined);
    expect(opened.store).to.be.instanceOf(IndexedDbKeyStore);
    expect(await opened.store.list()).to.deep.equal([]);
  });
});
