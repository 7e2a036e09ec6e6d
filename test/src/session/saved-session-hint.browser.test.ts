// The saved-session hint kept by the IndexedDB session stores (real IndexedDB and localStorage):
// set by every write, dropped when a delete leaves the store empty (counted in the delete's own
// transaction), set again when a load finds a session whose hint was lost.
import { describe, it, expect, afterEach } from '../../support/harness.ts';
import { IndexedDbSessionSlots } from '../../../src/session/indexed-db-session-slots.ts';
import { IndexedDbSessionStore } from '../../../src/session/indexed-db-session-store.ts';
import { savedSessionHint } from '../../../src/session/saved-session-hint.ts';
import { deleteDatabase, uniqueDbName } from '../keys/fake-indexed-db.ts';

const claims = (publicKey: string) => ({ exp: 2_000_000_000, public_key: publicKey, session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: 'u', organization_id: 'o' });
const first = '02' + '11'.repeat(32);
const second = '03' + '22'.repeat(32);

describe('the saved-session hint of the IndexedDB session stores', () => {
  let dbName = uniqueDbName();
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    savedSessionHint(dbName).note(false);
    await deleteDatabase(dbName);
    dbName = uniqueDbName();
  });
  const track = <T extends { close(): Promise<void> }>(store: T): T => (open.push(store), store);
  const hint = (): boolean | undefined => savedSessionHint(dbName).read();

  it('one slot: a save sets it, the clear that empties the store drops it', async () => {
    const store = track(new IndexedDbSessionStore({ dbName }));
    expect(hint(), 'nothing saved yet').to.equal(false);
    await store.save({ claims: claims(first) });
    expect(hint(), 'after the save').to.equal(true);
    await store.clear();
    expect(hint(), 'after the last record went').to.equal(false);
  });

  it('two slots: clearing one keeps it, clearing the last drops it; clearIfHolds alike', async () => {
    const a = track(new IndexedDbSessionStore({ dbName }));
    const b = track(new IndexedDbSessionStore({ dbName, slot: 'second-kit' }));
    await a.save({ claims: claims(first) });
    await b.save({ claims: claims(second) });
    await a.clear();
    expect(hint(), 'one slot still holds a session').to.equal(true);
    expect(await b.clearIfHolds(first), 'another key: not cleared').to.equal(false);
    expect(hint(), 'nothing was deleted').to.equal(true);
    expect(await b.clearIfHolds(second)).to.equal(true);
    expect(hint(), 'the last record went').to.equal(false);
  });

  it('the accounts\' slots: the active pointer counts as a record until it points at nothing', async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    await slots.setActive(first);
    expect(hint(), 'a pointer was written').to.equal(true);
    await slots.slot(first).save({ claims: claims(first) });
    await slots.slot(first).clear();
    expect(hint(), 'the pointer is left').to.equal(true);
    await slots.setActive(undefined);
    expect(hint(), 'the store is empty').to.equal(false);
  });

  it('a load that finds a session whose hint was lost (storage cleared) sets it again; an empty load does not', async () => {
    const store = track(new IndexedDbSessionStore({ dbName }));
    expect(await store.load()).to.equal(undefined);
    expect(hint(), 'nothing found').to.equal(false);
    await store.save({ claims: claims(first) });
    savedSessionHint(dbName).note(false);
    await track(new IndexedDbSessionStore({ dbName })).load();
    expect(hint()).to.equal(true);
  });

  it('each database has its own hint', async () => {
    const other = uniqueDbName();
    try {
      await track(new IndexedDbSessionStore({ dbName: other })).save({ claims: claims(first) });
      expect(savedSessionHint(other).read()).to.equal(true);
      expect(hint(), 'this test\'s database').to.equal(false);
    } finally {
      savedSessionHint(other).note(false);
      await Promise.all(open.splice(0).map((s) => s.close()));
      await deleteDatabase(other);
    }
  });
});
