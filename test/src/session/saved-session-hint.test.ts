// savedSessionHint: one key per (database, store) in a Storage, read synchronously; a storage that
// is missing or throws reads as "cannot tell" and never makes note() throw.
import { describe, expect, it } from '../../support/harness.ts';
import { savedSessionHint, type HintedStore } from '../../../src/session/saved-session-hint.ts';
import { noteSavedSessions } from '../../../src/session/note-saved-sessions.ts';
import { mapStorage, throwingStorage, type StorageLike } from '../../support/storage-stand-ins.ts';

/** The hint of (dbName, storeName) in `storage`, read and noted. */
const hintIn = (dbName: string | undefined, storeName: string | undefined, storage: StorageLike) => {
  const of: HintedStore = [dbName, storeName];
  return { read: () => savedSessionHint(of, storage), note: (saved: boolean) => noteSavedSessions(saved, of, storage) };
};

describe('the saved-session hint', () => {
  it('absent until noted: false; noted saved: true; noted empty: false again', () => {
    const storage = mapStorage();
    const hint = hintIn('latchkey', 'sessions', storage);
    expect(hint.read()).to.equal(false);
    hint.note(true);
    expect(hint.read()).to.equal(true);
    expect([...storage.entries]).to.deep.equal([['latchkey:saved:["latchkey","sessions"]', '1']]);
    hint.note(true);
    expect(storage.entries.size).to.equal(1);
    hint.note(false);
    expect(hint.read()).to.equal(false);
    expect(storage.entries.size).to.equal(0);
  });

  it('keeps each database and object store apart', () => {
    const storage = mapStorage();
    hintIn('latchkey', 'sessions', storage).note(true);
    expect(hintIn('other-db', 'sessions', storage).read()).to.equal(false);
    expect(hintIn('latchkey', 'other-store', storage).read()).to.equal(false);
    // The separator cannot be forged by a name: ["a:b","c"] and ["a","b:c"] are two keys.
    hintIn('a:b', 'c', storage).note(true);
    expect(hintIn('a', 'b:c', storage).read()).to.equal(false);
  });

  it('defaults to the kit\'s database and store, names given or not', () => {
    const storage = mapStorage();
    hintIn(undefined, undefined, storage).note(true);
    expect(hintIn('latchkey', 'sessions', storage).read()).to.equal(true);
    const bare = mapStorage();
    noteSavedSessions(true, undefined, bare);
    expect(hintIn('latchkey', 'sessions', bare).read()).to.equal(true);
    expect(savedSessionHint(undefined, bare), 'read with no store named').to.equal(true);
  });

  describe('with the expiry of what is saved', () => {
    const KEY = 'latchkey:saved:["latchkey","sessions"]';
    const note = (saved: Parameters<typeof noteSavedSessions>[0], storage: StorageLike) => noteSavedSessions(saved, [], storage);
    const read = (storage: StorageLike) => savedSessionHint([], storage);
    const hour = 3_600_000;

    it('a save records when it expires: saved until then, read as nothing saved from then on (as the restore counts expiry)', () => {
      const storage = mapStorage();
      const until = Date.now() + hour;
      note({ until }, storage);
      expect(storage.entries.get(KEY)).to.equal(String(until));
      expect(read(storage)).to.equal(true);
      const realNow = Date.now;
      try {
        Date.now = () => until - 1;
        expect(read(storage), 'a millisecond before').to.equal(true);
        Date.now = () => until;
        expect(read(storage), 'at the expiry (the restore refuses exp * 1000 <= now)').to.equal(false);
      } finally {
        Date.now = realNow;
      }
      expect(storage.entries.has(KEY), 'reading changes nothing').to.equal(true);
    });

    it('never moves earlier: a later save extends it, an earlier one or one of unknown expiry leaves it', () => {
      const storage = mapStorage();
      const until = Date.now() + hour;
      note({ until }, storage);
      note({ until: until + hour }, storage);
      expect(storage.entries.get(KEY), 'extended').to.equal(String(until + hour));
      note({ until }, storage);
      note({ until: until - 2 * hour }, storage);
      note(true, storage);
      expect(storage.entries.get(KEY), 'another session expiring sooner, or a look that cannot say when').to.equal(String(until + hour));
      // A listing of every session also takes the later of the two: another tab may have saved since.
      note({ until, every: true }, storage);
      expect(storage.entries.get(KEY)).to.equal(String(until + hour));
    });

    it('unknown (a session found without its expiry) stays unknown after one save, and is replaced by a listing of every session', () => {
      const storage = mapStorage();
      note(true, storage);
      expect(storage.entries.get(KEY)).to.equal('1');
      const past = Date.now() - hour;
      note({ until: past }, storage);
      expect(storage.entries.get(KEY), 'one save says nothing of the others').to.equal('1');
      expect(read(storage)).to.equal(true);
      note({ until: past, every: true }, storage);
      expect(storage.entries.get(KEY)).to.equal(String(past));
      expect(read(storage), 'every session has expired').to.equal(false);
    });

    it('an expiry that is no time (NaN, zero, negative, fractional, unsafe) is unknown; a value not ours reads as "may be saved"', () => {
      for (const until of [Number.NaN, 0, -5, 1.5, 2 ** 60]) {
        const storage = mapStorage();
        note({ until }, storage);
        expect(storage.entries.get(KEY), String(until)).to.equal('1');
      }
      for (const value of ['abc', '', '-1', '0', '1.5']) {
        const storage = mapStorage();
        storage.setItem(KEY, value);
        expect(read(storage), JSON.stringify(value)).to.equal(true);
      }
      // Nothing saved still removes it, whatever it held.
      const storage = mapStorage();
      note({ until: Date.now() + hour }, storage);
      note(false, storage);
      expect(storage.entries.size).to.equal(0);
    });
  });

  it('a storage that throws: cannot tell (undefined), and noting does not throw', () => {
    const hint = hintIn('latchkey', 'sessions', throwingStorage);
    expect(hint.read()).to.equal(undefined);
    expect(() => hint.note(true)).to.not.throw();
    expect(() => hint.note(false)).to.not.throw();
  });
});
