// <latch-auth>, the drop-in, in Chromium against the emulator the test runner started: exactly
// the configured methods in the right order, email and SMS OTP sign-up and login typed through
// the UI (codes read from the emulator's outbox), a wrong code, validation before sending, the
// modal dialog's semantics and keyboard, slots, parts, locale and theming.
import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import { after, afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { LatchCancelEvent } from '../../../components/latch-auth/latch-cancel-event.ts';
import { walletFromList } from '../../../components/latch-auth/latch-kit-element.ts';
import { LatchErrorEvent, LatchLoginEvent, LatchOtpResendEvent } from '../../../components/internal/events.ts';
import { deepActiveElement, tabbableElements } from '../../../components/internal/focus.ts';
import type { LatchOauthButton } from '../../../components/latch-oauth-button/latch-oauth-button.ts';
import type { LatchOtpInput } from '../../../components/latch-otp-input/latch-otp-input.ts';
import { $defaultKit, configure } from '../../../src/kit/configure.ts';
import type { LatchKit, LoginOutcome } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { $flow, endFlow } from '../../../src/state/flow-state.ts';
import { pinBrowserLanguages, pressWith, recordEvents, resetConfig } from '../support/helpers.ts';
import { consent, editingConfig, fakePopup, kitOptions, latestCode, part, parts, testKit, text, uniqueEmail, urls } from './kit-support.ts';
import { itNeeds } from '../../support/engine.ts';

LatchAuth.define();

/** Run after each test: removes what a test attached to the page by hand. */
const cleanups: Array<() => void> = [];

/** A drop-in on `kit`, once its methods show. */
async function auth(kit: LatchKit, template?: ReturnType<typeof html>): Promise<LatchAuth> {
  const el = await fixture<LatchAuth>(template ?? html`<latch-auth .kit=${kit}></latch-auth>`);
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show');
  return el;
}

/** The methods on screen, in order. */
function shownMethods(el: LatchAuth): string[] {
  return Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('form[data-method], latch-passkey-button, latch-oauth-button')).map((node) =>
    node.localName === 'form' ? node.dataset['method']! : node.localName === 'latch-passkey-button' ? 'passkey' : (node as LatchOauthButton).provider,
  );
}

const input = (el: LatchAuth, method: 'email' | 'sms'): HTMLInputElement => part<HTMLInputElement>(el, `form-${method}`).querySelector('input')!;

async function otpShown(el: LatchAuth): Promise<LatchOtpInput> {
  await waitUntil(() => el.shadowRoot?.querySelector('latch-otp-input'), 'the code step shows');
  const otp = el.shadowRoot!.querySelector('latch-otp-input')!;
  await otp.updateComplete;
  return otp;
}

/** Types `contact` into the method's field and presses Enter; resolves with the code step's input. */
async function sendCode(el: LatchAuth, method: 'email' | 'sms', contact: string): Promise<LatchOtpInput> {
  input(el, method).focus();
  await sendKeys({ type: contact });
  await sendKeys({ press: 'Enter' });
  return otpShown(el);
}

/** A test kit whose requests to `path` wait until `release()` (the rest go through `through`). */
async function holdingKit(path: string, through: typeof fetch = fetch): Promise<{ kit: LatchKit; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const kit = await testKit({
    fetch: async (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith(path)) await gate;
      return through(input, init);
    },
  });
  return { kit, release };
}

