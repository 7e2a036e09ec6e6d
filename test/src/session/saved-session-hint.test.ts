// savedSessionHint: one key per (database, store) in a Storage, read synchronously; a storage that
// is missing or throws reads as "cannot tell" and never makes note() throw.
import { describe, expect, it } from '../../support/harness.ts';
import { savedSessionHint, type HintedStore } from '../../../src/session/saved-session-hint.ts';
import { mapStorage, throwingStorage, type StorageLike } from '../../support/storage-stand-ins.ts';

/** The hint of (dbName, storeName) in `storage`, read and noted. */
const hintIn = (dbName: string | undefined, storeName: string | undefined, storage: StorageLike) => {
  const of: HintedStore = [dbName, storeName];
  return { read: () => savedSessionHint(undefined, of, storage), note: (saved: boolean) => savedSessionHint(saved, of, storage) };
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
    savedSessionHint(true, undefined, bare);
    expect(hintIn('latchkey', 'sessions', bare).read()).to.equal(true);
  });

  it('a storage that throws: cannot tell (undefined), and noting does not throw', () => {
    const hint = hintIn('latchkey', 'sessions', throwingStorage);
    expect(hint.read()).to.equal(undefined);
    expect(() => hint.note(true)).to.not.throw();
    expect(() => hint.note(false)).to.not.throw();
  });
});
