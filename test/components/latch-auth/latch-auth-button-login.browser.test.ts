// <latch-auth> hands a login over to the button inside that started it, in each engine against the
// emulator the test runner started: the methods (so the button) stay until the button's
// latch-login has crossed the drop-in, however late the kit's login resolves to the button; a
// button's failure lets them go too; a login the page makes itself shows the logged-in view.
// The button's kit call is wrapped to log in through the kit's OTP API (a real login against the
// emulator) and then to wait for the test, as a slow page or a busy machine would make it wait.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import type { LatchOauthButton } from '../../../components/latch-oauth-button/latch-oauth-button.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import type { LatchKit, LoginOutcome } from '../../../src/kit/latch-kit.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { resetConfig } from '../support/helpers.ts';
import { fakePopup, latestCode, parts, testKit, uniqueEmail } from './kit-support.ts';

LatchAuth.define();

/** Each wait covers a round trip to the emulator and a lazy chunk. */
const SLOW = { timeout: 5000 };

const account = (el: LatchAuth): Element | null => el.shadowRoot!.querySelector('[part="account"]');
const methods = (el: LatchAuth): Element | null => el.shadowRoot!.querySelector('[part~="methods"]');

/** A promise and its resolve. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** A login through the kit's OTP API: the session is the kit's when it resolves. */
async function otpLogin(kit: LatchKit): Promise<LoginOutcome> {
  const contact = uniqueEmail('auth.button');
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  return kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(contact) });
}

/** The drop-in on a kit whose popups are fake (never a redirect), its methods shown and Google's button prepared. */
async function dropIn(): Promise<{ kit: LatchKit; el: LatchAuth; google: LatchOauthButton }> {
  const kit = await testKit({ popupHost: { open: (url) => fakePopup(url), assign: () => expect.fail('no redirect expected') } });
  const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
  await waitUntil(() => methods(el), 'the methods show', SLOW);
  const google = parts<LatchOauthButton>(el, 'oauth-button')[0]!;
  await waitUntil(() => google.ready, 'the attempt is prepared', SLOW);
  return { kit, el, google };
}

/**
 * Lets `tasks` macrotasks run, then the render they asked for: longer than any hold by a number
 * of tasks (the defect this file guards against held the methods for one).
 */
async function manyTasks(el: LatchAuth, tasks = 5): Promise<void> {
  for (let i = 0; i < tasks; i++) await new Promise((resolve) => setTimeout(resolve));
  await el.updateComplete;
}

describe('<latch-auth> and the login of a button inside', () => {
  let stop = (): void => undefined;
  afterEach(() => {
    stop();
    resetConfig();
    endFlow();
  });

  it("the methods stay until the button's latch-login has reached the page, however late it comes", async () => {
    const { kit, el, google } = await dropIn();
    const arrived: EventTarget[] = [];
    const record = (event: Event): number => arrived.push(event.composedPath()[0]!);
    document.addEventListener('latch-login', record);
    stop = () => document.removeEventListener('latch-login', record);
    const loggedIn = gate();
    const release = gate();
    let outcome: LoginOutcome | undefined;
    kit.finishOAuth = async (pending) => {
      await kit.abandonOAuth(pending);
      outcome = await otpLogin(kit);
      loggedIn.open();
      await release.promise;
      return outcome;
    };
    google.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!.click();
    await loggedIn.promise;
    expect(kit.session?.active, 'the kit is logged in').to.equal(true);
    await manyTasks(el);
    expect(google.isConnected, 'the button is still shown').to.equal(true);
    expect(google.busy).to.equal(true);
    expect(account(el), 'no logged-in view yet').to.equal(null);
    expect(arrived).to.have.length(0);

    release.open();
    await waitUntil(() => arrived.length > 0, "the button's latch-login reached the page", SLOW);
    expect(arrived).to.have.length(1);
    expect(arrived[0] === google, 'dispatched by the button').to.equal(true);
    await waitUntil(() => account(el), 'then the logged-in view shows', SLOW);
    expect(google.isConnected).to.equal(false);
    expect(kit.session?.summary?.publicKey).to.equal(outcome!.session.summary!.publicKey);
  });

  it("a button's failure after a login elsewhere lets the methods go", async () => {
    const { kit, el, google } = await dropIn();
    const errors: Event[] = [];
    const record = (event: Event): number => errors.push(event);
    document.addEventListener('latch-error', record);
    stop = () => document.removeEventListener('latch-error', record);
    const loggedIn = gate();
    const release = gate();
    kit.finishOAuth = async (pending) => {
      await kit.abandonOAuth(pending);
      await otpLogin(kit); // as another tab's login would arrive meanwhile
      loggedIn.open();
      await release.promise;
      throw new LatchError('ERR_OAUTH_POPUP_CLOSED', 'The login window was closed.');
    };
    google.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!.click();
    await loggedIn.promise;
    await manyTasks(el);
    expect(google.isConnected, 'the button is still shown').to.equal(true);
    release.open();
    await waitUntil(() => account(el), 'the logged-in view shows once the button has failed', SLOW);
    expect(errors.map((e) => (e as CustomEvent<{ error: LatchError }>).detail.error.code)).to.deep.equal(['ERR_OAUTH_POPUP_CLOSED']);
  });

  it('a login the page makes through the kit, with no button busy, shows the logged-in view', async () => {
    const { kit, el, google } = await dropIn();
    await otpLogin(kit);
    await waitUntil(() => account(el), 'the logged-in view shows', SLOW);
    expect(google.isConnected).to.equal(false);
  });
});
