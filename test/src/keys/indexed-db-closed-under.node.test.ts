// Issue 39 item 3: the store's reopen-once path, which no test reached. A connection can be closed
// under the store without a `close` or `versionchange` event (IndexedDB fires `close` only for an
// abnormal close; `db.close()` by other code in the page fires nothing), and then
// `db.transaction()` throws InvalidStateError (IndexedDB §4.8 step 1, as fake-indexeddb, a pinned
// independent implementation, does). The store must reopen once and carry on; a connection that
// is closed again at once must end in a typed refusal, not a loop. And a failure inside a
// transaction's work aborts it, so what the work wrote before failing is not kept.
import 'fake-indexeddb/auto';
import './node-window.ts';
import { describe, it, afterEach, expect } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import { IndexedDbObjectStore } from '../../../src/keys/indexed-db-object-store.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { deleteDatabase, uniqueDbName } from './fake-indexed-db.ts';
import { importedPair, rawPublicHex } from './key-store-contract.ts';

/** The real IndexedDB; every connection it opens is kept here, so the test can close it unseen. */
function factoryKeepingConnections(closeAtOnce = false): { factory: IDBFactory; connections: IDBDatabase[] } {
  const connections: IDBDatabase[] = [];
  const factory = {
    open(name: string, version?: number): IDBOpenDBRequest {
      const request = version === undefined ? indexedDB.open(name) : indexedDB.open(name, version);
      request.addEventListener('success', () => {
        connections.push(request.result);
        if (closeAtOnce) request.result.close();
      });
      return request;
    },
  } as unknown as IDBFactory;
  return { factory, connections };
}

const names: string[] = [];
const stores: IndexedDbKeyStore[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const close of closers.splice(0)) await close();
  for (const name of names.splice(0)) await deleteDatabase(name);
});

describe('IndexedDB store: a connection closed under it', () => {
  it('reopens once and the call goes through; the record written before is still there', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    const { factory, connections } = factoryKeepingConnections();
    const store = new IndexedDbKeyStore({ dbName, indexedDB: factory });
    stores.push(store);
    const first = await store.put(await importedPair());
    expect(connections.length).to.equal(1);
    connections[0]!.close(); // no event reaches the store
    expect(() => connections[0]!.transaction('keys')).to.throw().with.property('name', 'InvalidStateError');
    const second = await store.put(await importedPair());
    expect(connections.length, 'one new connection').to.equal(2);
    const ids = (await store.list()).map((k) => k.id).sort();
    expect(ids).to.deep.equal([first.id, second.id].sort());
    expect((await store.get(first.id))!.id).to.equal(await rawPublicHex(first.publicKey));
    expect(connections.length, 'the new connection is kept').to.equal(2);
  });

  it('a connection closed again as soon as it opens: ERR_STORE_FAILED (its InvalidStateError kept), after one reopen', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    const { factory, connections } = factoryKeepingConnections(true);
    const store = new IndexedDbKeyStore({ dbName, indexedDB: factory });
    stores.push(store);
    const refusal = await expectLatchError(() => store.list(), 'ERR_STORE_FAILED');
    expect((refusal.cause as DOMException).name).to.equal('InvalidStateError');
    expect(connections.length, 'the first open and one reopen').to.equal(2);
  });
});

describe('IndexedDB store: a failure inside the work', () => {
  it('aborts the transaction: a record the work put before it threw is not written (fake-indexeddb would commit it)', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    const store = new IndexedDbObjectStore({ dbName, indexedDB }, 'keys', 'id');
    closers.push(() => store.close());
    const thrown = new Error('the work failed after its put');
    const refusal = await expectLatchError(
      () =>
        store.run('readwrite', (s) => {
          s.put({ id: 'half-written' });
          throw thrown;
        }),
      'ERR_STORE_FAILED',
    );
    expect(refusal.cause).to.equal(thrown);
    expect(await store.run('readonly', (s) => s.get('half-written'))).to.equal(undefined);
    expect(await store.run('readonly', (s) => s.count())).to.equal(0);
  });

  it('a work that returns no request (its type allows void) commits and resolves undefined', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    const store = new IndexedDbObjectStore({ dbName, indexedDB }, 'keys', 'id');
    closers.push(() => store.close());
    const result = await store.run('readwrite', (s) => {
      s.put({ id: 'a' });
      s.put({ id: 'b' });
    });
    expect(result).to.equal(undefined);
    expect(await store.run('readonly', (s) => s.getAllKeys())).to.deep.equal(['a', 'b']);
  });

  it('a typed refusal thrown by the work comes out as it is (its own code), and nothing is written', async () => {
    const dbName = uniqueDbName();
    names.push(dbName);
    const store = new IndexedDbObjectStore({ dbName, indexedDB }, 'keys', 'id');
    closers.push(() => store.close());
    const refused = new LatchError('ERR_KEY_FORMAT', 'refused by the work');
    const refusal = await expectLatchError(
      () =>
        store.run('readwrite', (s) => {
          s.put({ id: 'c' });
          throw refused;
        }),
      'ERR_KEY_FORMAT',
    );
    expect(refusal).to.equal(refused);
    expect(await store.run('readonly', (s) => s.count())).to.equal(0);
  });
});
