// Logout that ends the session on the service (issue 13, part 4), against a real emulator: after
// logout() a request stamped with the old session key is refused (its API key is gone there);
// with `everywhere`, another device's session key is refused too while a non-expiring key the user
// made stays; offline, the logout still clears everything here and reports the remote failure.
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { generateSigningKeyPair, keyIdOf } from '../../../src/keys/key-pair.ts';
import type { StoredKey } from '../../../src/keys/key-store.ts';
import { otpLogin, whoamiWith, refusedAsUnknownKey, record, startEmulator, type TestEmulator, emulatorKitOptions } from './kit-emulator-support.ts';

let t: TestEmulator;
let n = 0;
const nextEmail = () => `logout.${++n}.${Date.now()}@example.com`;

const kitOptions = (overrides: Partial<LatchKitOptions> = {}): LatchKitOptions => emulatorKitOptions(t, overrides);

/** The session's key, kept by the test (the kit deletes its own copy at logout). */
async function keyOf(kit: LatchKit, keyStore: MemoryKeyStore): Promise<StoredKey> {
  const key = await keyStore.get(kit.session!.publicKey);
  assert.ok(key);
  return key;
}

describe('logout ends the session on the service', () => {
  before(async () => {
    t = await startEmulator();
  });
  after(() => t.emulator.stop());
  beforeEach(() => {
    endFlow();
    setSession(null);
  });

  it('deletes the session key there: a request stamped with the old key is refused; the result and the event say "deleted"', async () => {
    const keyStore = new MemoryKeyStore();
    const kit = new LatchKit(kitOptions({ keyStore }));
    const login = await otpLogin(t, kit, nextEmail());
    const org = login.session.summary!.organizationId;
    const key = await keyOf(kit, keyStore);
    assert.equal((await whoamiWith(t, key, org)).organizationId, org);
    const events = record(kit);

    assert.deepEqual(await kit.logout(), { remote: 'deleted' });
    assert.deepEqual(events, [{ type: 'logout', detail: { reason: 'user', remote: 'deleted' } }]);
    assert.deepEqual(await keyStore.list(), []);
    await assert.rejects(whoamiWith(t, key, org), refusedAsUnknownKey);
    assert.deepEqual(await kit.logout(), { remote: 'none' });
  });

  it('with everywhere: true, another device\'s session key is refused too; a non-expiring key the user made stays', async () => {
    const email = nextEmail();
    const storeA = new MemoryKeyStore();
    const storeB = new MemoryKeyStore();
    const a = new LatchKit(kitOptions({ keyStore: storeA }));
    const b = new LatchKit(kitOptions({ keyStore: storeB }));
    const loginA = await otpLogin(t, a, email);
    const loginB = await otpLogin(t, b, email);
    const org = loginA.session.summary!.organizationId;
    assert.equal(loginB.session.summary!.userId, loginA.session.summary!.userId, 'one user, two devices');
    const keyA = await keyOf(a, storeA);
    const keyB = await keyOf(b, storeB);
    // A key the user makes on purpose, without an expiry (a server's key, say).
    const pair = await generateSigningKeyPair();
    const lasting = { id: await keyIdOf(pair.publicKey), privateKey: pair.privateKey };
    await loginA.session.createApiKeys([{ apiKeyName: 'server', publicKey: lasting.id, curveType: 'API_KEY_CURVE_P256' }]);

    // Without everywhere, only this session's key goes: first show B's survives a plain logout of a third session.
    const c = new LatchKit(kitOptions());
    await otpLogin(t, c, email);
    assert.deepEqual(await c.logout(), { remote: 'deleted' });
    assert.equal((await whoamiWith(t, keyB, org)).organizationId, org);

    assert.deepEqual(await a.logout({ everywhere: true }), { remote: 'deleted' });
    await assert.rejects(whoamiWith(t, keyA, org), refusedAsUnknownKey);
    await assert.rejects(whoamiWith(t, keyB, org), refusedAsUnknownKey);
    assert.equal((await whoamiWith(t, lasting, org)).organizationId, org);
    // B learns on its next request; its own logout then clears it here: the key is already gone there.
    await assert.rejects(loginB.session.whoami(), refusedAsUnknownKey);
    assert.deepEqual(await b.logout(), { remote: 'deleted' });
    assert.equal(b.session, null);
    assert.deepEqual(await storeB.list(), []);
  });

  it('offline: clears the key and the saved session here anyway and reports the remote failure (the key lives on the service)', async () => {
    const keyStore = new MemoryKeyStore();
    const sessionStore = new MemorySessionStore();
    let offline = false;
    const fetchOrNot: typeof fetch = (input, init) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init));
    const kit = new LatchKit(kitOptions({ keyStore, sessionStore, fetch: fetchOrNot }));
    const login = await otpLogin(t, kit, nextEmail());
    const org = login.session.summary!.organizationId;
    const key = await keyOf(kit, keyStore);
    const events = record(kit);

    offline = true;
    const result = await kit.logout();
    assert.equal(result.remote, 'failed');
    assert.ok(isLatchError(result.error, 'ERR_NETWORK_FAILED'), String(result.error));
    assert.equal(kit.session, null);
    assert.equal(login.session.active, false);
    assert.deepEqual(await keyStore.list(), []);
    assert.equal(await sessionStore.load(), undefined);
    assert.equal(events.length, 1);
    assert.deepEqual(events[0], { type: 'logout', detail: { reason: 'user', remote: 'failed', error: result.error } });
    assert.ok(events.every((e) => e.type !== 'error'), 'a logout that ended here is no error');
    // Honest about what it could not do: the service still knows the key until it expires.
    assert.equal((await whoamiWith(t, key, org)).organizationId, org);
  });
});
