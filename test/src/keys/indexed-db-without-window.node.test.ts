// Issue 39 item 3: the IndexedDB stores where the global has no addEventListener (plain Node, as
// the kit's src/ must run there, over fake-indexeddb; a worker's scope without pagehide). The
// pagehide listener is only for pages: here the store must open, write, read, close and reopen
// without one. Its own file: the other Node files give the global an EventTarget (node-window.ts).
import 'fake-indexeddb/auto';
import { describe, it, after, expect } from '../../support/harness.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import { deleteDatabase, uniqueDbName } from './fake-indexed-db.ts';
import { importedPair } from './key-store-contract.ts';

const dbName = uniqueDbName();

describe('IndexedDB key store on a global without addEventListener', () => {
  after(() => deleteDatabase(dbName));

  it('stores, lists, closes and opens again', async () => {
    expect((globalThis as { addEventListener?: unknown }).addEventListener).to.equal(undefined);
    const store = new IndexedDbKeyStore({ dbName });
    const key = await store.put(await importedPair());
    expect((await store.list()).map((k) => k.id)).to.deep.equal([key.id]);
    await store.close();
    const again = new IndexedDbKeyStore({ dbName });
    expect((await again.get(key.id))?.id).to.equal(key.id);
    await again.delete(key.id);
    expect(await again.list()).to.deep.equal([]);
    await again.close();
  });
});
