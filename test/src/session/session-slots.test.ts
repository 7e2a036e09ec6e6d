// The accounts' slots in memory (src/session/session-slots.ts) and the choice between memory and
// IndexedDB (create-session-slots.ts). The IndexedDB slots have their own file
// (indexed-db-session-slots.browser.test.ts), run in the browsers and in Node over fake-indexeddb.
import { describe, it, expect, runtime } from '../../support/harness.ts';
import { ACCOUNT_KEY_PREFIX, DEFAULT_SESSION_KEY, MemorySessionSlots, isSessionKey } from '../../../src/session/session-slots.ts';
import { createSessionSlots } from '../../../src/session/create-session-slots.ts';
import { IndexedDbSessionSlots } from '../../../src/session/indexed-db-session-slots.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';

const claims = (publicKey: string) => ({ exp: 2_000_000_000, public_key: publicKey, session_type: 'SESSION_TYPE_READ_WRITE' as const, user_id: 'u', organization_id: 'o' });
const first = '02' + '11'.repeat(32);
const second = '03' + '22'.repeat(32);

describe('isSessionKey', () => {
  it('names the default slot and account: slots with a name, and nothing else', () => {
    expect(DEFAULT_SESSION_KEY).to.equal('current');
    expect(ACCOUNT_KEY_PREFIX).to.equal('account:');
    expect(isSessionKey('current')).to.equal(true);
    expect(isSessionKey('account:x')).to.equal(true);
    expect(isSessionKey('account:')).to.equal(false); // the prefix alone names no account
    expect(isSessionKey('active')).to.equal(false); // the pointer's record
    expect(isSessionKey('xaccount:x')).to.equal(false); // the prefix must start the key
    expect(isSessionKey('Current')).to.equal(false);
    expect(isSessionKey('')).to.equal(false);
    expect(isSessionKey(undefined)).to.equal(false);
    expect(isSessionKey(['account:x'])).to.equal(false); // not a string
    expect(isSessionKey({ startsWith: () => true, length: 99 })).to.equal(false);
  });
});

describe('MemorySessionSlots', () => {
  it('gives one store per session key, the same object each time, and lists only the filled ones', async () => {
    const slots = new MemorySessionSlots();
    const a = slots.slot(DEFAULT_SESSION_KEY);
    const b = slots.slot('account:b');
    expect(a).to.be.instanceOf(MemorySessionStore);
    expect(slots.slot(DEFAULT_SESSION_KEY)).to.equal(a);
    expect(a).to.not.equal(b);
    await a.save({ jwt: 'h.p.s', claims: claims(first) });
    expect(await b.load()).to.equal(undefined);
    expect(await slots.list()).to.deep.equal({ current: { jwt: 'h.p.s', claims: claims(first) } });
    await b.save({ claims: claims(second) });
    expect(await slots.list()).to.deep.equal({ current: { jwt: 'h.p.s', claims: claims(first) }, 'account:b': { claims: claims(second) } });
    slots.slot('account:empty');
    expect(await slots.keys()).to.deep.equal(['current', 'account:b', 'account:empty']);
    // Each slot keeps D4's promise: it clears only while it holds that key's session.
    expect(await b.clearIfHolds!(first)).to.equal(false);
    expect(await b.load()).to.deep.equal({ claims: claims(second) });
    expect(await b.clearIfHolds!(second)).to.equal(true);
    expect(await slots.list()).to.deep.equal({ current: { jwt: 'h.p.s', claims: claims(first) } });
  });

  it('starts with nobody active, and points at a key or at nothing', async () => {
    const slots = new MemorySessionSlots();
    expect(await slots.getActive()).to.equal(undefined);
    await slots.setActive('account:b');
    expect(await slots.getActive()).to.equal('account:b');
    await slots.setActive(undefined);
    expect(await slots.getActive()).to.equal(undefined);
  });

  it('makes a given store the default slot', async () => {
    const given = new MemorySessionStore();
    await given.save({ claims: claims(first) });
    const slots = new MemorySessionSlots(given);
    expect(slots.slot(DEFAULT_SESSION_KEY)).to.equal(given);
    expect(await slots.keys()).to.deep.equal(['current']);
    expect(await slots.list()).to.deep.equal({ current: { claims: claims(first) } });
    expect(await new MemorySessionSlots().keys()).to.deep.equal([]);
  });
});

describe('createSessionSlots', () => {
  it('keeps a given store as the default slot of memory slots, IndexedDB or not', async () => {
    const given = new MemorySessionStore();
    const slots = createSessionSlots(given);
    expect(slots).to.be.instanceOf(MemorySessionSlots);
    expect(slots.slot(DEFAULT_SESSION_KEY)).to.equal(given);
  });

  it('uses IndexedDB where the page has it, memory elsewhere', async () => {
    const slots = createSessionSlots();
    const hasIndexedDb = typeof (globalThis as { indexedDB?: unknown }).indexedDB === 'object';
    expect(slots).to.be.instanceOf(hasIndexedDb ? IndexedDbSessionSlots : MemorySessionSlots);
    if (!hasIndexedDb) {
      // Node: the default slot is the process's one in-memory store, which SigningSession.restore reads.
      expect(runtime).to.equal('node');
      expect(slots.slot(DEFAULT_SESSION_KEY)).to.equal(createSessionSlots().slot(DEFAULT_SESSION_KEY));
    } else await (slots as IndexedDbSessionSlots).close();
  });
});
