// Step-up in the browser against the test runner's emulator, whose `step-up` configuration wants
// a login in the last 2 s before a credential change: <latch-account>'s unlink is held back, the
// "Confirm it's you" box appears in it with focus, a code sent to the user's own email confirms,
// and the unlink then goes through with the fresh session. Escape gives up with the service's
// refusal shown. <latch-wallet-export>: a held export goes on after the code, the phrase shown.
// The box alone: axe, a wrong code, Arabic right to left.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchAccount } from '../../../components/latch-account/latch-account.ts';
import { LatchStepUp } from '../../../components/latch-step-up/latch-step-up.ts';
import { LatchWalletExport } from '../../../components/latch-wallet-export/latch-wallet-export.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { deepActiveElement, pinBrowserLanguages, recordEvents, resetConfig } from '../support/helpers.ts';
import { has, part, parts, text } from '../support/shadow.ts';
import { codeNumber, disposeKits, ETH_ACCOUNT, signUpWithKit, testKit, uniqueEmail } from '../support/emulator-kit.ts';
import { untilLoginOlderThan } from '../../support/login-age.ts';

LatchAccount.define();
LatchStepUp.define();
LatchWalletExport.define();
pinBrowserLanguages(['en-US']);

/** The `step-up` configuration's window (test/support/emulator-plugin.mjs). */
const STEP_UP_WINDOW_S = 2;

/** A user of the `step-up` configuration with a linked OAuth login (made while the login is fresh). */
async function userWithLink(): Promise<{ kit: LatchKit; email: string; loggedInAt: number }> {
  const kit = await testKit({ configId: 'step-up' });
  const email = uniqueEmail('step-up');
  await signUpWithKit(kit, { email });
  const loggedInAt = Date.now();
  const session = kit.session!;
  await session.submit('create_oauth_providers', {
    userId: session.summary!.userId,
    oauthProviders: [{ providerName: 'google', oidcClaims: { iss: 'https://accounts.example', sub: `google-${crypto.randomUUID()}`, aud: 'latchkey' } }],
  });
  return { kit, email, loggedInAt };
}

async function accountOf(kit: LatchKit): Promise<LatchAccount> {
  const el = await fixture<LatchAccount>(html`<latch-account .kit=${kit}></latch-account>`);
  await waitUntil(() => parts(el, 'provider').length === 1, 'the account did not show', { timeout: 10_000 });
  return el;
}

/** Waits until the login is older than the configuration's 2 s, then presses the linked login's Unlink. */
async function unlinkWhenStale(el: LatchAccount, loggedInAt: number): Promise<LatchStepUp> {
  await untilLoginOlderThan(loggedInAt, STEP_UP_WINDOW_S);
  parts(el, 'provider')[0]!.querySelector<HTMLButtonElement>('[part="remove"]')!.click();
  await waitUntil(() => has(el, 'step-up'), 'no step-up box', { timeout: 10_000 });
  const box = part<LatchStepUp>(el, 'step-up');
  await waitUntil(() => has(box, 'email'), 'no ways to confirm', { timeout: 10_000 });
  return box;
}

