import { describe, it, expect, afterEach } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { IndexedDbKeyStore, type IndexedDbKeyStoreOptions } from '../../../src/keys/indexed-db-key-store.ts';
import { keyStoreContract, importedPair } from './key-store-contract.ts';
import {
  countingFactory,
  deleteDatabase,
  factoryDeafToVersionChange,
  factoryThatNeverAnswers,
  factoryWithWedgedConnections,
  factoryWhoseOpenFails,
  factoryWhoseOpenThrows,
  factoryWhosePutThrows,
  factoryWhosePutsAbort,
  holdOpen,
  recordsIn,
  uniqueDbName,
  upgradeWasBlocked,
} from './fake-indexed-db.ts';

// Every test gets its own database: IndexedDB is shared by all test files in the browser.
let dbName = uniqueDbName();
let opened: IndexedDbKeyStore[] = [];
const make = (options: IndexedDbKeyStoreOptions = {}): IndexedDbKeyStore => {
  const store = new IndexedDbKeyStore({ dbName, ...options });
  opened.push(store);
  return store;
};
async function cleanup(): Promise<void> {
  await Promise.all(opened.map((store) => store.close()));
  opened = [];
  await deleteDatabase(dbName);
  dbName = uniqueDbName();
}

keyStoreContract('IndexedDbKeyStore', { make: async () => make(), reopen: async () => make(), cleanup });

