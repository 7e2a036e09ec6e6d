import { describe, it, expect, expectCode, afterEach } from '../../support/harness.ts';
import { IndexedDbKeyStore, type IndexedDbKeyStoreOptions } from '../../../src/keys/indexed-db-key-store.ts';
import { keyStoreContract, importedPair } from './key-store-contract.ts';
import {
  countingFactory,
  deleteDatabase,
  factoryDeafToVersionChange,
  factoryThatNeverAnswers,
  factoryWithWedgedTransactions,
  factoryWhoseOpenFails,
  factoryWhoseOpenThrows,
  factoryWhosePutThrows,
  holdOpen,
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
    await expectCode(() => make({ indexedDB: undefined }).create(), 'ERR_STORE_UNAVAILABLE');
    await expectCode(() => make({ indexedDB: null }).list(), 'ERR_STORE_UNAVAILABLE');
  });

  it('maps an open that throws or fails to ERR_STORE_UNAVAILABLE', async () => {
    await expectCode(() => make({ indexedDB: factoryWhoseOpenThrows }).list(), 'ERR_STORE_UNAVAILABLE');
    await expectCode(() => make({ indexedDB: factoryWhoseOpenFails('UnknownError') }).list(), 'ERR_STORE_UNAVAILABLE');
    await expectCode(() => make({ indexedDB: factoryWhoseOpenFails('QuotaExceededError') }).list(), 'ERR_STORE_QUOTA');
  });

  it('does not hang when the database never answers', async () => {
    await expectCode(() => make({ indexedDB: factoryThatNeverAnswers, openTimeoutMs: 50 }).list(), 'ERR_STORE_UNAVAILABLE');
  });

  it('C4 idb-quota-wedge-and-hang: a transaction that never reports back fails after the time limit, and the next call works', async () => {
    const store = make({ indexedDB: factoryWithWedgedTransactions(1), openTimeoutMs: 200 });
    const started = performance.now();
    await expectCode(() => store.list(), 'ERR_STORE_UNAVAILABLE');
    expect(performance.now() - started).to.be.below(5000);
    const key = await store.create();
    expect((await store.list()).map((k) => k.id)).to.deep.equal([key.id]);
  });

  it('maps DataCloneError to ERR_STORE_DATA_CLONE and writes nothing', async () => {
    const broken = make({ indexedDB: factoryWhosePutThrows('DataCloneError') });
    await expectCode(() => broken.create(), 'ERR_STORE_DATA_CLONE');
    const pair = await importedPair();
    await expectCode(() => broken.put(pair), 'ERR_STORE_DATA_CLONE');
    expect(await broken.list()).to.deep.equal([]);
    expect(await make().list()).to.deep.equal([]);
  });

  it('maps QuotaExceededError to ERR_STORE_QUOTA and writes nothing', async () => {
    const full = make({ indexedDB: factoryWhosePutThrows('QuotaExceededError') });
    await expectCode(() => full.create(), 'ERR_STORE_QUOTA');
    expect(await make().list()).to.deep.equal([]);
  });

  it('gives up on a blocked upgrade with ERR_STORE_BLOCKED, and recovers once unblocked', async () => {
    // Another "tab" holds version 1 open and ignores versionchange; our store needs version 2
    // to add its object store.
    const holder = await holdOpen(dbName, 1);
    const store = make({ blockedTimeoutMs: 100 });
    await expectCode(() => store.create(), 'ERR_STORE_BLOCKED');
    holder.close();
    const key = await store.create();
    expect((await store.get(key.id))?.id).to.equal(key.id);
  });

  it('C3 idb-blocked-versionchange: steps aside when another connection upgrades the database', async () => {
    const store = make();
    const key = await store.create();
    // Our open connection must not block this upgrade (it would hang without onversionchange).
    const upgraded = await holdOpen(dbName, 5);
    upgraded.close();
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

