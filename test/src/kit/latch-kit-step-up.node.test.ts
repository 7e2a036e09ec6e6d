// Step-up through the kit (issue 13, part 2), against a real emulator whose clock the test moves:
// an export from a session whose login is older than the window is refused as
// ERR_STEP_UP_REQUIRED; a fresh login of the same user (`reauthenticate`) replaces the session and
// the export then goes through; another account's login is refused as ERR_STEP_UP_USER and
// changes nothing (the session, the saved session, the keys).
import { describe, it, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createEmulator, type Emulator } from '../../../demo/emulator/emulator.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { ETH_WALLET, emulatorKitOptions, latestCode, record, type TestEmulator } from './kit-emulator-support.ts';

let t: TestEmulator;
let emulator: Emulator;
let offset = 0;
let n = 0;
const nextEmail = () => `step-up.${++n}.${Date.now()}@example.com`;
const ELEVEN_MINUTES = 11 * 60_000;

async function sendAndComplete(kit: LatchKit, contact: string, extra: { reauthenticate?: boolean; wallet?: boolean } = {}) {
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  const otpCode = await latestCode(t.urls, contact);
  return kit.completeOtp({
    otpType: 'OTP_TYPE_EMAIL',
    contact,
    otpId,
    otpCode,
    ...(extra.reauthenticate ? { reauthenticate: true } : {}),
    ...(extra.wallet ? { signup: { wallet: { ...ETH_WALLET, accounts: [...ETH_WALLET.accounts] } } } : {}),
  });
}

describe('LatchKit step-up: a fresh login of the same user before export', () => {
  before(async () => {
    emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, now: () => Date.now() + offset });
    const urls = await emulator.start();
    const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as TestEmulator['keys'];
    t = { emulator, urls, keys };
  });
  after(() => emulator.stop());
  afterEach(() => {
    setSession(null);
    endFlow();
  });

  it('a stale session is refused with ERR_STEP_UP_REQUIRED; reauthenticating replaces it and the export goes through', async () => {
    const keyStore = new MemoryKeyStore();
    const kit = new LatchKit(emulatorKitOptions(t, { keyStore }));
    const email = nextEmail();
    const { signup } = await sendAndComplete(kit, email, { wallet: true });
    const walletId = signup!.wallet!.walletId;
    const first = kit.session!;
    offset += ELEVEN_MINUTES;
    await assert.rejects(first.exportWallet(walletId), (error: { code?: string; status?: number }) => error.code === 'ERR_STEP_UP_REQUIRED' && error.status === 403);
    const events = record(kit);
    const { session } = await sendAndComplete(kit, email, { reauthenticate: true });
    assert.equal(kit.session, session);
    assert.notEqual(session.publicKey, first.publicKey);
    assert.equal(session.summary!.userId, first.summary!.userId);
    assert.deepEqual(events.map((e) => e.type), ['login']);
    const phrase = await session.exportWallet(walletId);
    assert.equal(phrase.split(' ').length, 12);
    // The replaced session's key is gone here.
    assert.deepEqual((await keyStore.list()).map((k) => k.id), [session.publicKey]);
    kit.dispose();
  });

  it("another account's login is refused with ERR_STEP_UP_USER: the session, the saved session and the keys stay", async () => {
    const keyStore = new MemoryKeyStore();
    const sessionStore = new MemorySessionStore();
    const kit = new LatchKit(emulatorKitOptions(t, { keyStore, sessionStore }));
    const other = nextEmail();
    const otherKit = new LatchKit(emulatorKitOptions(t));
    await sendAndComplete(otherKit, other);
    await sendAndComplete(kit, nextEmail());
    const mine = kit.session!;
    const saved = await sessionStore.load();
    await assert.rejects(sendAndComplete(kit, other, { reauthenticate: true }), { code: 'ERR_STEP_UP_USER' });
    assert.equal(kit.session, mine);
    assert.equal(mine.active, true);
    assert.deepEqual(await sessionStore.load(), saved);
    assert.deepEqual((await keyStore.list()).map((k) => k.id), [mine.publicKey]);
    kit.dispose();
    otherKit.dispose();
  });

  it('reauthenticating with nobody logged in is ERR_SESSION_MISSING; for a new address ERR_FLOW_STATE, no account made', async () => {
    const existing = nextEmail();
    const otherKit = new LatchKit(emulatorKitOptions(t));
    await sendAndComplete(otherKit, existing);
    const keyStore = new MemoryKeyStore();
    const kit = new LatchKit(emulatorKitOptions(t, { keyStore }));
    await assert.rejects(sendAndComplete(kit, existing, { reauthenticate: true }), { code: 'ERR_SESSION_MISSING' });
    const fresh = nextEmail();
    await assert.rejects(sendAndComplete(kit, fresh, { reauthenticate: true }), { code: 'ERR_FLOW_STATE' });
    assert.equal(emulator.state.read.users.findBy('email', existing.toLowerCase()).length, 1);
    assert.equal(emulator.state.read.users.findBy('email', fresh.toLowerCase()).length, 0);
    assert.equal(kit.session, null);
    assert.deepEqual(await keyStore.list(), []);
    kit.dispose();
    otherKit.dispose();
  });
});
