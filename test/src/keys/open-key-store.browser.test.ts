import { describe, it, expect, afterEach } from '../../support/harness.ts';
import { openKeyStore } from '../../../src/keys/open-key-store.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { deleteDatabase, factoryWhoseOpenThrows, factoryWhosePutThrows, holdOpen, uniqueDbName } from './fake-indexed-db.ts';

describe('openKeyStore (browser failures)', () => {
  let dbName = uniqueDbName();
  afterEach(async () => {
    await deleteDatabase(dbName);
    dbName = uniqueDbName();
  });

  it('falls back when open throws', async () => {
    const opened = await openKeyStore({ dbName, indexedDB: factoryWhoseOpenThrows });
    expect(opened.persistent).to.equal(false);
    expect(opened.reason?.code).to.equal('ERR_STORE_UNAVAILABLE');
  });

  it('C2 idb-dataclone-cryptokey: falls back when the browser cannot store CryptoKeys', async () => {
    const opened = await openKeyStore({ dbName, indexedDB: factoryWhosePutThrows('DataCloneError') });
    expect(opened.persistent).to.equal(false);
    expect(opened.store).to.be.instanceOf(MemoryKeyStore);
    expect(opened.reason?.code).to.equal('ERR_STORE_DATA_CLONE');
  });

  it('falls back when another tab blocks the upgrade', async () => {
    const holder = await holdOpen(dbName, 1);
    const opened = await openKeyStore({ dbName, blockedTimeoutMs: 100 });
    holder.close();
    expect(opened.persistent).to.equal(false);
    expect(opened.reason?.code).to.equal('ERR_STORE_BLOCKED');
  });
});
