// <latch-passkey-button> without an authenticator: rendering, the sign-up field and its
// validation, a browser without passkeys, and how failures are shown (a kit whose passkey calls
// fail the way the flow reports them). The real ceremonies are in the .webauthn.test.ts file.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { after, afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchPasskeyButton, isPasskeySupported } from '../../../components/latch-passkey-button/latch-passkey-button.ts';
import { LatchErrorEvent } from '../../../components/internal/events.ts';
import { deepActiveElement } from '../../../components/internal/focus.ts';
import { LatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';
import { LatchKit, type LoginOutcome, type PasskeySignupOptions } from '../../../src/kit/latch-kit.ts';
import { pinBrowserLanguages, recordEvents, resetConfig } from '../support/helpers.ts';
import { part, parts, text } from '../latch-auth/kit-support.ts';
import { engineHas } from '../../support/engine.ts';

LatchPasskeyButton.define();

/** A kit whose passkey calls fail with `code` (as the passkey flow reports a refusal, a duplicate…), recording what they were asked. */
class FailingKit extends LatchKit {
  readonly signups: PasskeySignupOptions[] = [];
  logins = 0;
  /** Each refusal handed to the element: awaiting one (after the element did) is after its handling. */
  readonly attempts: Promise<LoginOutcome>[] = [];
  constructor(public code: LatchErrorCode) {
    super({ configId: 'offline' });
  }
  override signUpWithPasskey(request: PasskeySignupOptions): Promise<LoginOutcome> {
    this.signups.push(request);
    return this.#refuse();
  }
  override logInWithPasskey(): Promise<LoginOutcome> {
    this.logins += 1;
    return this.#refuse();
  }
  #refuse(): Promise<LoginOutcome> {
    const attempt = Promise.reject(new LatchError(this.code, 'Failed as asked.'));
    this.attempts.push(attempt);
    return attempt;
  }
}

async function passkey(template = html`<latch-passkey-button .kit=${new FailingKit('ERR_PASSKEY_CANCELLED')}></latch-passkey-button>`): Promise<LatchPasskeyButton> {
  return fixture<LatchPasskeyButton>(template);
}

/** Sets `window[name]` for a while (undefined hides it); returns the restorer, which also removes what was not there. */
function replaceGlobal(target: object, name: string, value: unknown): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(target, name);
  Object.defineProperty(target, name, { configurable: true, writable: true, value });
  return () => {
    if (descriptor) Object.defineProperty(target, name, descriptor);
    else delete (target as Record<string, unknown>)[name];
  };
}

/** Pretends this browser has no WebAuthn; returns the restorer. */
const withoutPasskeys = (): (() => void) => replaceGlobal(window, 'PublicKeyCredential', undefined);

/**
 * WebKitGTK's MiniBrowser has no Web Authentication API, so the element there (rightly) offers no
 * passkeys. These tests drive the element with a kit that never reaches WebAuthn, so a stand-in
 * constructor is enough to make the element offer them; the real ceremonies need the virtual
 * authenticator (the .webauthn.test.ts file). Returns the restorer; a no-op where WebAuthn exists.
 */
function withPasskeyApi(): () => void {
  const restores: (() => void)[] = [];
  if (!engineHas('WebAuthn')) {
    restores.push(replaceGlobal(window, 'PublicKeyCredential', function PublicKeyCredential() {}));
    if (typeof navigator.credentials?.create !== 'function') {
      restores.push(replaceGlobal(navigator, 'credentials', { create: () => Promise.reject(new DOMException('stand-in', 'NotAllowedError')), get: () => Promise.reject(new DOMException('stand-in', 'NotAllowedError')) }));
    }
  }
  // A platform authenticator (a fingerprint reader, a screen lock), which headless browsers lack:
  // without one the element offers no passkey sign-up (tested below).
  restores.push(replaceGlobal(window.PublicKeyCredential, 'isUserVerifyingPlatformAuthenticatorAvailable', () => Promise.resolve(true)));
  return () => restores.reverse().forEach((restore) => restore());
}

