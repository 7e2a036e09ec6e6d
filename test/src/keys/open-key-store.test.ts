import { describe, it, expect, runtime } from '../../support/harness.ts';
import { openKeyStore } from '../../../src/keys/open-key-store.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';

describe('openKeyStore', () => {
  it('C1 idb-unavailable: falls back to memory, with the reason, when IndexedDB is missing', async () => {
    const opened = await openKeyStore({ indexedDB: undefined });
    expect(opened.persistent).to.equal(false);
    expect(opened.store).to.be.instanceOf(MemoryKeyStore);
    expect(opened.reason?.code).to.equal('ERR_STORE_UNAVAILABLE');
    const key = await opened.store.create();
    expect((await opened.store.get(key.id))?.id).to.equal(key.id);
  });

  it('uses what this runtime offers by default', async () => {
    const dbName = `latchkey-test-${crypto.randomUUID()}`;
    const opened = await openKeyStore({ dbName });
    if (runtime === 'node') {
      // Node has no IndexedDB: keys live in memory, and the caller is told why.
      expect(opened.persistent).to.equal(false);
      expect(opened.reason?.code).to.equal('ERR_STORE_UNAVAILABLE');
    } else {
      expect(opened.persistent).to.equal(true);
      expect(opened.reason).to.equal(undefined);
      expect(opened.store).to.be.instanceOf(IndexedDbKeyStore);
      expect(await opened.store.list()).to.deep.equal([]); // the probe key is gone
      await (opened.store as IndexedDbKeyStore).close();
      indexedDB.deleteDatabase(dbName);
    }
  });
});
