// <latch-signup> in Chromium against the emulator: an email OTP sign-up typed as a person would,
// the wallet's addresses shown, and (issue 5) its App Proofs verified by <latch-proof-badge>:
// trusted when the page trusts the emulator's root, refused with the production trust settings.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchErrorEvent, LatchLoginEvent, LatchOtpResendEvent } from '../../../components/internal/events.ts';
import { LatchSignup } from '../../../components/latch-signup/latch-signup.ts';
import { ETH_ACCOUNT, SOL_ACCOUNT, accountsForChains, chainName } from '../../../components/latch-signup/wallet-accounts.ts';
import type { LatchOtpInput } from '../../../components/latch-otp-input/latch-otp-input.ts';
import type { LatchProofBadge } from '../../../components/latch-proof-badge/latch-proof-badge.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { recordEvents, resetConfig, testConfig } from '../support/helpers.ts';
import { has, part, text } from '../support/shadow.ts';
import { codeNumber, disposeKits, emulatorKeys, latestCode, signUpWithKit, testKit, uniqueEmail } from '../support/emulator-kit.ts';

LatchSignup.define();

const EVENTS = ['latch-login', 'latch-error'] as const;
let root: string;

const otpOf = (el: LatchSignup): LatchOtpInput => part<LatchOtpInput>(el, 'otp');
const badgeOf = (el: LatchSignup): LatchProofBadge => part<LatchProofBadge>(el, 'proof-badge');

/** Types `email` into the form and presses Enter, as a person would; resolves on the code step. */
async function submitEmail(el: LatchSignup, email: string): Promise<void> {
  part(el, 'input').focus();
  await sendKeys({ type: email });
  await sendKeys({ press: 'Enter' });
  await waitUntil(() => el.step === 'code', 'the code step', { timeout: 10000 });
  await el.updateComplete;
}

/** Types `code` into the focused one-time code boxes. */
async function typeCode(el: LatchSignup, code: string): Promise<void> {
  const otp = otpOf(el);
  await otp.updateComplete;
  otp.focus();
  await sendKeys({ type: code });
}

async function settledBadge(el: LatchSignup): Promise<LatchProofBadge> {
  await el.updateComplete;
  const badge = badgeOf(el);
  await waitUntil(() => badge.state !== 'verifying', 'the badge settles', { timeout: 15000 });
  await badge.updateComplete;
  return badge;
}

