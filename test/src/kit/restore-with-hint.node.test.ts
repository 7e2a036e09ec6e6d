// The restore with the kit's default stores, in Node over fake-indexeddb (a pinned
// devDependency) and a Map for localStorage: with the saved-session hint set (a logged-in
// visitor), it goes straight to the slots without asking IndexedDB for its databases first;
// without it, it asks (and on a first visit answers "nobody" from that alone). A stale hint over
// an empty store is dropped by the slots' read.
import 'fake-indexeddb/auto';
import '../keys/node-window.ts';
import { afterEach, describe, expect, it } from '../../support/harness.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { savedSessionHint } from '../../../src/session/saved-session-hint.ts';
import { noteSavedSessions } from '../../../src/session/note-saved-sessions.ts';
import { asLocalStorage, mapStorage } from '../../support/storage-stand-ins.ts';

const storage = mapStorage();
asLocalStorage(storage);

/** Counts `indexedDB.databases()` calls while `work` runs. */
async function countingListings(work: () => Promise<unknown>): Promise<number> {
  const original = indexedDB.databases.bind(indexedDB);
  let calls = 0;
  indexedDB.databases = () => ((calls += 1), original());
  try {
    await work();
  } finally {
    indexedDB.databases = original;
  }
  return calls;
}

const kits: LatchKit[] = [];
const kit = (): LatchKit => {
  const made = new LatchKit({ configId: 'demo', proxyUrl: 'http://127.0.0.1:9', configCache: false });
  kits.push(made);
  return made;
};

describe('the restore and the saved-session hint', () => {
  afterEach(() => {
    kits.splice(0).forEach((made) => made.dispose());
    storage.entries.clear();
  });

  it('no hint: IndexedDB is asked first, and with no database the answer is nobody', async () => {
    const calls = await countingListings(async () => expect(await kit().restoreSession()).to.equal(null));
    expect(calls).to.equal(1);
  });

  it('a hint: straight to the slots; over an empty store their read drops it', async () => {
    noteSavedSessions(true);
    const calls = await countingListings(async () => expect(await kit().restoreSession()).to.equal(null));
    expect(calls, 'no listing asked').to.equal(0);
    expect(savedSessionHint(), 'the stale hint is gone').to.equal(false);
  });
});
