// A page's session restore that is still reading the store when a login lands (a slow start under
// load: the elements ask for the earlier page's session as they connect). The login saves its
// session in the slot before it makes its account active and attaches it, so a restore reading in
// between finds the login's own session. It must not attach that copy: the kit would hand the
// pages two session objects of one login, one after the other, and <latch-wallet>'s account list,
// asked with the first, dropped its answer when the second arrived and never listed again (the
// e2e approvals test's missing export button, reproduced with the restore held until the login
// saved). Against a real emulator; the login's "make the account active" write is held open
// while the restore runs, which is the window, widened.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { MemorySessionSlots } from '../../../src/session/session-slots.ts';
import { $session } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { emulatorKitOptions, latestCode, startEmulator, type TestEmulator } from './kit-emulator-support.ts';

let t: TestEmulator;

/** Slots whose next `setActive` (the login's bookkeeping) runs `during` first and waits for it. */
class HeldSlots extends MemorySessionSlots {
  during: (() => Promise<void>) | undefined;
  override async setActive(sessionKey: string | undefined): Promise<void> {
    const during = this.during;
    this.during = undefined;
    await during?.();
    return super.setActive(sessionKey);
  }
}

/** Lets every promise callback already queued run (the stores here are in memory: no I/O to wait for). */
const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a restore that reads the store while a login is being attached', () => {
  before(async () => {
    t = await startEmulator();
  });
  after(() => t.emulator.stop());

  it('resolves with the login\'s own session; the kit never holds another session object for that login', async () => {
    const slots = new HeldSlots();
    const kit = new LatchKit(emulatorKitOptions(t, { sessionSlots: slots, sessionStore: undefined }));
    const held: SigningSession[] = [];
    // $session changes as the kit attaches a session; the kit's field is set in the same task.
    const stop = $session.listen(() => queueMicrotask(() => kit.session && held.push(kit.session)));
    let restoring: Promise<SigningSession | null> | undefined;
    slots.during = async () => {
      // The login's session is saved in the slot by now, with its key in the key store.
      assert.equal(Object.keys(await slots.list()).length, 1);
      restoring = kit.restoreSession();
      // The restore reads memory only: after this, it has either attached what it read or is waiting.
      for (let i = 0; i < 5; i++) await drain();
    };
    try {
      const contact = `restore-login.${Date.now()}@example.com`;
      const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
      const outcome = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact) });
      assert.ok(restoring, 'the restore ran inside the login');
      const restored = await restoring;
      await drain();
      assert.equal(held.length, 1, `one session object for one login, not ${held.length}`);
      assert.equal(held[0], outcome.session);
      assert.equal(restored, outcome.session, 'the restore resolves with the login\'s session');
      assert.equal(kit.session, outcome.session);
      assert.equal(outcome.session.active, true);
    } finally {
      stop();
      kit.dispose();
      endFlow();
    }
  });
});