describe('<latch-passkey-button>', () => {
  let restoreLanguages: () => void;
  let restorePasskeyApi: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
    restorePasskeyApi = withPasskeyApi();
  });
  after(() => {
    restorePasskeyApi();
    restoreLanguages();
  });
  afterEach(() => resetConfig());

  describe('accessibility', () => {
    it('passes axe in both modes, with an error, and without passkey support', async () => {
      const el = await passkey();
      await expect(el).to.be.accessible();
      el.mode = 'signup';
      await el.updateComplete;
      part(el, 'button').click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
      const restore = withoutPasskeys();
      try {
        const bare = await passkey(html`<latch-passkey-button mode="signup" locale="ar"></latch-passkey-button>`);
        await expect(bare).to.be.accessible();
      } finally {
        restore();
      }
    });
  });

  describe('defaults', () => {
    it('login mode: one submit button, no field, an empty assertive message region', async () => {
      const el = await passkey();
      expect(el.mode).to.equal('login');
      expect(el.getAttribute('mode')).to.equal('login');
      const button = part<HTMLButtonElement>(el, 'button');
      expect(button.type).to.equal('submit');
      expect(text(button)).to.equal('Log in with a passkey');
      expect(button.disabled).to.equal(false);
      expect(button.getAttribute('aria-busy')).to.equal('false');
      expect(parts(el, 'input')).to.have.length(0);
      expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
      expect(text(part(el, 'error'))).to.equal('');
      expect(isPasskeySupported()).to.equal(true);
    });

    it('has a part on every meaningful node', async () => {
      const el = await passkey(html`<latch-passkey-button mode="signup"></latch-passkey-button>`);
      for (const name of ['base', 'label', 'input', 'button', 'error']) expect(el.shadowRoot?.querySelector(`[part~="${name}"]`), name).to.be.instanceOf(Element);
    });
  });

  describe('attributes', () => {
    it('mode="signup" adds a labelled name field for passkey managers; user-name fills it', async () => {
      const el = await passkey(html`<latch-passkey-button mode="signup" user-name="Ada"></latch-passkey-button>`);
      const input = part<HTMLInputElement>(el, 'input');
      expect(input.labels?.[0]?.textContent?.trim()).to.equal('Name for your account');
      expect(input.autocomplete).to.equal('username webauthn');
      expect(input.value).to.equal('Ada');
      expect(text(part(el, 'button'))).to.equal('Sign up with a passkey');
    });

    it('disabled disables the field and the button', async () => {
      const el = await passkey(html`<latch-passkey-button mode="signup" disabled></latch-passkey-button>`);
      expect(part<HTMLInputElement>(el, 'input').disabled).to.equal(true);
      expect(part<HTMLButtonElement>(el, 'button').disabled).to.equal(true);
    });

    it('signup-wallet passes a wallet with the sign-up; the typed name is trimmed', async () => {
      const kit = new FailingKit('ERR_PASSKEY_CANCELLED');
      const el = await passkey(html`<latch-passkey-button mode="signup" signup-wallet="eth, sol, dogecoin" .kit=${kit}></latch-passkey-button>`);
      part(el, 'input').focus();
      await sendKeys({ type: '  Grace  ' });
      const failed = oneEvent(el, 'latch-error');
      await sendKeys({ press: 'Enter' });
      await failed;
      expect(kit.signups).to.have.length(1);
      expect(kit.signups[0]!.userName).to.equal('Grace');
      expect(kit.signups[0]!.signup?.wallet?.accounts.map((a) => a.addressFormat)).to.deep.equal(['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_SOLANA']);
      expect(el.userName).to.equal('  Grace  ');
    });
  });

  describe('errors', () => {
    it('sign-up with an empty name: a message next to the field, focus on it, nothing sent or fired', async () => {
      const kit = new FailingKit('ERR_PASSKEY_CANCELLED');
      const el = await passkey(html`<latch-passkey-button mode="signup" .kit=${kit}></latch-passkey-button>`);
      const log = recordEvents(el, ['latch-error', 'latch-login']);
      part(el, 'button').click();
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.equal('Enter a name for your account.');
      expect(part(el, 'input').getAttribute('aria-invalid')).to.equal('true');
      expect(deepActiveElement() === part(el, 'input'), 'focus is on the field').to.equal(true);
      expect(kit.signups).to.have.length(0);
      expect(log.events).to.have.length(0);
      await sendKeys({ type: 'A' });
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.equal('');
      log.stop();
    });

    for (const [code, message] of [
      ['ERR_PASSKEY_CANCELLED', 'Passkey cancelled. Try again or use another method.'],
      ['ERR_PASSKEY_EXISTS', 'You already have a passkey here. Log in with it.'],
      ['ERR_PASSKEY_FAILED', 'The passkey did not work. Try again or use another method.'],
    ] as const) {
      it(`${code}: latch-error with the LatchError, a clear message, and the button works again`, async () => {
        const kit = new FailingKit(code);
        const el = await passkey(html`<latch-passkey-button mode=${code === 'ERR_PASSKEY_EXISTS' ? 'signup' : 'login'} user-name="Ada" .kit=${kit}></latch-passkey-button>`);
        const failed = oneEvent(el, 'latch-error');
        part(el, 'button').click();
        // While the prompt is open: a spinner, and the step said politely.
        await el.updateComplete;
        const waiting = [part(el, 'button').getAttribute('aria-busy'), text(part(el, 'status'))];
        const event = await failed;
        expect(event).to.be.instanceOf(LatchErrorEvent);
        expect(event.detail.error.code).to.equal(code);
        await el.updateComplete;
        expect(waiting).to.deep.equal(['true', code === 'ERR_PASSKEY_EXISTS' ? 'Creating your account…' : 'Signing you in…']);
        expect(text(part(el, 'status')), 'the wait is over').to.equal('');
        expect(text(part(el, 'error'))).to.equal(message);
        expect(part(el, 'button').getAttribute('aria-busy')).to.equal('false');
        const again = oneEvent(el, 'latch-error');
        part(el, 'button').click();
        await again;
        expect(kit.signups.length + kit.logins).to.equal(2);
      });
    }

    it('a cancellation of the request itself (ERR_NETWORK_ABORTED) is silent', async () => {
      const kit = new FailingKit('ERR_NETWORK_ABORTED');
      const el = await passkey(html`<latch-passkey-button .kit=${kit}></latch-passkey-button>`);
      const log = recordEvents(el, ['latch-error']);
      part(el, 'button').click();
      expect(kit.attempts, 'the click asked the kit').to.have.length(1);
      // The element awaited this refusal first, so its handling (an event or none) is done after ours.
      await kit.attempts[0]!.catch(() => undefined);
      await el.updateComplete;
      expect(part(el, 'button').getAttribute('aria-busy'), 'the attempt is over').to.equal('false');
      expect(log.events).to.have.length(0);
      expect(text(part(el, 'error'))).to.equal('');
      log.stop();
    });

    it('switching mode clears the message', async () => {
      const el = await passkey();
      part(el, 'button').click();
      await oneEvent(el, 'latch-error');
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.not.equal('');
      el.mode = 'signup';
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.equal('');
    });

    it('without a kit: ERR_CONFIG_INVALID', async () => {
      const el = await passkey(html`<latch-passkey-button></latch-passkey-button>`);
      const failed = oneEvent(el, 'latch-error');
      part(el, 'button').click();
      expect((await failed).detail.error.code).to.equal('ERR_CONFIG_INVALID');
    });

    it('a browser without passkeys: the button is disabled and the reason is shown', async () => {
      const restore = withoutPasskeys();
      try {
        const el = await passkey(html`<latch-passkey-button mode="signup"></latch-passkey-button>`);
        expect(isPasskeySupported()).to.equal(false);
        expect(part<HTMLButtonElement>(el, 'button').disabled).to.equal(true);
        expect(part<HTMLInputElement>(el, 'input').disabled).to.equal(true);
        expect(text(part(el, 'error'))).to.equal('This browser has no passkeys. Use another method.');
        expect(part(el, 'button').getAttribute('aria-describedby')).to.equal('error');
      } finally {
        restore();
      }
    });
  });

  describe('a device that cannot create a passkey', () => {
    it('sign-up is disabled with the reason (asked of the browser, no WebAuthn code loaded); login is still offered', async () => {
      const Real = window.PublicKeyCredential;
      const NoPlatform = Object.assign(function PublicKeyCredential() {}, {
        isUserVerifyingPlatformAuthenticatorAvailable: () => Promise.resolve(false),
        isConditionalMediationAvailable: () => Promise.resolve(true),
      });
      const restore = replaceGlobal(window, 'PublicKeyCredential', NoPlatform);
      try {
        const kit = new FailingKit('ERR_PASSKEY_CANCELLED');
        const signup = await passkey(html`<latch-passkey-button mode="signup" user-name="Ada" .kit=${kit}></latch-passkey-button>`);
        await waitUntil(() => part<HTMLButtonElement>(signup, 'button').disabled, 'sign-up is disabled');
        expect(text(part(signup, 'error'))).to.equal('This device cannot create a passkey: sign up another way.');
        expect(part(signup, 'button').getAttribute('aria-describedby')).to.equal('error');
        part<HTMLFormElement>(signup, 'base').requestSubmit();
        expect(kit.signups).to.have.length(0);
        const login = await passkey(html`<latch-passkey-button .kit=${kit}></latch-passkey-button>`);
        expect(part<HTMLButtonElement>(login, 'button').disabled).to.equal(false);
        expect(text(part(login, 'error'))).to.equal('');
        await expect(signup).to.be.accessible();
      } finally {
        restore();
      }
      expect(window.PublicKeyCredential).to.equal(Real);
    });
  });

  describe('translations', () => {
    it('Spanish, and Arabic right to left', async () => {
      const es = await passkey(html`<latch-passkey-button mode="signup" locale="es"></latch-passkey-button>`);
      expect(text(part(es, 'label'))).to.equal('Nombre para tu cuenta');
      expect(text(part(es, 'button'))).to.equal('Registrarse con una llave de acceso');
      const ar = await passkey(html`<latch-passkey-button locale="ar" .kit=${new FailingKit('ERR_PASSKEY_CANCELLED')}></latch-passkey-button>`);
      expect(ar.getAttribute('dir')).to.equal('rtl');
      expect(text(part(ar, 'button'))).to.equal('تسجيل الدخول بمفتاح مرور');
      part(ar, 'button').click();
      await oneEvent(ar, 'latch-error');
      await ar.updateComplete;
      expect(text(part(ar, 'error'))).to.equal('تم إلغاء مفتاح المرور. حاول مرة أخرى أو استخدم طريقة أخرى.');
    });
  });
});