describe('IndexedDbKeyStore', () => {
  afterEach(cleanup);

  it('writes one record per key, keyed by id, holding CryptoKeys (not key material)', async () => {
    const key = await make().create({ purpose: 'session' });
    const db = await holdOpen(dbName, 1);
    const record = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const request = db.transaction('keys').objectStore('keys').get(key.id);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    expect(record.id).to.equal(key.id);
    expect(record.privateKey).to.be.instanceOf(CryptoKey);
    expect((record.privateKey as CryptoKey).extractable).to.equal(false);
    expect(record.publicKey).to.be.instanceOf(CryptoKey);
    expect(Object.keys(record).sort()).to.deep.equal(['createdAt', 'id', 'privateKey', 'publicKey', 'purpose']);
  });

  it('honours dbName and storeName, and shares a database with another store', async () => {
    const keys = make({ storeName: 'custom-keys' });
    const other = make({ storeName: 'other' });
    const a = await keys.create();
    const b = await other.create(); // adds its store by upgrading; `keys` steps aside
    expect((await keys.list()).map((k) => k.id)).to.deep.equal([a.id]);
    expect((await other.list()).map((k) => k.id)).to.deep.equal([b.id]);
    expect(await make({ dbName: uniqueDbName() }).get(a.id)).to.equal(undefined);
  });

  it('maps a missing IndexedDB to ERR_STORE_UNAVAILABLE', async () => {
    await expectLatchError(() => make({ indexedDB: undefined }).create(), 'ERR_STORE_UNAVAILABLE');
    await expectLatchError(() => make({ indexedDB: null }).list(), 'ERR_STORE_UNAVAILABLE');
  });

  it('maps an open that throws or fails to ERR_STORE_UNAVAILABLE', async () => {
    await expectLatchError(() => make({ indexedDB: factoryWhoseOpenThrows }).list(), 'ERR_STORE_UNAVAILABLE');
    await expectLatchError(() => make({ indexedDB: factoryWhoseOpenFails('UnknownError') }).list(), 'ERR_STORE_UNAVAILABLE');
    await expectLatchError(() => make({ indexedDB: factoryWhoseOpenFails('QuotaExceededError') }).list(), 'ERR_STORE_QUOTA');
  });

  it('does not hang when the database never answers', async () => {
    await expectLatchError(() => make({ indexedDB: factoryThatNeverAnswers, openTimeoutMs: 50 }).list(), 'ERR_STORE_UNAVAILABLE');
  });

  it('C4 idb-quota-wedge-and-hang: quota and abort errors surface typed, writing nothing; a wedged connection fails after the time limit and the next call starts on a fresh one', async () => {
    // A quota failure as browsers report it: the put is taken, then the transaction aborts
    // (asynchronously, through onabort) with a QuotaExceededError. A short time limit: a store
    // that missed the abort fails with ERR_STORE_UNAVAILABLE in a second, not at the runner's.
    await expectLatchError(() => make({ indexedDB: factoryWhosePutsAbort('QuotaExceededError'), openTimeoutMs: 1000 }).create(), 'ERR_STORE_QUOTA');
    await expectLatchError(() => make({ indexedDB: factoryWhosePutsAbort(null), openTimeoutMs: 1000 }).create(), 'ERR_STORE_FAILED');
    expect(await recordsIn(dbName, 'keys'), 'nothing written by the aborted transactions').to.deep.equal([]);

    // Every transaction of the first connection hangs: the call gives up at the limit, and the
    // next one must not reuse that connection (it would hang and fail the same way).
    const store = make({ indexedDB: factoryWithWedgedConnections(1), openTimeoutMs: 300 });
    const started = performance.now();
    await expectLatchError(() => store.list(), 'ERR_STORE_UNAVAILABLE');
    expect(performance.now() - started, 'gave up at the time limit').to.be.below(5000);
    const key = await store.create();
    expect((await store.list()).map((k) => k.id)).to.deep.equal([key.id]);
  });

  it('closes the connection it gave up on after a time-out: left open, it would block every later upgrade', async () => {
    // Deaf to versionchange (as a wedged engine or a page in the back-forward cache is), a
    // connection that was only forgotten would stay open and block this upgrade.
    const store = make({ indexedDB: factoryWithWedgedConnections(1, { deaf: true }), openTimeoutMs: 300 });
    await expectLatchError(() => store.list(), 'ERR_STORE_UNAVAILABLE');
    expect(await upgradeWasBlocked(dbName, 5), 'the timed-out connection still open').to.equal(false);
  });

  it('keeps one pagehide listener per open connection, however often it reconnects, and none once closed', async () => {
    const listening = new Set<unknown>();
    const { addEventListener: add, removeEventListener: remove } = window;
    window.addEventListener = function (this: Window, type: string, listener: unknown, options?: unknown) {
      if (type === 'pagehide') listening.add(listener);
      return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
    } as typeof window.addEventListener;
    window.removeEventListener = function (this: Window, type: string, listener: unknown, options?: unknown) {
      if (type === 'pagehide') listening.delete(listener);
      return remove.call(this, type, listener as EventListener, options as EventListenerOptions);
    } as typeof window.removeEventListener;
    try {
      const store = make({ indexedDB: factoryWithWedgedConnections(1), openTimeoutMs: 300 });
      await expectLatchError(() => store.list(), 'ERR_STORE_UNAVAILABLE'); // reconnect 1: a time-out
      const key = await store.create();
      expect(listening.size, 'after a time-out and a reconnect').to.equal(1);
      dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })); // reconnect 2
      expect((await store.get(key.id))?.id).to.equal(key.id);
      expect(listening.size, 'after a pagehide and a reconnect').to.equal(1);
      (await holdOpen(dbName, 7)).close(); // reconnect 3: another connection upgraded
      expect((await store.get(key.id))?.id).to.equal(key.id);
      expect(listening.size, 'after a versionchange and a reconnect').to.equal(1);
      await store.close();
      expect(listening.size, 'after close').to.equal(0);
    } finally {
      window.addEventListener = add;
      window.removeEventListener = remove;
    }
  });

  it('maps DataCloneError to ERR_STORE_DATA_CLONE and writes nothing', async () => {
    const broken = make({ indexedDB: factoryWhosePutThrows('DataCloneError') });
    await expectLatchError(() => broken.create(), 'ERR_STORE_DATA_CLONE');
    const pair = await importedPair();
    await expectLatchError(() => broken.put(pair), 'ERR_STORE_DATA_CLONE');
    expect(await broken.list()).to.deep.equal([]);
    expect(await make().list()).to.deep.equal([]);
  });

  it('maps QuotaExceededError to ERR_STORE_QUOTA and writes nothing', async () => {
    const full = make({ indexedDB: factoryWhosePutThrows('QuotaExceededError') });
    await expectLatchError(() => full.create(), 'ERR_STORE_QUOTA');
    expect(await make().list()).to.deep.equal([]);
  });

  it('C3 idb-blocked-versionchange: ours closes on versionchange so their upgrade opens; a connection that never closes ends in ERR_STORE_BLOCKED, and the store recovers', async () => {
    const store = make();
    const key = await store.create();
    // Ours must close when another connection upgrades: asked at once, not by waiting.
    expect(await upgradeWasBlocked(dbName, 5), 'our open connection blocked their upgrade').to.equal(false);
    expect((await store.get(key.id))?.id).to.equal(key.id);

    // Theirs holds version 6 open and ignores versionchange; a store adding its object store
    // needs version 7, is blocked, and gives up after blockedTimeoutMs (not the open limit).
    const holder = await holdOpen(dbName, 6);
    const adding = make({ storeName: 'added-later', blockedTimeoutMs: 100, openTimeoutMs: 3000 });
    const started = performance.now();
    await expectLatchError(() => adding.create(), 'ERR_STORE_BLOCKED');
    expect(performance.now() - started, 'gave up at blockedTimeoutMs').to.be.below(2500);
    holder.close();
    const added = await adding.create();
    expect((await adding.get(added.id))?.id).to.equal(added.id);
    expect((await store.get(key.id))?.id).to.equal(key.id);
  });

  it('creates every store the kit keeps in its first version, so a later store needs no upgrade (which other pages could block)', async () => {
    await make().create();
    const db = await holdOpen(dbName, 1);
    try {
      expect(db.version).to.equal(1);
      expect([...db.objectStoreNames].sort()).to.deep.equal(['keys', 'otp-attempts', 'sessions']);
      expect(db.transaction('otp-attempts').objectStore('otp-attempts').keyPath).to.equal('otpId');
      expect(db.transaction('sessions').objectStore('sessions').keyPath).to.equal('slot');
    } finally {
      db.close();
    }
  });

  it('closes its connection on pagehide (a page entering the back-forward cache hears no versionchange), and opens again on the next call', async () => {
    const store = make({ indexedDB: factoryDeafToVersionChange() });
    const key = await store.create();
    dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    // Deaf to versionchange, a connection still open would block this upgrade.
    expect(await upgradeWasBlocked(dbName, 5)).to.equal(false);
    expect((await store.get(key.id))?.id).to.equal(key.id);
  });

  it('after any pagehide, the next call opens one new connection and later calls share it', async () => {
    const counting = countingFactory();
    const store = make({ indexedDB: counting.factory });
    const key = await store.create();
    const opens = counting.opens();
    dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect((await store.get(key.id))?.id).to.equal(key.id);
    expect((await store.get(key.id))?.id).to.equal(key.id);
    expect(counting.opens() - opens).to.equal(1);
  });
});

