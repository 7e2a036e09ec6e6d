// nothingSaved over a real IndexedDB implementation (fake-indexeddb, a pinned devDependency; a
// fresh factory per test, so no other test's database is touched): the returning visitor's
// "nobody" from the sessions store's record count, without the restore's chunks.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IDBFactory } from 'fake-indexeddb';
import { nothingSaved } from '../../../src/kit/nothing-saved.ts';
import { savedSessionHint } from '../../../src/session/saved-session-hint.ts';
import { noteSavedSessions } from '../../../src/session/note-saved-sessions.ts';
import { mapStorage } from '../../support/storage-stand-ins.ts';

/** A saved-session hint of its own (this process has no localStorage), saying a session may be saved. */
function hinted(): ReturnType<typeof mapStorage> {
  const storage = mapStorage();
  noteSavedSessions(true, [], storage);
  return storage;
}

/** Makes the `latchkey` database with `stores`, puts `records` into `sessions`, and closes it. */
function makeDatabase(idb: IDBFactory, stores: string[], records: { slot: string }[] = []): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = idb.open('latchkey', 1);
    open.onupgradeneeded = () => stores.forEach((name) => open.result.createObjectStore(name, { keyPath: name === 'sessions' ? 'slot' : 'id' }));
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (records.length === 0) return (db.close(), resolve());
      const tx = db.transaction('sessions', 'readwrite');
      for (const record of records) tx.objectStore('sessions').put(record);
      tx.oncomplete = () => (db.close(), resolve());
      tx.onerror = () => reject(tx.error);
    };
  });
}

/** Resolves once a version change of `latchkey` went through: nothing kept a connection open. */
function upgradeGoesThrough(idb: IDBFactory): Promise<'upgraded' | 'blocked'> {
  return new Promise((resolve, reject) => {
    const open = idb.open('latchkey', 2);
    open.onblocked = () => resolve('blocked');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => (open.result.close(), resolve('upgraded'));
  });
}

describe('nothingSaved over IndexedDB', () => {
  it('a logged-out returning visitor: the database holds keys but no session record', async () => {
    const idb = new IDBFactory();
    await makeDatabase(idb, ['keys', 'sessions']);
    const hint = hinted();
    assert.equal(await nothingSaved({}, idb, hint), true);
    assert.equal(savedSessionHint([], hint), false, 'the hint over the empty store is dropped');
    assert.equal(await upgradeGoesThrough(idb), 'upgraded', 'the question closed its connection');
  });

  it('a database made by the key store alone (no sessions store): nothing saved', async () => {
    const idb = new IDBFactory();
    await makeDatabase(idb, ['keys']);
    assert.equal(await nothingSaved({}, idb), true);
  });

  it('a saved slot or only the active pointer: the stores are asked', async () => {
    const saved = new IDBFactory();
    await makeDatabase(saved, ['keys', 'sessions'], [{ slot: 'current' }]);
    const hint = hinted();
    assert.equal(await nothingSaved({}, saved, hint), false);
    assert.equal(savedSessionHint([], hint), true, 'the hint stays over a saved record');
    const pointer = new IDBFactory();
    await makeDatabase(pointer, ['keys', 'sessions'], [{ slot: 'active' }]);
    assert.equal(await nothingSaved({}, pointer), false);
    assert.equal(await upgradeGoesThrough(saved), 'upgraded', 'the question closed its connection');
  });

  it('the database deleted between the listing and the open: unsure, and no database is made', async () => {
    const idb = new IDBFactory();
    const stale: Pick<IDBFactory, 'databases' | 'open'> = {
      databases: async () => [{ name: 'latchkey', version: 1 }],
      open: (name: string) => idb.open(name),
    };
    assert.equal(await nothingSaved({}, stale), false);
    assert.deepEqual(await idb.databases(), []);
  });
});
