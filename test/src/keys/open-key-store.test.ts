import { describe, it, expect, runtime } from '../../support/harness.ts';
import { openKeyStore, type OpenedKeyStore } from '../../../src/keys/open-key-store.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import type { IndexedDbKeyStoreOptions } from '../../../src/keys/indexed-db-key-store.ts';
import { factoryThatNeverAnswers, factoryWhoseOpenFails, factoryWhoseOpenThrows } from './fake-indexed-db.ts';

/** openKeyStore, or a clear failure after `ms` (a hang must fail here, not at the runner's limit). */
function openWithin(ms: number, options: IndexedDbKeyStoreOptions): Promise<OpenedKeyStore> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`openKeyStore did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([openKeyStore(options), hang]).finally(() => clearTimeout(timer));
}

describe('openKeyStore', () => {
  it('C1 idb-unavailable: no IndexedDB, an open that throws, fails or never answers: the in-memory store, with the typed reason, without hanging', async () => {
    const cases: [string, IndexedDbKeyStoreOptions, string][] = [
      ['no IndexedDB', { indexedDB: undefined }, 'ERR_STORE_UNAVAILABLE'],
      ['open() throws', { indexedDB: factoryWhoseOpenThrows }, 'ERR_STORE_UNAVAILABLE'],
      ['open() fails', { indexedDB: factoryWhoseOpenFails('UnknownError') }, 'ERR_STORE_UNAVAILABLE'],
      ['open() never answers', { indexedDB: factoryThatNeverAnswers, openTimeoutMs: 200 }, 'ERR_STORE_UNAVAILABLE'],
    ];
    for (const [label, options, code] of cases) {
      const opened = await openWithin(3000, options);
      expect(opened.persistent, label).to.equal(false);
      expect(opened.store, label).to.be.instanceOf(MemoryKeyStore);
      expect(opened.reason?.code, label).to.equal(code);
      const key = await opened.store.create();
      expect((await opened.store.get(key.id))?.id, label).to.equal(key.id);
    }
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
