import { describe, it, expect, expectCode, afterEach } from '../../support/harness.ts';
import { IndexedDbSessionStore } from '../../../src/session/indexed-db-session-store.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import { deleteDatabase, factoryWhosePutThrows, uniqueDbName } from '../keys/fake-indexed-db.ts';

const claims = { exp: 2_000_000_000, public_key: '02' + '11'.repeat(32), session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: 'u', organization_id: 'o' };

describe('IndexedDbSessionStore', () => {
  let dbName = uniqueDbName();
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    await deleteDatabase(dbName);
    dbName = uniqueDbName();
  });
  const track = <T extends { close(): Promise<void> }>(store: T): T => (open.push(store), store);

  it('saves, loads across instances (a reload) and clears', async () => {
    const first = track(new IndexedDbSessionStore({ dbName }));
    expect(await first.load()).to.equal(undefined);
    await first.save({ jwt: 'h.p.s', claims });
    await first.close();
    const second = track(new IndexedDbSessionStore({ dbName }));
    expect(await second.load()).to.deep.equal({ jwt: 'h.p.s', claims });
    await second.clear();
    expect(await track(new IndexedDbSessionStore({ dbName })).load()).to.equal(undefined);
  });

  it('keeps slots apart and lives beside the key store in one database', async () => {
    const keys = track(new IndexedDbKeyStore({ dbName }));
    const key = await keys.create();
    const a = track(new IndexedDbSessionStore({ dbName }));
    const b = track(new IndexedDbSessionStore({ dbName, slot: 'second-kit' }));
    await a.save({ claims });
    expect(await b.load()).to.equal(undefined);
    expect((await keys.get(key.id))?.id).to.equal(key.id);
  });

  it('clearIfHolds empties the slot only while it holds that key\'s session, in one transaction', async () => {
    const store = track(new IndexedDbSessionStore({ dbName }));
    const other = '03' + '22'.repeat(32);
    await store.save({ jwt: 'h.p.s', claims });
    expect(await store.clearIfHolds(other)).to.equal(false);
    expect(await store.load()).to.deep.equal({ jwt: 'h.p.s', claims });
    expect(await store.clearIfHolds(claims.public_key)).to.equal(true);
    expect(await store.load()).to.equal(undefined);
    expect(await store.clearIfHolds(other)).to.equal(true); // nothing saved: empty already
    // A save issued right after a clearIfHolds that read the old session lands after it (IndexedDB
    // queues overlapping readwrite transactions), so the newer session survives.
    await store.save({ jwt: 'h.p.s', claims });
    const newer = { jwt: 'h.p2.s', claims: { ...claims, public_key: other } };
    const [cleared] = await Promise.all([store.clearIfHolds(claims.public_key), store.save(newer)]);
    expect(cleared).to.equal(true);
    expect(await store.load()).to.deep.equal(newer);
  });

  it('reads a record whose claims are not an object, or whose JWT is not a string, as nothing saved', async () => {
    const store = track(new IndexedDbSessionStore({ dbName }));
    for (const damaged of [{ claims: 'claims' }, { claims: 42 }, { claims, jwt: 42 }]) {
      await store.save(damaged as never);
      expect(await store.load(), JSON.stringify(damaged)).to.equal(undefined);
    }
  });

  it('close() closes its connection', async () => {
    const store = new IndexedDbSessionStore({ dbName });
    await store.load();
    const close = IDBDatabase.prototype.close;
    let closed = 0;
    IDBDatabase.prototype.close = function (this: IDBDatabase) {
      closed += 1;
      close.call(this);
    };
    try {
      await store.close();
    } finally {
      IDBDatabase.prototype.close = close;
    }
    expect(closed).to.equal(1);
  });

  it('maps failures to store codes', async () => {
    await expectCode(() => new IndexedDbSessionStore({ dbName, indexedDB: undefined }).load(), 'ERR_STORE_UNAVAILABLE');
    const full = track(new IndexedDbSessionStore({ dbName, indexedDB: factoryWhosePutThrows('QuotaExceededError') }));
    await expectCode(() => full.save({ claims }), 'ERR_STORE_QUOTA');
    expect(await full.load()).to.equal(undefined);
  });
});
