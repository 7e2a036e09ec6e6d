// The saved-session hint kept by the kit's IndexedDB session slots (real IndexedDB and
// localStorage): every save of a slot sets it; the slots, when read (the restore reads their keys, a logout's
// choice of the next account lists them), keep it to what they found: set again over sessions
// whose hint was lost, dropped when none is left.
import { describe, it, expect, afterEach } from '../../support/harness.ts';
import { IndexedDbSessionSlots } from '../../../src/session/indexed-db-session-slots.ts';
import { IndexedDbSessionStore } from '../../../src/session/indexed-db-session-store.ts';
import { savedSessionHint } from '../../../src/session/saved-session-hint.ts';
import { noteSavedSessions } from '../../../src/session/note-saved-sessions.ts';
import { deleteDatabase, uniqueDbName } from '../keys/fake-indexed-db.ts';

const claims = (publicKey: string) => ({ exp: 2_000_000_000, public_key: publicKey, session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: 'u', organization_id: 'o' });
const first = '02' + '11'.repeat(32);
const second = '03' + '22'.repeat(32);

describe("the saved-session hint of the kit's IndexedDB session slots", () => {
  let dbName = uniqueDbName();
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    noteSavedSessions(false, [dbName]);
    await deleteDatabase(dbName);
    dbName = uniqueDbName();
  });
  const track = <T extends { close(): Promise<void> }>(store: T): T => (open.push(store), store);
  const hint = (): boolean | undefined => savedSessionHint([dbName]);

  it("a slot's save sets it; a clear leaves it for the next read of the slots to drop", async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    expect(hint(), 'nothing saved yet').to.equal(false);
    await slots.slot('current').load();
    expect(hint(), 'a load writes nothing').to.equal(false);
    await slots.slot('current').save({ claims: claims(first) });
    expect(hint(), 'after the save').to.equal(true);
    await slots.slot('current').clear();
    expect(hint(), 'a clear does not count what is left').to.equal(true);
    expect(await slots.keys()).to.deep.equal([]);
    expect(hint(), 'the slots were read empty').to.equal(false);
  });

  it('a session store of its own (not the kit\'s slots) keeps no hint', async () => {
    await track(new IndexedDbSessionStore({ dbName })).save({ claims: claims(first) });
    expect(hint()).to.equal(false);
  });

  it("the slots' keys: set again over sessions whose hint was lost, kept while one is left, dropped with the last", async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    await slots.slot('current').save({ claims: claims(first) });
    await slots.slot('account:b').save({ claims: claims(second) });
    await slots.setActive('account:b');
    noteSavedSessions(false, [dbName]); // cleared storage, or a session an older kit saved
    expect(await slots.keys()).to.have.members(['current', 'account:b']);
    expect(hint(), 'the sessions were found').to.equal(true);
    await slots.slot('current').clear();
    expect(await slots.keys()).to.deep.equal(['account:b']);
    expect(hint(), 'one is left').to.equal(true);
    await slots.slot('account:b').clear();
    expect(await slots.keys(), 'the active pointer is no session').to.deep.equal([]);
    expect(hint(), 'none is left').to.equal(false);
  });

  it("the slots' list keeps it the same way", async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    await slots.slot('current').save({ claims: claims(first) });
    noteSavedSessions(false, [dbName]);
    expect(Object.keys(await slots.list())).to.deep.equal(['current']);
    expect(hint()).to.equal(true);
    await slots.slot('current').clear();
    expect(await slots.list()).to.deep.equal({});
    expect(hint()).to.equal(false);
  });

  it('the hint knows when the saved sessions expire: the latest of the saves, then of the listing', async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    const held = (): string | null => localStorage.getItem(`latchkey:saved:${JSON.stringify([dbName, 'sessions'])}`);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    await slots.slot('current').save({ claims: { ...claims(first), exp } });
    expect(held()).to.equal(String(exp * 1000));
    await slots.slot('account:b').save({ claims: { ...claims(second), exp: exp + 60 } });
    expect(held(), 'the later of the two').to.equal(String((exp + 60) * 1000));
    await slots.slot('current').save({ claims: { ...claims(first), exp: exp - 60 } });
    expect(held(), 'never earlier').to.equal(String((exp + 60) * 1000));
    // Lost, then found by the restore's look at the keys: saved, until unknown; a listing tells.
    noteSavedSessions(false, [dbName]);
    await slots.keys();
    expect(held()).to.equal('1');
    await slots.list();
    expect(held(), 'the latest of every session listed').to.equal(String((exp + 60) * 1000));
    expect(hint()).to.equal(true);
  });

  it('every saved session expired: the hint reads as nothing saved, until the slots are read (the expired records are still there)', async () => {
    const slots = track(new IndexedDbSessionSlots({ dbName }));
    const expired = Math.floor(Date.now() / 1000) - 60;
    await slots.slot('current').save({ claims: { ...claims(first), exp: expired } });
    expect(hint(), 'expired').to.equal(false);
    expect(await slots.keys()).to.deep.equal(['current']);
    expect(hint(), 'the keys say nothing of expiry: still expired').to.equal(false);
    await slots.slot('account:b').save({ claims: { ...claims(second), exp: expired + 3600 } });
    expect(hint(), 'a live one saved').to.equal(true);
  });

  it('each database has its own hint', async () => {
    const other = uniqueDbName();
    try {
      await track(new IndexedDbSessionSlots({ dbName: other })).slot('current').save({ claims: claims(first) });
      expect(savedSessionHint([other])).to.equal(true);
      expect(hint(), "this test's database").to.equal(false);
    } finally {
      noteSavedSessions(false, [other]);
      await Promise.all(open.splice(0).map((s) => s.close()));
      await deleteDatabase(other);
    }
  });
});
