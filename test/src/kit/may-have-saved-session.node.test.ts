// LatchKit.mayHaveSavedSession in Node, with a Map standing in for localStorage: false only for
// the default session store whose saved-session hint is absent; the page's own stores, a hint,
// and no storage to ask all say "may" (the caller then waits for the restore).
import { after, before, describe, expect, it } from '../../support/harness.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { MemorySessionSlots } from '../../../src/session/session-slots.ts';
import { noteSavedSessions } from '../../../src/session/note-saved-sessions.ts';
import { asLocalStorage, mapStorage } from '../../support/storage-stand-ins.ts';

const kit = (extra = {}): LatchKit => new LatchKit({ configId: 'demo', proxyUrl: 'http://127.0.0.1:9', configCache: false, ...extra });

describe('LatchKit.mayHaveSavedSession', () => {
  const storage = mapStorage();
  let putBack: () => void;
  before(() => void (putBack = asLocalStorage(storage)));
  after(() => putBack());

  it('the default store: no hint → false; a hint → true', () => {
    storage.entries.clear();
    expect(kit().mayHaveSavedSession()).to.equal(false);
    noteSavedSessions(true);
    expect(kit().mayHaveSavedSession()).to.equal(true);
    noteSavedSessions(false);
    expect(kit().mayHaveSavedSession()).to.equal(false);
  });

  it('the default store: a hint of sessions that have all expired → false; one still live → true', () => {
    storage.entries.clear();
    noteSavedSessions({ until: Date.now() - 1000 });
    expect(kit().mayHaveSavedSession(), 'expired').to.equal(false);
    noteSavedSessions({ until: Date.now() + 60_000 });
    expect(kit().mayHaveSavedSession(), 'a later save extends it').to.equal(true);
  });

  it("the page's own session store or slots: true, whatever the hint says", () => {
    storage.entries.clear();
    expect(kit({ sessionStore: new MemorySessionStore() }).mayHaveSavedSession()).to.equal(true);
    expect(kit({ sessionSlots: new MemorySessionSlots() }).mayHaveSavedSession()).to.equal(true);
  });

  it('no storage to ask: true', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      get: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      configurable: true,
    });
    try {
      expect(kit().mayHaveSavedSession()).to.equal(true);
    } finally {
      asLocalStorage(storage);
    }
  });
});
