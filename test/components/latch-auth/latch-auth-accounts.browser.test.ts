// <latch-auth> with several accounts (issue 24), in each engine against the emulator the test
// runner started: "Use another account" shows the methods under the session (and back), a login
// there adds an account; the switch (a lazy chunk) lists both by name, moves with the arrow keys,
// makes the chosen one active (the kit then stamps as that user) and announces it; Log out ends
// one and the other shows; "Log out of all accounts"; Spanish and Arabic (right to left).
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { deepActiveElement } from '../../../components/internal/focus.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { resetConfig } from '../support/helpers.ts';
import { kitOptions, latestCode, part, text, uniqueEmail } from './kit-support.ts';

LatchAuth.define();

/** Each wait covers a round trip to the emulator and a lazy chunk. */
const SLOW = { timeout: 5000 };

const kits: LatchKit[] = [];

async function newKit(): Promise<LatchKit> {
  const kit = new LatchKit(await kitOptions());
  kits.push(kit);
  return kit;
}

async function signUp(kit: LatchKit, email: string): Promise<void> {
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', email);
  await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: email, otpId, otpCode: await latestCode(email) });
}

const query = (el: LatchAuth, selector: string): HTMLElement | null => el.shadowRoot!.querySelector(selector);
const named = (el: LatchAuth, name: string): boolean => text(query(el, '[part="account-name"]')).includes(name);

/** Logs in `email` through the element's email form. */
async function formLogin(el: LatchAuth, email: string): Promise<void> {
  await waitUntil(() => query(el, '[part~="form-email"] input'), 'the email form shows', SLOW);
  query(el, '[part~="form-email"] input')!.focus();
  await sendKeys({ type: email });
  await sendKeys({ press: 'Enter' });
  await waitUntil(() => el.shadowRoot!.querySelector('latch-otp-input'), 'the code step shows', SLOW);
  const login = oneEvent(el, 'latch-login');
  await sendKeys({ type: await latestCode(email) });
  await login;
}

/** A kit with `first` logged in, shown by `<latch-auth>`, then `second` added through "Use another account". */
async function twoAccounts(locale = 'en'): Promise<{ kit: LatchKit; el: LatchAuth; first: string; second: string }> {
  const kit = await newKit();
  const first = uniqueEmail('accounts.first');
  const second = uniqueEmail('accounts.second');
  await signUp(kit, first);
  const el = await fixture<LatchAuth>(html`<latch-auth locale=${locale} .kit=${kit}></latch-auth>`);
  await waitUntil(() => named(el, first), 'the first account shows', SLOW);
  expect(query(el, '[part="switch-account"]'), 'no switch with one account').to.equal(null);
  part(el, 'another-account').click();
  await waitUntil(() => query(el, '[part~="methods"]') && query(el, '[part="back-to-account"]'), 'the methods show under the session', SLOW);
  await formLogin(el, second);
  await waitUntil(() => named(el, second) && query(el, '[part="switch-account"]'), 'the second account shows, with a switch', SLOW);
  return { kit, el, first, second };
}

