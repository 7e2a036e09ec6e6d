// <latch-auth> while someone is logged in, in each engine against the emulator the test runner
// started: the logged-in view after a code login (who, Continue, Log out, focus, announcements),
// after a reload (a session an earlier page load left), a logout in another tab, the
// hide-when-logged-in attribute, the modal's show() while logged in, and each locale.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { LatchContinueEvent } from '../../../components/latch-auth/latch-continue-event.ts';
import { deepActiveElement } from '../../../components/internal/focus.ts';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { BroadcastSessionChannel } from '../../../src/session/session-channel.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { recordEvents, resetConfig } from '../support/helpers.ts';
import { kitOptions, latestCode, part, text, uniqueEmail } from './kit-support.ts';

LatchAuth.define();

/** Each wait covers a round trip to the emulator and a lazy chunk: more than waitUntil's 1 s default on a busy machine. */
const SLOW = { timeout: 5000 };

const kits: LatchKit[] = [];

/** A kit on the emulator; kits made from the same `shared` options are two tabs of one browser. */
async function tabKit(shared: Partial<LatchKitOptions>): Promise<LatchKit> {
  const kit = new LatchKit(await kitOptions(shared));
  kits.push(kit);
  return kit;
}

/**
 * What the tabs of one browser share: the key and session stores, and a session channel's name
 * (each tab opens its own channel on it, as each page does).
 */
function browser(): () => Partial<LatchKitOptions> {
  const shared = { keyStore: new MemoryKeyStore(), sessionStore: new MemorySessionStore() };
  const name = `latch-auth-test-${crypto.randomUUID()}`;
  return () => ({ ...shared, sessionChannel: new BroadcastSessionChannel({ name }) });
}

/** Signs up `email` through the kit's API (not the element), in an organization named `organizationName` if given. */
async function signUp(kit: LatchKit, email: string, organizationName?: string): Promise<void> {
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', email);
  await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: email, otpId, otpCode: await latestCode(email), ...(organizationName ? { signup: { organizationName } } : {}) });
}

const account = (el: LatchAuth): HTMLElement | null => el.shadowRoot!.querySelector('[part="account"]');
const methods = (el: LatchAuth): HTMLElement | null => el.shadowRoot!.querySelector('[part~="methods"]');

async function accountShown(el: LatchAuth, name?: string): Promise<HTMLElement> {
  const named = (): boolean => !name || text(el.shadowRoot!.querySelector('[part="account-name"]')).includes(name);
  await waitUntil(() => account(el) && named(), 'the logged-in view shows', SLOW);
  return account(el)!;
}

