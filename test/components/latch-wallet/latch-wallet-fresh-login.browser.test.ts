// The wallet's account lists across the same user's fresh login, in Chromium against the
// emulator. A list asked with one session and answered after the kit holds the same user's next
// session object (a step-up's login; a page's restore that raced the login, the e2e approvals
// flake) is still that user's accounts: nothing lists again after a same-user change, so an
// answer dropped then left <latch-wallet> on "Loading…" with no export section for good. The
// first list's answer is held here until the fresh login has reached the elements.
// (<latch-wallet-export> alone lists again on a same-user change while idle, so it is not the case.)
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchWallet } from '../../../components/latch-wallet/latch-wallet.ts';
import { LatchWalletAddAccount } from '../../../components/latch-wallet-add-account/latch-wallet-add-account.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { resetConfig } from '../support/helpers.ts';
import { latestCode } from '../support/emulator-kit.ts';
import { emulatorKit, logIn, type LoggedIn } from '../support/kit-login.ts';
import { find } from '../support/shadow.ts';

LatchWallet.define();
LatchWalletAddAccount.define();

const kits: LatchKit[] = [];
afterEach(() => {
  resetConfig();
  for (const kit of kits.splice(0)) kit.dispose();
});

/** A fetch that, once armed, holds the next account listing until `release()`. */
function listingGate() {
  let armed = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const held = new Promise<void>((resolve) => (seen = resolve));
  const fetcher: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (armed && url.endsWith('/list_wallet_accounts')) {
      armed = false;
      seen();
      await released;
    }
    return fetch(input, init);
  };
  return { fetcher, arm: () => (armed = true), held, release };
}

/** The same user logs in again (a step-up's fresh login): a new session object, the same user. */
async function freshLogin(user: LoggedIn): Promise<void> {
  const { otpId } = await user.kit.startOtp('OTP_TYPE_EMAIL', user.contact);
  await user.kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: user.contact, otpId, otpCode: await latestCode(user.contact), reauthenticate: true });
  expect(user.kit.session).to.not.equal(user.session);
}

describe('wallet lists across the same user\'s fresh login', () => {
  it('<latch-wallet> shows the accounts and the export section from the list asked before the fresh login', async () => {
    const gate = listingGate();
    const user = await logIn(await emulatorKit(gate.fetcher));
    kits.push(user.kit);
    gate.arm();
    const el = await fixture<LatchWallet>(html`<latch-wallet tools-open .kit=${user.kit}></latch-wallet>`);
    await gate.held;
    await freshLogin(user);
    await el.updateComplete; // the sections have seen the fresh session
    gate.release();
    await waitUntil(() => find(el, '[part~="export-start"]'), 'the export section shows', { timeout: 10_000 });
    expect(el.shownAccounts.map((a) => a.walletId)).to.deep.equal([user.walletId]);
  });

  it('<latch-wallet-add-account> alone offers the wallet it listed before the fresh login', async () => {
    // (Alone, the sections list the accounts themselves; this one keeps what it shows on a
    // same-user change, as sign and send do, so the answer it asked for is all it gets.)
    const gate = listingGate();
    const user = await logIn(await emulatorKit(gate.fetcher));
    kits.push(user.kit);
    gate.arm();
    const el = await fixture<LatchWalletAddAccount>(html`<latch-wallet-add-account .kit=${user.kit}></latch-wallet-add-account>`);
    await gate.held;
    await freshLogin(user);
    await el.updateComplete;
    gate.release();
    await waitUntil(() => find(el, '[part~="add-submit"]'), 'the Add account button shows', { timeout: 10_000 });
  });
});
