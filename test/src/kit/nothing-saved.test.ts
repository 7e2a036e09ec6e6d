// nothingSaved: the restore's "nobody" from IndexedDB's list of databases alone (a first visit),
// and "ask the stores" whenever it cannot be sure.
import { describe, expect, it } from '../../support/harness.ts';
import { nothingSaved } from '../../../src/kit/nothing-saved.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { MemorySessionSlots } from '../../../src/session/session-slots.ts';

type Factory = NonNullable<Parameters<typeof nothingSaved>[1]>;
// A factory that lists `names` and refuses to open any (as a sandboxed frame may).
const listing = (...names: string[]): Factory => ({
  databases: async () => names.map((name) => ({ name, version: 1 })),
  open: () => {
    throw new DOMException('denied', 'SecurityError');
  },
});

describe('nothingSaved', () => {
  it('no latchkey database in the origin: nothing can have been saved', async () => {
    expect(await nothingSaved({}, listing())).to.equal(true);
    expect(await nothingSaved({}, listing('another-app', 'latchkey-old'))).to.equal(true);
  });

  it('a latchkey database that cannot be opened: the stores are asked', async () => {
    expect(await nothingSaved({}, listing('another-app', 'latchkey'))).to.equal(false);
  });

  it('the kit\'s own stores, no databases() or a failing one: the stores are asked', async () => {
    expect(await nothingSaved({ sessionStore: new MemorySessionStore() }, listing())).to.equal(false);
    expect(await nothingSaved({ sessionSlots: new MemorySessionSlots() }, listing())).to.equal(false);
    expect(await nothingSaved({}, {} as Factory)).to.equal(false);
    expect(await nothingSaved({}, { ...listing(), databases: () => Promise.reject(new DOMException('denied', 'SecurityError')) })).to.equal(false);
  });
});