describe('<latch-auth> logged in', () => {
  afterEach(() => {
    resetConfig();
    endFlow();
    kits.splice(0).forEach((kit) => kit.dispose());
  });

  it('after a code login: who is logged in, focus on Continue, latch-continue; Log out brings the methods back, announced', async () => {
    const kit = await tabKit(browser()());
    const email = uniqueEmail('auth.loggedin');
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    await waitUntil(() => methods(el), 'the methods show', SLOW);
    part<HTMLInputElement>(el, 'form-email').querySelector('input')!.focus();
    await sendKeys({ type: email });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.shadowRoot!.querySelector('latch-otp-input'), 'the code step shows', SLOW);
    const login = oneEvent(el, 'latch-login');
    await sendKeys({ type: await latestCode(email) });
    await login;

    // The emulator's sign-up names the user after the address they signed up with.
    await accountShown(el, email);
    expect(methods(el), 'no login form while logged in').to.equal(null);
    expect(text(part(el, 'title'))).to.equal('You are logged in');
    expect(text(part(el, 'account-name'))).to.equal(`Logged in as ${email}`);
    expect(text(part(el, 'avatar'))).to.equal(email[0]!.toUpperCase());
    expect(part(el, 'avatar').getAttribute('aria-hidden')).to.equal('true');
    // The sign-up named the organization after the address too: said once, not twice.
    expect(el.shadowRoot!.querySelector('[part="account-organization"]')).to.equal(null);
    await waitUntil(() => deepActiveElement()?.getAttribute('part') === 'continue', 'Continue has focus', SLOW);
    await expect(el).to.be.accessible();

    const continued = oneEvent(el, 'latch-continue');
    await sendKeys({ press: 'Enter' });
    const event = await continued;
    expect(event).to.be.instanceOf(LatchContinueEvent);
    expect(event.detail.session).to.deep.equal(kit.session!.summary);

    // One account: Continue, "Use another account", Log out (no switch, no log out of all).
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()?.getAttribute('part')).to.equal('another-account');
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()?.getAttribute('part')).to.equal('logout');
    expect(el.shadowRoot!.querySelector('[part="switch-account"], [part="logout-all"]'), 'no switch with one account').to.equal(null);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => methods(el), 'the methods show again', SLOW);
    expect(kit.session).to.equal(null);
    await waitUntil(() => text(part(el, 'status')) === 'You logged out.', 'the logout is announced', SLOW);
    expect(part(el, 'status').getAttribute('role')).to.equal('status');
    expect(text(part(el, 'title'))).to.equal('Log in or sign up');
    await waitUntil(() => deepActiveElement()?.id === 'email', 'focus is on the first method', SLOW);
  });

  it('a session an earlier page load left shows at load; another tab\'s logout brings the methods back, announced as news', async () => {
    const tab = browser();
    const email = uniqueEmail('auth.reload');
    await signUp(await tabKit(tab()), email, 'Acme Research');

    const reloaded = await tabKit(tab());
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${reloaded}></latch-auth>`);
    await accountShown(el, email);
    expect(text(part(el, 'account-organization'))).to.equal('Acme Research');
    expect(reloaded.session?.active).to.equal(true);
    // A reload is not a login: focus is left where the page has it.
    expect(deepActiveElement()?.getAttribute('part')).to.not.equal('continue');

    await kits[0]!.logout();
    await waitUntil(() => methods(el), 'the methods show after the other tab logged out', SLOW);
    await waitUntil(() => text(part(el, 'status')) === 'You are logged out: log in again to continue.', 'the end is announced', SLOW);
  });

  it('without the user\'s name (whoami fails) "You are logged in" shows once, as the title; Log out is busy until the session is gone', async () => {
    const shared = browser()();
    const email = uniqueEmail('auth.noname');
    await signUp(await tabKit(shared), email);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const kit = await tabKit({
      ...shared,
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('whoami')) throw new TypeError('offline');
        if (url.includes('logout') || url.includes('delete_api_keys') || url.includes('delete_session')) await gate;
        return fetch(input, init);
      },
    });
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    await accountShown(el);
    await el.updateComplete;
    expect(text(part(el, 'title'))).to.equal('You are logged in');
    expect(el.shadowRoot!.querySelector('[part="account-name"]'), 'no second "You are logged in"').to.equal(null);
    expect(el.shadowRoot!.textContent!.split('You are logged in').length - 1, 'said once').to.equal(1);

    part(el, 'logout').click();
    await el.updateComplete;
    expect(part(el, 'logout').getAttribute('aria-busy'), 'busy while logging out').to.equal('true');
    release();
    await waitUntil(() => methods(el), 'the methods show after the logout', SLOW);
    await waitUntil(() => text(part(el, 'status')) === 'You logged out.', 'the logout is announced', SLOW);
  });

  it('hide-when-logged-in renders nothing while logged in, and the methods after a logout', async () => {
    const kit = await tabKit(browser()());
    await signUp(kit, uniqueEmail('auth.hide'));
    const el = await fixture<LatchAuth>(html`<latch-auth hide-when-logged-in .kit=${kit}></latch-auth>`);
    await el.updateComplete;
    await waitUntil(() => kit.session !== null, 'the session is there', SLOW);
    await el.updateComplete;
    expect(el.shadowRoot!.childElementCount, 'nothing rendered').to.equal(0);
    expect(el.getBoundingClientRect().height).to.equal(0);
    await kit.logout();
    await waitUntil(() => methods(el), 'the methods show after the logout', SLOW);
  });

  it('modal: show() while logged in shows the logged-in view; Continue closes it', async () => {
    const kit = await tabKit(browser()());
    const email = uniqueEmail('auth.modal.loggedin');
    await signUp(kit, email);
    const el = await fixture<LatchAuth>(html`<latch-auth modal .kit=${kit}></latch-auth>`);
    el.show();
    await accountShown(el, email);
    const log = recordEvents(el, ['latch-continue', 'latch-cancel']);
    part(el, 'continue').click();
    await el.updateComplete;
    expect(el.open).to.equal(false);
    expect(log.events.map((e) => e.type)).to.deep.equal(['latch-continue']);
    log.stop();
  });

  it('speaks Spanish and Arabic (right to left) in the logged-in view', async () => {
    const kit = await tabKit(browser()());
    const email = uniqueEmail('auth.locale');
    await signUp(kit, email);
    const es = await fixture<LatchAuth>(html`<latch-auth locale="es" .kit=${kit}></latch-auth>`);
    await accountShown(es, email);
    expect(text(part(es, 'title'))).to.equal('Has iniciado sesión');
    expect(text(part(es, 'continue'))).to.equal('Continuar');

    const ar = await fixture<LatchAuth>(html`<latch-auth locale="ar" .kit=${kit}></latch-auth>`);
    await accountShown(ar, email);
    expect(getComputedStyle(part(ar, 'account')).direction).to.equal('rtl');
    expect(text(part(ar, 'title'))).to.equal('لقد سجّلت الدخول');
    expect(text(part(ar, 'continue'))).to.equal('متابعة');
    await expect(ar).to.be.accessible();
  });
});