describe('<latch-auth>', () => {
  let restoreLanguages: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
  });
  after(() => restoreLanguages());
  afterEach(() => {
    resetConfig();
    endFlow();
    cleanups.splice(0).forEach((cleanup) => cleanup());
  });

  describe('accessibility', () => {
    it('passes axe with every method, in the code step, as an open modal and in Arabic', async () => {
      const el = await auth(await testKit());
      await expect(el).to.be.accessible();

      const otp = await sendCode(el, 'email', uniqueEmail('auth.axe'));
      expect(otp).to.be.instanceOf(HTMLElement);
      await expect(el).to.be.accessible();

      const modal = await auth(await testKit(), html`<latch-auth modal open locale="ar" .kit=${await testKit()}></latch-auth>`);
      await expect(modal).to.be.accessible();
    });

    itNeeds('media emulation', 'passes axe in dark mode, with a field error showing', async () => {
      await emulateMedia({ colorScheme: 'dark' });
      try {
        const el = await auth(await testKit());
        part(el, 'form-email').querySelector('button')!.click();
        await el.updateComplete;
        expect(text(el.shadowRoot!.getElementById('email-error'))).to.not.equal('');
        await expect(el).to.be.accessible();
      } finally {
        await emulateMedia({ colorScheme: 'no-preference' });
      }
    });
  });

  describe('loading', () => {
    it('shows nothing at first, then only a small loading state until the config is loaded: nothing interactive', async () => {
      const { kit, release } = await holdingKit('/wallet_kit_config', editingConfig({}));
      const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
      cleanups.push(release);
      // The first moments: no frame shown (nothing laid out, nothing in the accessibility tree).
      // Booleans, not the elements: a failure's message would print the element whole.
      const shownFrame = (): boolean => el.shadowRoot!.querySelector('[part~="base"]:not([hidden])') !== null;
      expect(shownFrame(), 'a frame at first').to.equal(false);
      expect(el.getBoundingClientRect().height).to.equal(0);
      await aTimeout(100);
      expect(shownFrame(), 'a frame 100 ms in').to.equal(false);
      await waitUntil(shownFrame, 'the loading state shows once the answer is late', { timeout: 3000 });
      expect(text(part(el, 'loading'))).to.equal('Loading…');
      expect(part(el, 'loading').getBoundingClientRect().height).to.be.greaterThan(0);
      // Shown once (the polite status holds it for screen readers, visually hidden).
      expect(text(part(el, 'status'))).to.equal('Loading…');
      expect(part(el, 'status').getBoundingClientRect().width).to.be.at.most(1);
      expect(part(el, 'base').getAttribute('aria-busy')).to.equal('true');
      expect(el.shadowRoot!.querySelectorAll('input, button, latch-oauth-button, latch-passkey-button')).to.have.length(0);
      await expect(el).to.be.accessible();
      release();
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show');
      expect(part(el, 'base').getAttribute('aria-busy')).to.equal('false');
      expect(el.shadowRoot!.querySelector('[part~="loading"]') !== null, 'a loading state after the answer').to.equal(false);
    });

    it('an open modal in the first moments: its dialog, with the frame hidden until the loading state is due', async () => {
      const { kit, release } = await holdingKit('/wallet_kit_config');
      const el = await fixture<LatchAuth>(html`<latch-auth modal open .kit=${kit}></latch-auth>`);
      cleanups.push(release);
      expect(el.shadowRoot!.querySelector('[role="dialog"]') !== null, 'the dialog').to.equal(true);
      expect(part(el, 'base').hidden, 'the frame at first').to.equal(true);
      await waitUntil(() => !part(el, 'base').hidden, 'the loading state shows once the answer is late', { timeout: 3000 });
      expect(text(part(el, 'loading'))).to.equal('Loading…');
      release();
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show');
    });

    it('an answer within the first moments goes straight to the methods: no loading state is ever shown', async () => {
      // The emulator's answer, given back at once from memory: the test is about what the element
      // shows, and a loaded machine must not make the round trip outlast the first moments.
      const real = await (await editingConfig({})(`${urls.proxyUrl}/v1/wallet_kit_config`, { method: 'POST', headers: { 'x-auth-proxy-config-id': 'demo' }, body: '{}' })).text();
      const kit = await testKit({
        fetch: async (input, init) =>
          String(input instanceof Request ? input.url : input).endsWith('/wallet_kit_config') ? new Response(real, { headers: { 'content-type': 'application/json' } }) : fetch(input, init),
      });
      const root = document.createElement('div');
      document.body.append(root);
      cleanups.push(() => root.remove());
      const el = document.createElement('latch-auth');
      el.kit = kit;
      // Every render of the element is seen, with when it happened: a shown loading state is a
      // base without `hidden` around a loading part.
      let loadingAt: number | undefined;
      let methodsAt: number | undefined;
      const check = (): void => {
        const now = performance.now();
        if (loadingAt === undefined && el.shadowRoot?.querySelector('[part~="base"]:not([hidden]) [part~="loading"]')) loadingAt = now;
        if (methodsAt === undefined && el.shadowRoot?.querySelector('[part~="methods"]')) methodsAt = now;
      };
      const observer = new MutationObserver(check);
      // Before the element starts (its first update is a microtask after it connects).
      const start = performance.now();
      root.append(el);
      observer.observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true, characterData: true });
      check();
      await waitUntil(() => methodsAt !== undefined, 'the methods show');
      observer.disconnect();
      // Never before the first moments are over. Were this page stalled past them before the
      // answer (a busy machine), the loading state may come, then; the methods come either way.
      if (loadingAt !== undefined) expect(loadingAt - start, 'the loading state showed within the first moments').to.be.at.least(300);
      if (methodsAt! - start < 300) expect(loadingAt, 'a loading state before methods that came within the first moments').to.equal(undefined);
      expect(part(el, 'base').hidden).to.equal(false);
    });

    it('a config that cannot be loaded shows why and a retry that works', async () => {
      let failures = 1;
      const kit = await testKit({
        fetch: async (input, init) => {
          if (String(input instanceof Request ? input.url : input).endsWith('/wallet_kit_config') && failures-- > 0) throw new TypeError('Failed to fetch');
          return fetch(input, init);
        },
      });
      const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="retry"]'), 'the retry shows');
      expect(text(part(el, 'error'))).to.equal('Cannot reach the server. Check your connection and try again.');
      expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
      expect(text(part(el, 'status'))).to.equal('');
      part(el, 'retry').click();
      await el.updateComplete;
      // The new wait is announced (the polite status changes), and shown by the loading state at
      // once: a person pressed the button (no first moments without it, as on the first load).
      expect(text(part(el, 'status'))).to.equal('Loading…');
      expect(text(part(el, 'loading'))).to.equal('Loading…');
      expect(part(el, 'base').hidden, 'the loading state is hidden after a retry').to.equal(false);
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show after the retry');
      expect(text(part(el, 'error'))).to.equal('');
      expect(text(part(el, 'status'))).to.equal('');
    });

    it('without any kit: "not set up", until a later configure() reaches it by itself', async () => {
      $defaultKit.set(undefined);
      const el = await fixture<LatchAuth>(html`<latch-auth></latch-auth>`);
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="retry"]'), 'the retry shows');
      expect(text(part(el, 'error'))).to.equal('This login is not set up. Try again later.');
      // As a framework app does: configure in an effect, after the element's first render.
      configure(await kitOptions());
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the configured kit loads, no retry clicked');
      expect(text(part(el, 'error'))).to.equal('');
    });
  });

  describe('methods', () => {
    it('demo config: every login method, in the default order, then the external wallets (their own chunk)', async () => {
      const el = await auth(await testKit());
      expect(shownMethods(el)).to.deep.equal(['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord']);
      // One group of OAuth buttons; an "or" between the groups, and before the wallets once they load.
      expect(parts(el, 'providers')).to.have.length(1);
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="wallets"], [part~="wallets-none"]'), 'the wallet method shows', { timeout: 10_000 });
      expect(parts(el, 'divider').map((d) => text(d))).to.deep.equal(['or', 'or', 'or', 'or']);
    });

    it('a config with fewer methods shows exactly those', async () => {
      const el = await auth(await testKit({ fetch: editingConfig({ enabledProviders: ['wallet', 'discord', 'email', 'google'] }) }));
      expect(shownMethods(el)).to.deep.equal(['email', 'google', 'discord']);
      expect(el.shadowRoot!.querySelector('[part~="form-sms"]')).to.equal(null);
      expect(el.shadowRoot!.querySelector('latch-passkey-button')).to.equal(null);
    });

    it('methods="passkey,email,google" shows only those, in that order (the hosted methodOrder)', async () => {
      const el = await auth(await testKit(), html`<latch-auth methods="passkey,email,google" .kit=${await testKit()}></latch-auth>`);
      expect(shownMethods(el)).to.deep.equal(['passkey', 'email', 'google']);
      el.methods = ' Discord , SMS, unknown';
      await el.updateComplete;
      expect(shownMethods(el)).to.deep.equal(['discord', 'sms']);
    });

    it('methods never adds a method the config does not enable', async () => {
      const kit = await testKit({ fetch: editingConfig({ enabledProviders: ['email', 'google'] }) });
      const el = await auth(kit, html`<latch-auth methods="sms,passkey,google" .kit=${kit}></latch-auth>`);
      expect(shownMethods(el)).to.deep.equal(['google']);
    });

    it('the contact fields are labelled and autocomplete; the OAuth buttons share the drop-in\'s kit', async () => {
      const kit = await testKit();
      const el = await auth(kit);
      const email = input(el, 'email');
      expect(email.labels?.[0]?.textContent?.trim()).to.equal('Email');
      // The demo config enables passkeys: the email field also offers them in its autofill
      // (latch-auth-passkey-autofill.webauthn.test.ts; without passkeys it autocompletes 'email').
      expect([email.type, email.autocomplete, email.required]).to.deep.equal(['email', 'username webauthn', true]);
      const phone = input(el, 'sms');
      expect(phone.labels?.[0]?.textContent?.trim()).to.equal('Phone number');
      expect([phone.type, phone.autocomplete, phone.inputMode]).to.deep.equal(['tel', 'tel', 'tel']);
      expect(parts<LatchOauthButton>(el, 'oauth-button').every((b) => b.resolvedKit === kit)).to.equal(true);
      // The drop-in's status says each step's progress once: the buttons inside have no status of their own.
      const inside = [...parts<LatchOauthButton>(el, 'oauth-button'), part(el, 'passkey-button')];
      expect(inside.map((b) => b.shadowRoot!.querySelector('[part="status"]'))).to.deep.equal(inside.map(() => null));
    });

    it('the passkey method switches between logging in and signing up', async () => {
      const el = await auth(await testKit());
      const passkey = part(el, 'passkey-button') as HTMLElement & { mode: string };
      expect(passkey.mode).to.equal('login');
      expect(text(part(el, 'passkey-toggle'))).to.equal('Sign up with a passkey');
      part(el, 'passkey-toggle').click();
      await el.updateComplete;
      expect(passkey.mode).to.equal('signup');
      expect(text(part(el, 'passkey-toggle'))).to.equal('Log in with a passkey');
    });
  });

  describe('email and SMS one-time codes', () => {
    it('signs up, then logs in, by email typed through the UI: latch-login with created true, then false', async () => {
      const kit = await testKit();
      const email = uniqueEmail('auth.email');
      const el = await auth(kit);
      const log = recordEvents(el, ['latch-login', 'latch-error']);

      const otp = await sendCode(el, 'email', email);
      expect(otp.length).to.equal(6);
      expect(otp.alphanumeric).to.equal(false);
      expect(text(part(el, 'status'))).to.equal(`We sent a code to ${email}`);
      expect(part(el, 'status').getAttribute('role')).to.equal('status');
      // Said once on screen (under the code boxes) and announced once: the status is for screen readers only.
      const description = el.shadowRoot!.querySelector<HTMLElement>('latch-otp-input [slot="description"]')!;
      expect(text(description)).to.equal(`We sent a code to ${email}`);
      expect(description.getBoundingClientRect().width).to.be.greaterThan(1);
      expect(part(el, 'status').getBoundingClientRect().width).to.be.at.most(1);
      // Exactly once on screen: no other visible node of the drop-in (or of the code boxes) says it.
      const visible = (root: ShadowRoot): Element[] => [...root.querySelectorAll('*')].flatMap((node) => [
        ...(node.childElementCount === 0 && text(node).includes('We sent a code to') && node.getBoundingClientRect().width > 1 ? [node] : []),
        ...(node.shadowRoot ? visible(node.shadowRoot) : []),
      ]);
      expect(visible(el.shadowRoot!)).to.deep.equal([description]);
      expect(deepActiveElement()?.getAttribute('part')).to.equal('input');
      const signedUp = oneEvent(el, 'latch-login');
      await sendKeys({ type: await latestCode(email) });
      const signup = await signedUp;
      expect(signup).to.be.instanceOf(LatchLoginEvent);
      expect(signup.detail.created).to.equal(true);
      expect(signup.detail.session).to.deep.equal(kit.session?.summary);
      // Logged in: the drop-in says who (latch-auth-logged-in.browser.test.ts); after Log out the
      // methods are back, empty, ready for the next person.
      await waitUntil(() => el.shadowRoot?.querySelector('[part="logout"]'), 'the logged-in view shows');
      part(el, 'logout').click();
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show again');
      expect(kit.session).to.equal(null);
      expect(input(el, 'email').value).to.equal('');

      await sendCode(el, 'email', email);
      const loggedIn = oneEvent(el, 'latch-login');
      await sendKeys({ type: await latestCode(email) });
      const login = await loggedIn;
      expect(login.detail.created).to.equal(false);
      expect(login.detail.session.organizationId).to.equal(signup.detail.session.organizationId);
      expect(log.events.map((e) => e.type)).to.deep.equal(['latch-login', 'latch-login']);
      log.stop();
    });

    it('while a code is being sent: "Sending your code…" in the polite status region, only that form busy', async () => {
      const { kit, release } = await holdingKit('/otp_init');
      const el = await auth(kit);
      input(el, 'email').value = uniqueEmail('auth.sending');
      part(el, 'form-email').querySelector('button')!.click();
      await waitUntil(() => text(part(el, 'status')) === 'Sending your code…', 'the progress shows');
      expect(part(el, 'form-email').querySelector('button')!.getAttribute('aria-busy')).to.equal('true');
      expect(part(el, 'form-sms').querySelector('button')!.getAttribute('aria-busy')).to.equal('false');
      release();
      await otpShown(el);
      expect(text(part(el, 'status'))).to.match(/^We sent a code to auth\.sending\./);
    });

    it('signs up by SMS (a number typed with spaces)', async () => {
      // A number the phone field's check accepts (a US exchange does not start with 0 or 1).
      const digits = `${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
      const phone = `+1415${digits}`;
      const el = await auth(await testKit());
      await sendCode(el, 'sms', `+1 415 ${digits.slice(0, 3)} ${digits.slice(3)}`);
      expect(text(part(el, 'status'))).to.equal(`We sent a code to ${phone}`);
      const done = oneEvent(el, 'latch-login');
      await sendKeys({ type: await latestCode(phone) });
      expect((await done).detail.created).to.equal(true);
    });

    it('checks the contact before sending anything: a translated message next to the field, focus on it, no event', async () => {
      const el = await auth(await testKit());
      const log = recordEvents(el, ['latch-login', 'latch-error']);
      input(el, 'email').focus();
      await sendKeys({ type: 'ada-at-example.com' });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      const error = el.shadowRoot!.getElementById('email-error')!;
      expect(text(error)).to.equal('Enter a valid email address.');
      expect(error.getAttribute('aria-live')).to.equal('assertive');
      expect(input(el, 'email').getAttribute('aria-invalid')).to.equal('true');
      expect(input(el, 'email').getAttribute('aria-describedby')).to.equal('email-error');
      expect(deepActiveElement() === input(el, 'email'), 'focus is on the email field').to.equal(true);
      expect($flow.get()).to.equal(null);

      part(el, 'form-sms').querySelector('button')!.click();
      await el.updateComplete;
      expect(text(el.shadowRoot!.getElementById('sms-error'))).to.equal('Enter a phone number with its country code.');
      expect(text(error), 'one message at a time').to.equal('');
      expect(log.events).to.have.length(0);
      expect(el.shadowRoot!.querySelector('latch-otp-input')).to.equal(null);
      log.stop();
    });

    it('a wrong code: latch-error ERR_OTP_INVALID, the translated message in the code input, and the form stays usable', async () => {
      const email = uniqueEmail('auth.wrong');
      const el = await auth(await testKit());
      const otp = await sendCode(el, 'email', email);
      const code = await latestCode(email);
      const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
      const failed = oneEvent(el, 'latch-error');
      await sendKeys({ type: wrong });
      const event = await failed;
      expect(event).to.be.instanceOf(LatchErrorEvent);
      expect(event.detail.error.code).to.equal('ERR_OTP_INVALID');
      await waitUntil(() => !otp.disabled && otp.value === '', 'the boxes are emptied and enabled again');
      await otp.updateComplete;
      expect(text(otp.shadowRoot!.querySelector('[part="error"]'))).to.equal('That code is not right. Check it and try again.');
      expect(otp.errorMessage).to.equal('That code is not right. Check it and try again.');
      expect(otp.shadowRoot!.querySelector('[part="input"]')!.getAttribute('aria-invalid')).to.equal('true');
      expect(otp.shadowRoot!.activeElement, 'focus is back in the boxes').to.not.equal(null);

      const done = oneEvent(el, 'latch-login');
      await sendKeys({ type: code });
      expect((await done).detail.created).to.equal(true);
    });

    it('resend asks the kit for a new code, and the new code works', async () => {
      const email = uniqueEmail('auth.resend');
      const el = await auth(await testKit());
      const otp = await sendCode(el, 'email', email);
      const sent = async (): Promise<number> =>
        ((await (await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] }).messages.length;
      expect(await sent()).to.equal(1);
      otp.dispatchEvent(new LatchOtpResendEvent());
      await waitUntil(async () => (await sent()) === 2, 'a second code is sent');
      const done = oneEvent(el, 'latch-login');
      otp.focus();
      await sendKeys({ type: await latestCode(email) });
      expect((await done).detail.created).to.equal(true);
    });

    it('a resend that fails says why and what to do, and the resend button works again at once (nothing was sent)', async () => {
      let offline = false;
      const kit = await testKit({
        fetch: (input, init) => (offline && String(input instanceof Request ? input.url : input).endsWith('/otp_init') ? Promise.reject(new TypeError('offline')) : fetch(input, init)),
      });
      const el = await auth(kit);
      const otp = await sendCode(el, 'email', uniqueEmail('auth.resend.fail'));
      await otp.updateComplete;
      const resend = otp.shadowRoot!.querySelector<HTMLButtonElement>('[part="resend"]')!;
      expect(resend.getAttribute('aria-disabled'), 'the first code starts the cooldown').to.equal('true');
      offline = true;
      otp.dispatchEvent(new LatchOtpResendEvent());
      otp.startCooldown();
      await waitUntil(() => text(otp.shadowRoot!.querySelector('[part="error"]')) !== '', 'the failure shows', { timeout: 5000 });
      expect(text(otp.shadowRoot!.querySelector('[part="error"]'))).to.equal('Cannot reach the server. Check your connection and try again.');
      await otp.updateComplete;
      expect(resend.getAttribute('aria-disabled'), 'no cooldown after a failed resend').to.equal('false');
      expect(text(resend)).to.equal('Resend code');
    });

    it('"Use another method" goes back to the form with the address kept, and focuses it', async () => {
      const email = uniqueEmail('auth.back');
      const el = await auth(await testKit());
      await sendCode(el, 'email', email);
      part(el, 'back').click();
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show');
      await el.updateComplete;
      expect(input(el, 'email').value).to.equal(email);
      expect(deepActiveElement() === input(el, 'email'), 'focus is on the email field').to.equal(true);
    });

    it('uses the config\'s code shape (length, letters)', async () => {
      const kit = await testKit({ fetch: editingConfig({ otpLength: '8', otpAlphanumeric: true }) });
      const el = await auth(kit);
      const otp = await sendCode(el, 'email', uniqueEmail('auth.shape'));
      expect(otp.length).to.equal(8);
      expect(otp.alphanumeric).to.equal(true);
    });

    it('signup-wallet creates the account with that wallet', async () => {
      const kit = await testKit();
      const email = uniqueEmail('auth.wallet');
      const el = await auth(kit, html`<latch-auth signup-wallet="ethereum,solana" .kit=${kit}></latch-auth>`);
      expect(el.signupWallet).to.deep.equal(walletFromList('eth,sol'));
      const outcome = new Promise<LoginOutcome>((resolve) => kit.addEventListener('login', (event) => resolve(event.detail), { once: true }));
      await sendCode(el, 'email', email);
      await sendKeys({ type: await latestCode(email) });
      const { signup } = await outcome;
      expect(signup?.wallet?.addresses).to.have.length(2);
      expect(signup!.wallet!.addresses[0]).to.match(/^0x[0-9a-fA-F]{40}$/);
    });

    it('signup-wallet: unknown chains are ignored; no known chain means no wallet', () => {
      expect(walletFromList('')).to.equal(undefined);
      expect(walletFromList('bitcoin')).to.equal(undefined);
      expect(walletFromList('SOL,sol,solana')?.accounts).to.have.length(1);
    });
  });

  describe('modal', () => {
    async function modal(kit?: LatchKit): Promise<{ el: LatchAuth; opener: HTMLButtonElement }> {
      const k = kit ?? (await testKit({ fetch: editingConfig({ enabledProviders: ['email', 'google'] }) }));
      // Built by hand: fixture() waits a frame for a plain root, and frames pause while the
      // runner has this page in the background (two test files run at once).
      const wrapper = document.createElement('div');
      const opener = document.createElement('button');
      opener.type = 'button';
      opener.textContent = 'Log in';
      const el = document.createElement('latch-auth') as LatchAuth;
      el.modal = true;
      el.kit = k;
      wrapper.append(opener, el);
      document.body.append(wrapper);
      cleanups.push(() => wrapper.remove());
      opener.addEventListener('click', () => el.show());
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods load while closed');
      return { el, opener };
    }

    it('closed: takes no space and shows nothing; open: a labelled modal dialog with focus inside', async () => {
      const { el, opener } = await modal();
      expect(getComputedStyle(el).display).to.equal('none');
      opener.focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(el.open).to.equal(true);
      expect(el.hasAttribute('open')).to.equal(true);
      const dialog = part(el, 'dialog');
      expect(dialog.getAttribute('role')).to.equal('dialog');
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(text(el.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!))).to.equal('Log in or sign up');
      expect(getComputedStyle(part(el, 'backdrop')).position).to.equal('fixed');
      expect(dialog.contains(deepActiveElement()) || el.shadowRoot!.contains(deepActiveElement())).to.equal(true);
      expect(part(el, 'close').getAttribute('aria-label')).to.equal('Close');
    });

    it('while open, the rest of the page is inert and does not scroll; all of it comes back on close', async () => {
      const { el, opener } = await modal();
      const wrapper = el.parentElement!;
      const before = document.createElement('button');
      before.textContent = 'Elsewhere';
      const already = document.createElement('div');
      already.inert = true; // inert before the dialog opened: must stay inert after it closes
      document.body.append(before, already);
      const root = document.documentElement;
      const overflow = root.style.overflow;
      try {
        opener.focus();
        el.show();
        await el.updateComplete;
        expect(opener.inert, 'a sibling of the element').to.equal(true);
        expect(before.inert, 'a sibling of an ancestor').to.equal(true);
        expect(wrapper.inert || el.inert, 'the element and its ancestors stay usable').to.equal(false);
        expect(root.style.overflow).to.equal('hidden');
        // A pointer click on the page does nothing: the inert button cannot take focus.
        before.focus();
        expect(document.activeElement === before).to.equal(false);

        el.close();
        await el.updateComplete;
        expect(opener.inert || before.inert).to.equal(false);
        expect(already.inert, 'what was inert before stays inert').to.equal(true);
        expect(root.style.overflow).to.equal(overflow);
        expect(document.activeElement === opener, 'focus is back on the (no longer inert) opener').to.equal(true);

        // Removed while open: the page is given back too.
        el.show();
        await el.updateComplete;
        expect(before.inert).to.equal(true);
        el.remove();
        expect(before.inert || opener.inert).to.equal(false);
        expect(root.style.overflow).to.equal(overflow);
      } finally {
        before.remove();
        already.remove();
      }
    });

    it('Tab and Shift+Tab cycle inside the dialog', async () => {
      const { el, opener } = await modal();
      opener.click();
      await el.updateComplete;
      const items = tabbableElements(part(el, 'dialog'));
      const first = items[0]!;
      const last = items[items.length - 1]!;
      expect(first === part(el, 'close'), 'the close button comes first').to.equal(true);
      last.focus();
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement() === first, 'focus is on first').to.equal(true);
      await pressWith('Shift', 'Tab');
      expect(deepActiveElement() === last, 'focus is on last').to.equal(true);
      for (let i = 0; i < items.length; i++) await sendKeys({ press: 'Tab' });
      expect(deepActiveElement() === last, 'focus is on last').to.equal(true);
    });

    it('Escape closes it, fires latch-cancel and returns focus to the opener', async () => {
      const { el, opener } = await modal();
      opener.focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      input(el, 'email').focus();
      const cancelled = oneEvent(el, 'latch-cancel');
      await sendKeys({ press: 'Escape' });
      const event = await cancelled;
      expect(event).to.be.instanceOf(LatchCancelEvent);
      expect(event.bubbles && event.composed).to.equal(true);
      await el.updateComplete;
      expect(el.open).to.equal(false);
      expect(getComputedStyle(el).display).to.equal('none');
      expect(document.activeElement === opener, 'focus is on opener').to.equal(true);
    });

    it('the close button and a click on the backdrop cancel too; close() and the open property fire nothing', async () => {
      const { el, opener } = await modal();
      const log = recordEvents(el, ['latch-cancel']);
      opener.click();
      await el.updateComplete;
      part(el, 'close').click();
      await el.updateComplete;
      expect(el.open).to.equal(false);
      expect(log.events).to.have.length(1);

      el.open = true;
      await el.updateComplete;
      await sendMouse({ type: 'click', position: [2, 2] });
      await el.updateComplete;
      expect(el.open).to.equal(false);
      expect(log.events).to.have.length(2);

      el.show();
      await el.updateComplete;
      el.close();
      await el.updateComplete;
      expect(el.open).to.equal(false);
      expect(log.events).to.have.length(2);
      log.stop();
    });

    it('closes by itself after a login', async () => {
      const email = uniqueEmail('auth.modal');
      const { el, opener } = await modal();
      opener.focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      await sendCode(el, 'email', email);
      const done = oneEvent(el, 'latch-login');
      await sendKeys({ type: await latestCode(email) });
      await done;
      await el.updateComplete;
      expect(el.open).to.equal(false);
      expect(document.activeElement === opener, 'focus is on opener').to.equal(true);
    });

    it('inline (the default) is not a dialog', async () => {
      const el = await auth(await testKit());
      expect(el.modal).to.equal(false);
      expect(el.shadowRoot!.querySelector('[role="dialog"]')).to.equal(null);
      expect(getComputedStyle(el).display).to.equal('block');
    });
  });

  describe('slots, parts, theming and language', () => {
    it('header replaces the title; logo, legal and footer slots show their content', async () => {
      const kit = await testKit();
      const el = await auth(
        kit,
        html`<latch-auth .kit=${kit}>
          <img slot="logo" alt="Acme" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
          <h2 slot="header">Welcome to Acme</h2>
          <p slot="legal">By continuing you accept the terms.</p>
          <p slot="footer">Need help?</p>
        </latch-auth>`,
      );
      await el.updateComplete;
      const slotted = (name: string): string[] =>
        (el.shadowRoot!.querySelector<HTMLSlotElement>(`slot[name="${name}"]`)!.assignedElements() as HTMLElement[]).map((n) => text(n) || n.getAttribute('alt')!);
      expect(slotted('header')).to.deep.equal(['Welcome to Acme']);
      expect(slotted('logo')).to.deep.equal(['Acme']);
      expect(slotted('legal')).to.deep.equal(['By continuing you accept the terms.']);
      expect(slotted('footer')).to.deep.equal(['Need help?']);
      expect(part(el, 'footer').hidden).to.equal(false);
      expect(part(el, 'logo').hidden).to.equal(false);
    });

    it('without slotted content the logo and footer areas are hidden; the config logo shows when set', async () => {
      const kit = await testKit({ fetch: editingConfig({ theme: { logoUrl: 'https://example.com/logo.png' } }) });
      const el = await auth(await testKit());
      expect(part(el, 'footer').hidden).to.equal(true);
      expect(part(el, 'logo').hidden).to.equal(true);
      const themed = await auth(kit, html`<latch-auth .kit=${kit} .config=${await kit.loadConfig()}></latch-auth>`);
      expect(part(themed, 'logo').hidden).to.equal(false);
      expect(part<HTMLImageElement>(themed, 'logo-image').getAttribute('src')).to.equal('https://example.com/logo.png');
      expect(part(themed, 'logo-image').getAttribute('alt')).to.equal('Logo');
    });

    it('has a part on every meaningful node, and exports the inner elements\' parts', async () => {
      const el = await auth(await testKit());
      for (const name of ['base', 'header', 'logo', 'title', 'body', 'methods', 'divider', 'form', 'form-email', 'form-sms', 'label', 'input', 'field-error', 'submit', 'passkey', 'passkey-button', 'passkey-toggle', 'providers', 'oauth-button', 'status', 'error', 'footer', 'legal']) {
        expect(el.shadowRoot!.querySelector(`[part~="${name}"]`), name).to.be.instanceOf(Element);
      }
      expect(part(el, 'oauth-button').getAttribute('exportparts')).to.contain('button:oauth-control');
      expect(part(el, 'passkey-button').getAttribute('exportparts')).to.contain('button:passkey-control');
    });

    it('Arabic: right to left, and the elements inside speak it too; Spanish', async () => {
      const kit = await testKit();
      const el = await auth(kit, html`<latch-auth locale="ar" .kit=${kit}></latch-auth>`);
      expect(el.getAttribute('dir')).to.equal('rtl');
      expect(text(part(el, 'title'))).to.equal('سجّل الدخول أو أنشئ حسابًا');
      const google = parts<LatchOauthButton>(el, 'oauth-button')[0]!;
      await google.updateComplete;
      expect(google.getAttribute('dir')).to.equal('rtl');
      expect(text(google.shadowRoot!.querySelector('[part="label"]'))).to.equal('المتابعة باستخدام Google');
      expect(text(part(el, 'submit'))).to.equal('إرسال الرمز');

      const es = await auth(kit, html`<latch-auth locale="es" .kit=${kit}></latch-auth>`);
      expect(text(part(es, 'title'))).to.equal('Inicia sesión o regístrate');
      expect(text(part(es, 'passkey-toggle'))).to.equal('Registrarse con una llave de acceso');
      await sendCode(es, 'email', uniqueEmail('auth.es'));
      expect(text(part(es, 'status'))).to.match(/^Enviamos un código a /);
    });

    it("the kit's config locale and copy apply without attributes (its own kit's, whatever $config holds)", async () => {
      const kit = await testKit({ fetch: editingConfig({ locale: 'es', copy: { 'login.title': 'Entra en Acme' } }) });
      await kit.loadConfig();
      await (await testKit()).loadConfig(); // another kit's config is now in $config
      const el = await auth(kit, html`<latch-auth .kit=${kit}></latch-auth>`);
      expect(text(part(el, 'title'))).to.equal('Entra en Acme');
      expect(text(part(el, 'submit'))).to.equal('Enviar código');
    });

    it('accent colors the drop-in and the elements inside', async () => {
      const el = await auth(await testKit(), html`<latch-auth accent="rgb(1, 2, 3)" .kit=${await testKit()}></latch-auth>`);
      expect(getComputedStyle(part(el, 'submit')).backgroundColor).to.equal('rgb(1, 2, 3)');
      const passkey = part(el, 'passkey-button') as HTMLElement & { updateComplete: Promise<unknown> };
      await passkey.updateComplete;
      expect(getComputedStyle(passkey.shadowRoot!.querySelector('[part="button"]')!).backgroundColor).to.equal('rgb(1, 2, 3)');
    });
  });

  describe('kits and OAuth', () => {
    it('proxy-url and config-id use the configure() kit for that pair', async () => {
      const kit = configure(await kitOptions());
      const el = await auth(kit, html`<latch-auth proxy-url=${urls.proxyUrl} config-id="demo"></latch-auth>`);
      expect(el.resolvedKit === kit, 'the configured kit').to.equal(true);
      expect(shownMethods(el)).to.have.length(8);
    });

    it("the OAuth buttons' events reach the page through the drop-in", async () => {
      // A popup that the user closes at once.
      const popupHost = {
        open: (url: string) => {
          const popup = fakePopup(url);
          setTimeout(() => popup.close(), 10);
          return popup;
        },
        assign: () => expect.fail('no redirect expected'),
      };
      const el = await auth(await testKit({ popupHost }));
      const google = parts<LatchOauthButton>(el, 'oauth-button')[0]!;
      await waitUntil(() => google.ready, 'prepared');
      const failed = oneEvent(el, 'latch-error');
      google.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!.click();
      const event = await failed;
      expect(event.detail.error.code).to.equal('ERR_OAUTH_POPUP_CLOSED');
    });

    it('finishes a redirect-mode OAuth login on load, announced once by the drop-in (not again by its buttons)', async () => {
      const original = location.href;
      let cleanup = (): void => undefined;
      try {
        const email = uniqueEmail('auth.redirect');
        const keyStore = new MemoryKeyStore();
        const assigned: string[] = [];
        const options = { keyStore, oauthRedirectUri: `${urls.apiUrl}/__keys` };
        const before = await auth(await testKit({ ...options, popupHost: { open: () => null, assign: (url) => void assigned.push(url) } }));
        const discord = parts<LatchOauthButton>(before, 'oauth-button').find((b) => b.provider === 'discord')!;
        await waitUntil(() => discord.ready, 'prepared');
        discord.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!.click();
        expect(assigned).to.have.length(1);
        const landed = new URL(await consent(assigned[0]!, email));
        history.replaceState(history.state, '', `${location.pathname}${location.search}&${landed.search.slice(1)}`);

        const reloaded = await testKit(options);
        const logins: Event[] = [];
        const origins: EventTarget[] = [];
        const record = (event: Event): void => {
          logins.push(event);
          origins.push(event.composedPath()[0]!);
        };
        document.addEventListener('latch-login', record);
        cleanup = () => document.removeEventListener('latch-login', record);
        const el = await fixture<LatchAuth>(html`<latch-auth .kit=${reloaded}></latch-auth>`);
        await waitUntil(() => logins.length > 0, 'the login is finished');
        // Logged in: the drop-in shows who (its buttons, which could announce it again, are gone).
        await waitUntil(() => el.shadowRoot?.querySelector('[part="account"]'), 'the logged-in view shows');
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(logins).to.have.length(1);
        expect(origins[0] === el, 'dispatched by the drop-in itself').to.equal(true);
        expect((logins[0] as LatchLoginEvent).detail.created).to.equal(true);
      } finally {
        cleanup();
        history.replaceState(history.state, '', original);
      }
    });
  });

  describe('define', () => {
    it('defines the elements it renders, idempotently', async () => {
      expect(customElements.get('latch-auth')).to.equal(LatchAuth);
      expect(customElements.get('latch-oauth-button')).to.be.a('function');
      expect(customElements.get('latch-passkey-button')).to.be.a('function');
      expect(LatchAuth.define()).to.equal(false);
      await import('../../../components/define.ts');
      expect(customElements.get('latch-auth')).to.equal(LatchAuth);
    });
  });
});
