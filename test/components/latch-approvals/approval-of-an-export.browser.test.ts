// Issue 13 part 1 end to end against the emulator, with two people and two kits that share
// nothing (separate key and session stores, no session channel): a policy needs two approvals
// for a wallet export. Bob, a second user of the organization logged in by email code, asks to
// export in <latch-wallet>: it shows that the export waits and its fingerprint. The root user,
// in <latch-approvals>, finds that request and approves it. Bob's element then shows the phrase
// without a reload, decrypted with the key it made for that export: the root user's own
// export of the wallet gives the same phrase.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { before, describe, it } from '../../support/harness.ts';
import { LatchApprovals } from '../../../components/latch-approvals/latch-approvals.ts';
import type { LatchApprovalEvent } from '../../../components/latch-approvals/approval-events.ts';
import { LatchWallet } from '../../../components/latch-wallet/latch-wallet.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { announced, emulatorKit, logIn, parts, text, type LoggedIn } from '../support/kit-login.ts';
import { latestCode } from '../support/emulator-kit.ts';
// <latch-wallet> is made of section elements: its parts are found through their shadow roots too.
import { deepPart, find } from '../support/shadow.ts';

LatchApprovals.define();
LatchWallet.define();

describe('an export held for approval: <latch-wallet> waits, <latch-approvals> approves', () => {
  let root: LoggedIn;
  let bobKit: LatchKit;

  /** Bob's <latch-wallet>, its export asked for and confirmed: it waits for approval. */
  async function bobAsksToExport(): Promise<LatchWallet> {
    const wallet = await fixture<LatchWallet>(html`<latch-wallet tools-open .kit=${bobKit}></latch-wallet>`);
    await waitUntil(() => find(wallet, '[part~="export-start"]'), 'bob\'s wallet shows', { timeout: 10_000 });
    deepPart(wallet, 'export-start').click();
    await wallet.updateComplete;
    deepPart(wallet, 'export-confirm').click();
    await wallet.updateComplete;
    deepPart(wallet, 'reveal').click();
    await waitUntil(() => find(wallet, '[part~="export-pending"]'), 'the export waits for approval', { timeout: 10_000 });
    return wallet;
  }

  before(async () => {
    root = await logIn();
    const bobEmail = `bob.${crypto.randomUUID()}@example.com`;
    await root.session.submit('create_users', {
      users: [{ userName: 'bob', userEmail: bobEmail, userTags: [], apiKeys: [], authenticators: [], oauthProviders: [] }],
    });
    await root.session.submit('create_policies', {
      policies: [{ policyName: 'exports need two', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'WALLET' && activity.action == 'EXPORT'", consensus: 'approvers.count() >= 2', notes: '' }],
    });
    bobKit = await emulatorKit();
    const { otpId } = await bobKit.startOtp('OTP_TYPE_EMAIL', bobEmail);
    const outcome = await bobKit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: bobEmail, otpId, otpCode: await latestCode(bobEmail) });
    expect(outcome.session.summary?.organizationId).to.equal(root.session.summary?.organizationId);
  });

  it('bob\'s export waits with its fingerprint shown; the root user approves it; bob sees the phrase', async () => {
    const wallet = await bobAsksToExport();
    const fingerprint = text(deepPart(wallet, 'export-fingerprint'));
    expect(fingerprint).to.match(/\S{16,}/);
    expect(announced(wallet)).to.include('This export needs another approval.');
    await expect(wallet).to.be.accessible();

    const approvals = await fixture<LatchApprovals>(html`<latch-approvals .kit=${root.kit}></latch-approvals>`);
    await waitUntil(() => parts(approvals, 'item').length === 1, 'the root user sees the request', { timeout: 10_000 });
    const item = parts(approvals, 'item')[0]!;
    expect(text(item.querySelector('[part~="type"]'))).to.equal('Export wallet');
    expect(text(item.querySelector('[part~="requester"]'))).to.equal('bob');
    expect(text(item.querySelector('[part~="fingerprint"]'))).to.equal(fingerprint);
    const decided = oneEvent(approvals, 'latch-approval') as Promise<LatchApprovalEvent>;
    item.querySelector<HTMLButtonElement>('[part~="approve"]')!.click();
    expect((await decided).detail.activity.status).to.equal('ACTIVITY_STATUS_COMPLETED');

    await waitUntil(() => find(wallet, '[part~="mnemonic"]'), 'bob\'s phrase shows', { timeout: 15_000 });
    const words = Array.from(deepPart(wallet, 'mnemonic').querySelectorAll('li'), (li) => text(li)).join(' ');
    expect(find(wallet, '[part~="export-pending"]')).to.equal(null);
    expect(words).to.equal(await root.session.exportWallet(root.walletId));
  });

  it('a rejection ends bob\'s wait with the reason and the next step; nothing is shown', async () => {
    const wallet = await bobAsksToExport();
    const fingerprint = text(deepPart(wallet, 'export-fingerprint'));
    await root.session.submit('reject_activity', { fingerprint });
    await waitUntil(() => !find(wallet, '[part~="export-pending"]'), 'the wait ends', { timeout: 15_000 });
    await waitUntil(() => text(find(wallet, '[part~="error"]')) !== '', 'the reason shows', { timeout: 5000 });
    expect(text(deepPart(wallet, 'error'))).to.equal('The request was rejected. Check it and try again.');
    expect(find(wallet, '[part~="mnemonic"]')).to.equal(null);
  });
});