describe('<latch-step-up>', () => {
  afterEach(() => {
    disposeKits();
    setSession(null);
    endFlow();
    resetConfig();
  });

  it('in <latch-account>: a held unlink asks to confirm; a code to the own email confirms and the unlink goes through', async () => {
    const { kit, email, loggedInAt } = await userWithLink();
    const el = await accountOf(kit);
    const before = kit.session!.publicKey;
    const box = await unlinkWhenStale(el, loggedInAt);
    await expect(box).to.be.accessible();
    expect(text(part(box, 'title'))).to.equal('Confirm it’s you');
    expect(text(part(box, 'email'))).to.equal(`Email a code to ${email}`);
    expect(has(box, 'passkey')).to.equal(false); // no passkey on this account
    await waitUntil(() => deepActiveElement() === part(box, 'email'), 'focus did not move into the box', { timeout: 2_000 });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => has(box, 'code-input'), 'no code step', { timeout: 10_000 });
    await waitUntil(() => deepActiveElement() === part(box, 'code-input'), 'the code field was not focused', { timeout: 2_000 });
    expect(text(part(box, 'message'))).to.equal(`We sent a code to ${email}.`);
    await sendKeys({ type: await codeNumber(email, 2) });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => parts(el, 'provider').length === 0, 'the unlink did not go through', { timeout: 10_000 });
    expect(has(el, 'step-up')).to.equal(false);
    expect(kit.session!.publicKey).to.not.equal(before);
    expect(text(part(el, 'error'))).to.equal('');
  });

  it('Escape gives up: the box goes, the refusal is shown and reported, nothing changed', async () => {
    const { kit, loggedInAt } = await userWithLink();
    const el = await accountOf(kit);
    const errors = recordEvents(el, ['latch-error']);
    const box = await unlinkWhenStale(el, loggedInAt);
    const cancels = recordEvents(box, ['latch-step-up-cancel']);
    await waitUntil(() => deepActiveElement() === part(box, 'email'), 'focus did not move into the box', { timeout: 2_000 });
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !has(el, 'step-up'), 'the box stayed', { timeout: 5_000 });
    expect(cancels.events).to.have.length(1);
    await waitUntil(() => errors.events.length === 1, 'no refusal reported', { timeout: 5_000 });
    expect((errors.events[0] as CustomEvent).detail.error.code).to.equal('ERR_STEP_UP_REQUIRED');
    expect(text(part(el, 'error'))).to.equal('This needs a recent login. Confirm it’s you, then try again.');
    expect(parts(el, 'provider')).to.have.length(1);
  });

  it('in <latch-wallet-export>: a held export asks to confirm, then reveals the phrase with the fresh session', async () => {
    const kit = await testKit({ configId: 'step-up' });
    const email = uniqueEmail('step-up-export');
    await signUpWithKit(kit, { email, wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT] } });
    const loggedInAt = Date.now();
    const el = await fixture<LatchWalletExport>(html`<latch-wallet-export .kit=${kit}></latch-wallet-export>`);
    await waitUntil(() => has(el, 'export-start'), 'the wallets did not load', { timeout: 10_000 });
    await untilLoginOlderThan(loggedInAt, STEP_UP_WINDOW_S);
    part(el, 'export-start').click();
    await el.updateComplete;
    part(el, 'export-confirm').click();
    await el.updateComplete;
    part(el, 'reveal').click();
    await waitUntil(() => has(el, 'step-up'), 'no step-up box', { timeout: 10_000 });
    const box = part<LatchStepUp>(el, 'step-up');
    await waitUntil(() => has(box, 'email'), 'no ways to confirm', { timeout: 10_000 });
    part(box, 'email').click();
    await waitUntil(() => has(box, 'code-input'), 'no code step', { timeout: 10_000 });
    part<HTMLInputElement>(box, 'code-input').value = await codeNumber(email, 2);
    part(box, 'confirm').click();
    await waitUntil(() => has(el, 'mnemonic'), 'the phrase was not shown', { timeout: 15_000 });
    expect(part(el, 'mnemonic').querySelectorAll('li')).to.have.length(12);
    expect(has(el, 'step-up')).to.equal(false);
  });

  it('alone: a wrong code is refused and stays; Arabic reads right to left', async () => {
    const kit = await testKit({ configId: 'step-up' });
    const email = uniqueEmail('step-up-alone');
    await signUpWithKit(kit, { email });
    const box = await fixture<LatchStepUp>(html`<latch-step-up .kit=${kit}></latch-step-up>`);
    await waitUntil(() => has(box, 'email'), 'no ways to confirm', { timeout: 10_000 });
    await expect(box).to.be.accessible();
    const done = recordEvents(box, ['latch-step-up', 'latch-error']);
    part(box, 'email').click();
    await waitUntil(() => has(box, 'code-input'), 'no code step', { timeout: 10_000 });
    part<HTMLInputElement>(box, 'code-input').value = '000000';
    part(box, 'confirm').click();
    await waitUntil(() => text(part(box, 'error')) !== '', 'a wrong code was taken', { timeout: 10_000 });
    expect(text(part(box, 'error'))).to.equal('That code is not right. Check it and try again.');
    expect(has(box, 'code-input')).to.equal(true);
    part<HTMLInputElement>(box, 'code-input').value = await codeNumber(email, 2);
    part(box, 'confirm').click();
    await waitUntil(() => done.events.some((e) => e.type === 'latch-step-up'), 'not confirmed', { timeout: 10_000 });
    const detail = (done.events.find((e) => e.type === 'latch-step-up') as CustomEvent).detail;
    expect(detail.method).to.equal('email');
    expect(detail.session).to.equal(kit.session);

    const arabic = await fixture<LatchStepUp>(html`<latch-step-up locale="ar" .kit=${kit}></latch-step-up>`);
    await waitUntil(() => has(arabic, 'email'), 'no ways to confirm', { timeout: 10_000 });
    expect(arabic.getAttribute('dir')).to.equal('rtl');
    expect(text(part(arabic, 'title'))).to.equal('أكّد أنك أنت');
    expect(text(part(arabic, 'cancel'))).to.not.equal('Cancel');
    await expect(arabic).to.be.accessible();
  });
});