describe('<latch-signup>', () => {
  let kit: LatchKit;

  before(async () => {
    root = (await emulatorKeys()).proofRootSha256;
  });

  afterEach(async () => {
    await kit?.logout().catch(() => undefined);
    disposeKits();
    setSession(null);
    endFlow();
    resetConfig();
  });

  describe('accessibility', () => {
    it('passes axe on the email form, in English and Arabic', async () => {
      kit = await testKit();
      const el = await fixture<LatchSignup>(html`<latch-signup .kit=${kit}></latch-signup>`);
      await expect(el).to.be.accessible();
      const ar = await fixture<LatchSignup>(html`<latch-signup locale="ar" .kit=${kit}></latch-signup>`);
      await expect(ar).to.be.accessible();
      const dark = await fixture<LatchSignup>(html`<latch-signup .config=${testConfig({ theme: { darkMode: true } })} .kit=${kit}></latch-signup>`);
      await expect(dark).to.be.accessible();
    });

    it('passes axe on the code step and on the finished sign-up with its addresses and badge', async () => {
      kit = await testKit();
      const email = uniqueEmail('signup.axe');
      const el = await fixture<LatchSignup>(html`<latch-signup generate-app-proofs trusted-root-sha256=${root} .kit=${kit}></latch-signup>`);
      await submitEmail(el, email);
      await expect(el).to.be.accessible();
      await typeCode(el, await latestCode(email));
      await waitUntil(() => el.step === 'done', 'the sign-up ends', { timeout: 15000 });
      await settledBadge(el);
      await expect(el).to.be.accessible();
    });
  });

  describe('defaults', () => {
    it('asks for an email; the wallet is one Ethereum and one Solana account', async () => {
      kit = await testKit();
      const el = await fixture<LatchSignup>(html`<latch-signup .kit=${kit}></latch-signup>`);
      expect(el.step).to.equal('contact');
      expect(text(part(el, 'title'))).to.equal('Create your account');
      const input = part<HTMLInputElement>(el, 'input');
      expect(input.type).to.equal('email');
      expect(input.autocomplete).to.equal('email');
      expect(text(part(el, 'label'))).to.equal('Email');
      expect(part(el, 'label').getAttribute('for')).to.equal(input.id);
      expect(text(part(el, 'submit'))).to.equal('Send code');
      expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
      expect(el.generateAppProofs).to.equal(false);
      expect(el.wallet).to.deep.equal({
        walletName: 'Default Wallet',
        accounts: [
          { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
          { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' },
        ],
      });
      for (const name of ['base', 'title', 'form', 'label', 'input', 'submit', 'error', 'announcer']) expect(has(el, name), name).to.equal(true);
    });

    it('header, legal and footer slots take the page content', async () => {
      kit = await testKit();
      const el = await fixture<LatchSignup>(html`<latch-signup .kit=${kit}>
        <h2 slot="header">Join</h2>
        <small slot="legal">By continuing you accept the terms.</small>
        <small slot="footer">Help</small>
      </latch-signup>`);
      const slot = (name: string) => el.shadowRoot!.querySelector<HTMLSlotElement>(`slot[name="${name}"]`)!;
      expect(slot('header').assignedElements().map((e) => e.textContent)).to.deep.equal(['Join']);
      expect(slot('legal').assignedElements().map((e) => e.textContent)).to.deep.equal(['By continuing you accept the terms.']);
      expect(slot('footer').assignedElements().map((e) => e.textContent)).to.deep.equal(['Help']);
    });
  });

  describe('attributes and properties', () => {
    it('chains picks the accounts; empty or none means no wallet; accounts wins; wallet-name names it', async () => {
      kit = await testKit();
      const el = await fixture<LatchSignup>(html`<latch-signup chains="sol" wallet-name="Savings" .kit=${kit}></latch-signup>`);
      expect(el.wallet).to.deep.equal({ walletName: 'Savings', accounts: [{ ...SOL_ACCOUNT }] });
      el.chains = 'ETH, sol, eth, doge';
      expect(el.wallet?.accounts).to.deep.equal([{ ...ETH_ACCOUNT }, { ...SOL_ACCOUNT }]);
      el.chains = 'none';
      expect(el.wallet).to.equal(undefined);
      el.chains = '';
      expect(el.wallet).to.equal(undefined);
      el.accounts = [{ ...ETH_ACCOUNT, path: "m/44'/60'/0'/0/1" }];
      expect(el.wallet?.accounts.map((a) => a.path)).to.deep.equal(["m/44'/60'/0'/0/1"]);
      el.accounts = [];
      expect(el.wallet).to.equal(undefined);
      expect(accountsForChains('solana ethereum').map((a) => a.addressFormat)).to.deep.equal(['ADDRESS_FORMAT_SOLANA', 'ADDRESS_FORMAT_ETHEREUM']);
      expect(chainName('ADDRESS_FORMAT_SOLANA')).to.equal('Solana');
      expect(chainName('ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH')).to.equal('BITCOIN MAINNET P2WPKH');
    });

    it('speaks Arabic right to left, and passes the language to the code boxes', async () => {
      kit = await testKit();
      const el = await fixture<LatchSignup>(html`<latch-signup locale="ar" .kit=${kit}></latch-signup>`);
      expect(el.getAttribute('dir')).to.equal('rtl');
      expect(text(part(el, 'label'))).to.equal('البريد الإلكتروني');
      expect(text(part(el, 'submit'))).to.equal('إرسال الرمز');
      await submitEmail(el, uniqueEmail('signup.ar'));
      expect(otpOf(el).getAttribute('dir')).to.equal('rtl');
      expect(text(part(el, 'back'))).to.equal('استخدام بريد إلكتروني آخر');
    });
  });

  describe('sign-up end to end (issue 5)', () => {
    it('signs up with a wallet, shows the addresses and verifies the App Proofs when trusting the emulator root', async () => {
      kit = await testKit();
      const email = uniqueEmail('signup.e2e');
      const el = await fixture<LatchSignup>(html`<latch-signup generate-app-proofs trusted-root-sha256=${root} .kit=${kit}></latch-signup>`);
      const log = recordEvents(el, EVENTS);
      await submitEmail(el, email);
      const otp = otpOf(el);
      expect(text(otp.querySelector('[slot="description"]'))).to.equal(`We sent a code to ${email}`);
      // The configuration's OTP shape: the emulator's demo sends six digits.
      expect(otp.length).to.equal(6);
      expect(otp.alphanumeric).to.equal(false);
      expect(el.shadowRoot!.activeElement).to.equal(otp);

      const login = oneEvent(el, 'latch-login');
      await typeCode(el, await latestCode(email));
      const event = await login;
      expect(event).to.be.instanceOf(LatchLoginEvent);
      expect(event.detail.created).to.equal(true);
      expect(event.detail.session).to.deep.equal(kit.session!.summary);
      await el.updateComplete;
      expect(el.step).to.equal('done');

      const result = el.result!;
      expect(result.created).to.equal(true);
      expect(result.organizationId).to.equal(kit.session!.summary!.organizationId);
      expect(result.addresses).to.have.length(2);
      expect(result.addresses[0]).to.match(/^0x[0-9a-fA-F]{40}$/);
      expect(result.addresses[1]).to.match(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      expect(result.appProofs.length).to.be.greaterThan(0);
      expect(text(part(el, 'result-title'))).to.equal('Your wallet is ready');
      expect(el.shadowRoot!.activeElement).to.equal(part(el, 'result-title'));
      const rows = Array.from(el.shadowRoot!.querySelectorAll('[part~="address"]'));
      expect(rows.map((row) => text(row.querySelector('[part~="chain"]')))).to.deep.equal(['Ethereum', 'Solana']);
      expect(rows.map((row) => text(row.querySelector('[part~="address-value"]')))).to.deep.equal(result.addresses);
      expect(rows.map((row) => row.querySelector('[part~="copy"]')?.getAttribute('aria-label'))).to.deep.equal(['Copy the Ethereum address', 'Copy the Solana address']);

      const badge = await settledBadge(el);
      expect(badge.state).to.equal('verified');
      expect(badge.expectedAddresses).to.deep.equal(result.addresses);
      expect(badge.result?.addresses.outcome).to.equal('passed');
      expect(text(badge.shadowRoot!.querySelector('[part~="label"]'))).to.equal('Verified by App Proofs');
      expect(log.events.map((e) => e.type)).to.deep.equal(['latch-login']);
      log.stop();
    });

    it('with the production trust settings the emulator’s proofs are refused: the badge names the root check', async () => {
      kit = await testKit();
      const email = uniqueEmail('signup.prod');
      const el = await fixture<LatchSignup>(html`<latch-signup generate-app-proofs .kit=${kit}></latch-signup>`);
      await submitEmail(el, email);
      await typeCode(el, await latestCode(email));
      await waitUntil(() => el.step === 'done', 'the sign-up ends', { timeout: 15000 });
      const badge = await settledBadge(el);
      expect(badge.state).to.equal('failed');
      expect(badge.failedCheck).to.equal('root-certificate');
      expect(badge.error?.code).to.equal('ERR_PROOF_ROOT');
      expect(text(badge.shadowRoot!.querySelector('[part~="label"]'))).to.equal('Not verified: Root certificate');
    });

    it('without generate-app-proofs shows no badge; without a wallet no addresses', async () => {
      kit = await testKit();
      const email = uniqueEmail('signup.plain');
      const el = await fixture<LatchSignup>(html`<latch-signup chains="none" generate-app-proofs .kit=${kit}></latch-signup>`);
      await submitEmail(el, email);
      await typeCode(el, await latestCode(email));
      await waitUntil(() => el.step === 'done', 'the sign-up ends', { timeout: 15000 });
      await el.updateComplete;
      expect(text(part(el, 'result-title'))).to.equal('Your account is ready');
      expect(has(el, 'addresses')).to.equal(false);
      expect(has(el, 'proof-badge')).to.equal(false);
      expect(el.result?.addresses).to.deep.equal([]);

      const other = await testKit();
      const second = await fixture<LatchSignup>(html`<latch-signup chains="sol" .kit=${other}></latch-signup>`);
      const email2 = uniqueEmail('signup.sol');
      await submitEmail(second, email2);
      await typeCode(second, await latestCode(email2));
      await waitUntil(() => second.step === 'done', 'the sign-up ends', { timeout: 15000 });
      await second.updateComplete;
      expect(second.result?.addresses).to.have.length(1);
      expect(text(part(second, 'chain'))).to.equal('Solana');
      expect(has(second, 'proof-badge')).to.equal(false);
      await other.logout();
    });

    it('an email that already has an account logs in instead, without a new wallet', async () => {
      kit = await testKit();
      const email = uniqueEmail('signup.existing');
      const first = await testKit();
      await signUpWithKit(first, { email });
      await first.logout();
      const el = await fixture<LatchSignup>(html`<latch-signup generate-app-proofs .kit=${kit}></latch-signup>`);
      await submitEmail(el, email);
      const login = oneEvent(el, 'latch-login');
      await typeCode(el, await codeNumber(email, 2));
      const event = await login;
      expect(event.detail.created).to.equal(false);
      await el.updateComplete;
      expect(text(part(el, 'result-title'))).to.equal('You already have an account with this email: you are now logged in.');
      expect(has(el, 'addresses') || has(el, 'proof-badge')).to.equal(false);
    });
  });

  describe('errors and keyboard', () => {
    it('an invalid email is refused before anything is sent', async () => {
      kit = await testKit();
      const el = await fixture<LatchSignup>(html`<latch-signup .kit=${kit}></latch-signup>`);
      const log = recordEvents(el, EVENTS);
      part(el, 'input').focus();
      await sendKeys({ type: 'not-an-email' });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(el.step).to.equal('contact');
      expect(text(part(el, 'error'))).to.equal('Enter a valid email address.');
      expect(part(el, 'input').getAttribute('aria-invalid')).to.equal('true');
      expect(part(el, 'input').getAttribute('aria-describedby')).to.equal('error');
      expect(el.shadowRoot!.activeElement).to.equal(part(el, 'input'));
      expect(log.events).to.have.length(0);
      // Typing again clears the complaint.
      await sendKeys({ type: 'x' });
      await el.updateComplete;
      expect(part(el, 'input').getAttribute('aria-invalid')).to.equal('false');
      expect(text(part(el, 'error'))).to.equal('');
      log.stop();
    });

    it('a wrong code marks the boxes and fires latch-error; the right code then signs up', async () => {
      kit = await testKit();
      const email = uniqueEmail('signup.wrong');
      const el = await fixture<LatchSignup>(html`<latch-signup chains="eth" .kit=${kit}></latch-signup>`);
      await submitEmail(el, email);
      const right = await latestCode(email);
      const wrong = right === '000000' ? '111111' : '000000';
      const failed = oneEvent(el, 'latch-error');
      await typeCode(el, wrong);
      const event = await failed;
      expect(event).to.be.instanceOf(LatchErrorEvent);
      expect(event.detail.error.code).to.equal('ERR_OTP_INVALID');
      await el.updateComplete;
      const otp = otpOf(el);
      await otp.updateComplete;
      expect(el.step).to.equal('code');
      expect(otp.invalid).to.equal(true);
      expect(text(otp.shadowRoot!.querySelector('[part~="error"]'))).to.equal('That code is not right. Check it and try again.');
      otp.clear();
      await typeCode(el, right);
      await waitUntil(() => el.step === 'done', 'the sign-up ends', { timeout: 15000 });
      expect(el.result?.addresses).to.have.length(1);
    });

    it('each wait shows its progress once and announces it: sending the code, creating the account; nothing is left when it ends', async () => {
      const gates = { send: Promise.resolve(), verify: Promise.resolve() };
      kit = await testKit({
        fetch: async (input, init) => {
          const url = String(input instanceof Request ? input.url : input);
          if (url.includes('otp_init')) await gates.send;
          if (url.includes('otp_verify')) await gates.verify;
          return fetch(input, init);
        },
      });
      const email = uniqueEmail('signup.waits');
      const el = await fixture<LatchSignup>(html`<latch-signup chains="none" .kit=${kit}></latch-signup>`);
      let release!: () => void;
      gates.send = new Promise((resolve) => (release = resolve));
      part(el, 'input').focus();
      await sendKeys({ type: email });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(text(part(el, 'status'))).to.equal('Sending your code…');
      expect(text(part(el, 'announcer'))).to.equal('Sending your code…');
      expect(part(el, 'submit').getAttribute('aria-busy')).to.equal('true');
      const shown = [...el.shadowRoot!.querySelectorAll('*')].filter((node) => node.childElementCount === 0 && text(node).includes('Sending your code') && node.getBoundingClientRect().width > 1);
      expect(shown.map((node) => node.getAttribute('part')), 'said once on screen (the announcer is visually hidden)').to.deep.equal(['status']);
      release();
      await waitUntil(() => el.step === 'code', 'the code step', { timeout: 10000 });
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="status"]'), 'no progress left').to.equal(null);

      gates.verify = new Promise((resolve) => (release = resolve));
      await typeCode(el, await latestCode(email));
      await waitUntil(() => el.step === 'creating', 'the account is being created', { timeout: 10000 });
      await el.updateComplete;
      expect(text(part(el, 'status'))).to.equal('Creating your account…');
      expect(text(part(el, 'announcer'))).to.equal('Creating your account…');
      release();
      await waitUntil(() => el.step === 'done', 'the sign-up ends', { timeout: 15000 });
      expect(part(el, 'base').getAttribute('aria-busy'), 'busy released').to.equal('false');
    });

    it('a resend sends a new code that works; "Use a different email" goes back with the email kept', async () => {
      kit = await testKit();
      const email = uniqueEmail('signup.resend');
      const el = await fixture<LatchSignup>(html`<latch-signup chains="none" .kit=${kit}></latch-signup>`);
      await submitEmail(el, email);
      // The button is cooling down for 30 s: the element reacts to the event itself.
      otpOf(el).dispatchEvent(new LatchOtpResendEvent());
      await waitUntil(() => text(part(el, 'announcer')) === 'We sent a new code.', 'the new code is sent');
      const fresh = await codeNumber(email, 2);

      part(el, 'back').focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(el.step).to.equal('contact');
      expect(part<HTMLInputElement>(el, 'input').value).to.equal(email);
      expect(el.shadowRoot!.activeElement).to.equal(part(el, 'input'));

      await sendKeys({ press: 'Enter' });
      await waitUntil(() => el.step === 'code', 'the code step');
      const third = await codeNumber(email, 3);
      expect(third).to.be.a('string');
      await typeCode(el, third);
      await waitUntil(() => el.step === 'done', 'the sign-up ends', { timeout: 15000 });
      expect(el.result?.created).to.equal(true);
      expect(fresh).to.be.a('string');
    });

    it('copies an address', async () => {
      kit = await testKit();
      const email = uniqueEmail('signup.copy');
      const el = await fixture<LatchSignup>(html`<latch-signup .kit=${kit}></latch-signup>`);
      await submitEmail(el, email);
      await typeCode(el, await latestCode(email));
      await waitUntil(() => el.step === 'done', 'the sign-up ends', { timeout: 15000 });
      await el.updateComplete;
      const copied: string[] = [];
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (value: string) => void copied.push(value) } });
      try {
        const solana = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="copy"]')[1]!;
        solana.click();
        await waitUntil(() => text(solana) === 'Copied');
        expect(copied).to.deep.equal([el.result!.addresses[1]]);
        expect(text(part(el, 'announcer'))).to.equal('Copied');
      } finally {
        delete (navigator as { clipboard?: unknown }).clipboard;
      }
    });

    it('without a kit, sending says the login is not set up and fires latch-error', async () => {
      kit = await testKit();
      const el = await fixture<LatchSignup>(html`<latch-signup locale="es"></latch-signup>`);
      const failed = oneEvent(el, 'latch-error');
      part(el, 'input').focus();
      await sendKeys({ type: 'ada@example.com' });
      await sendKeys({ press: 'Enter' });
      const event = await failed;
      expect(event.detail.error.code).to.equal('ERR_CONFIG_INVALID');
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.equal('Este inicio de sesión no está configurado. Inténtalo más tarde.');
      expect(el.step).to.equal('contact');
    });
  });
});