describe('<latch-auth> with several accounts', () => {
  afterEach(async () => {
    for (const kit of kits.splice(0)) {
      await (await kit.accounts()).logoutAll().catch(() => undefined);
      kit.dispose();
    }
    resetConfig();
    endFlow();
  });

  it('"Use another account" shows the methods (focus in them) and Back returns to the account in use', async () => {
    const kit = await newKit();
    const email = uniqueEmail('accounts.back');
    await signUp(kit, email);
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    await waitUntil(() => named(el, email), 'the account shows', SLOW);
    await expect(el).to.be.accessible();
    part(el, 'another-account').click();
    await waitUntil(() => query(el, '[part~="methods"]'), 'the methods show', SLOW);
    expect(text(part(el, 'title'))).to.equal('Log in or sign up');
    await waitUntil(() => deepActiveElement()?.closest?.('[part~="form-email"]') || deepActiveElement()?.tagName === 'INPUT', 'focus is in the methods', SLOW);
    await expect(el).to.be.accessible();
    part(el, 'back-to-account').click();
    await waitUntil(() => named(el, email) && deepActiveElement() === query(el, '[part="continue"]'), 'back, focus on Continue', SLOW);
    expect((await kit.accounts()).addingAccount, 'the next login replaces again').to.equal(false);
  });

  it('a login there adds an account; the switch lists both, moves with the arrows, switches and announces it; the kit stamps as the chosen user', async () => {
    const { kit, el, first, second } = await twoAccounts();
    const secondUser = kit.session!.summary!.userId;
    const toggle = part(el, 'switch-account');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    // Each row's name comes with its profile, read for each account after the list opens: wait
    // for both, not only the first (the current row once still said "Account 1" here).
    await waitUntil(() => {
      const list = text(query(el, '[part="accounts"]'));
      return el.shadowRoot!.querySelectorAll('[part="account-option"]').length === 2 && list.includes(first) && list.includes(second);
    }, 'both accounts listed by name', SLOW);
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(query(el, '[part="accounts"]')!.getAttribute('aria-label')).to.equal('Your accounts');
    const current = query(el, '[part="account-option"][aria-current="true"]')!;
    expect(text(current)).to.include(second);
    expect(deepActiveElement(), 'focus on the account in use').to.equal(current);
    await expect(el).to.be.accessible();

    await sendKeys({ press: 'ArrowDown' });
    const other = deepActiveElement() as HTMLElement;
    expect(other).to.not.equal(current);
    expect(text(other)).to.include(first);
    const switched = oneEvent(kit, 'session-switch');
    await sendKeys({ press: 'Enter' });
    await switched;
    await waitUntil(() => text(part(el, 'status')) === `Now using ${first}.`, 'the switch is announced', SLOW);
    await waitUntil(() => named(el, first), 'the first account shows', SLOW);
    expect(query(el, '[part="accounts"]'), 'the list closed').to.equal(null);
    expect(deepActiveElement()).to.equal(query(el, '[part="switch-account"]'));
    const who = await kit.session!.whoami();
    expect(who.userId).to.not.equal(secondUser);
    expect(who.username).to.equal(first);

    // Escape closes the list and gives focus back to the toggle.
    part(el, 'switch-account').click();
    await waitUntil(() => query(el, '[part="account-option"]'), 'the list shows', SLOW);
    await waitUntil(() => deepActiveElement()?.getAttribute('part') === 'account-option', 'focus in the list', SLOW);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !query(el, '[part="accounts"]') && deepActiveElement() === query(el, '[part="switch-account"]'), 'closed, focus on the toggle', SLOW);
  });

  it('Log out ends the account in use and the other shows; "Log out of all accounts" ends every one', async () => {
    const { kit, el, first, second } = await twoAccounts();
    part(el, 'logout').click();
    await waitUntil(() => named(el, first), 'the other account is in use', SLOW);
    expect(Object.values(await (await kit.accounts()).getAllSessions()).map((s) => s.active)).to.deep.equal([true]);
    expect(text(part(el, 'status'))).to.equal('You logged out.');
    expect(query(el, '[part="logout-all"]'), 'one account left: no "log out of all"').to.equal(null);
    expect(named(el, second)).to.equal(false);

    // Add one again, then log out of both.
    part(el, 'another-account').click();
    await formLogin(el, uniqueEmail('accounts.third'));
    await waitUntil(() => query(el, '[part="logout-all"]'), '"log out of all" shows', SLOW);
    part(el, 'logout-all').click();
    await waitUntil(() => query(el, '[part~="methods"]') && text(part(el, 'status')) === 'You logged out of every account.', 'every account ended, announced', SLOW);
    expect(kit.session).to.equal(null);
    expect(await (await kit.accounts()).getAllSessions()).to.deep.equal({});
  });

  it('speaks Spanish and Arabic (right to left)', async () => {
    const { el } = await twoAccounts('es');
    expect(text(part(el, 'another-account'))).to.equal('Usar otra cuenta');
    expect(text(part(el, 'switch-account'))).to.equal('Cambiar de cuenta');
    expect(text(part(el, 'logout-all'))).to.equal('Cerrar sesión en todas las cuentas');

    const ar = await twoAccounts('ar');
    expect(getComputedStyle(part(ar.el, 'account')).direction).to.equal('rtl');
    expect(text(part(ar.el, 'switch-account'))).to.equal('تبديل الحساب');
    part(ar.el, 'switch-account').click();
    await waitUntil(() => query(ar.el, '[part="accounts"]') && text(query(ar.el, '[part="accounts"]')).includes(ar.first), 'the list shows', SLOW);
    expect(query(ar.el, '[part="accounts"]')!.getAttribute('aria-label')).to.equal('حساباتك');
    expect(getComputedStyle(query(ar.el, '[part="account-option"]')!).textAlign).to.be.oneOf(['start', 'right']);
    await expect(ar.el).to.be.accessible();
  });
});
