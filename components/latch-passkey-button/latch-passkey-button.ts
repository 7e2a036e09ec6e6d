import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { LatchError } from '../../src/errors/latch-error.ts';
import { LatchKitElement } from '../latch-auth/latch-kit-element.ts';
import { passkeyButtonStyles } from './latch-passkey-button.styles.ts';

/**
 * True when this browser can make and use passkeys. (The same test as the passkey flow's, kept
 * here so the button does not load WebAuthn code to decide how to render.)
 */
export function isPasskeySupported(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function' && typeof globalThis.navigator?.credentials?.create === 'function';
}

/**
 * @summary Log in with a passkey, or sign up with a new one.
 *
 * `mode="login"` (the default) is one button: the browser offers the passkeys it holds for this
 * site. `mode="signup"` adds a field for the account's name (what the passkey manager shows;
 * `autocomplete="username webauthn"`) and creates the passkey and the account; with
 * `signup-wallet` the account gets a wallet too. The WebAuthn code loads only when the user
 * presses the button.
 *
 * Messages: a browser without passkeys gets a disabled button and the reason under it, and so
 * does a sign-up on a device that cannot create one (no platform authenticator: the browser is
 * asked once, without loading any WebAuthn code; logging in still works with a phone or a
 * security key); a
 * cancelled prompt (ERR_PASSKEY_CANCELLED), a passkey already on this device
 * (ERR_PASSKEY_EXISTS) and every other failure are shown under the button, which stays usable:
 * pressing it again retries, without a reload.
 *
 * @event {LatchLoginEvent} latch-login - Logged in (`detail.created` after a sign-up).
 * @event {LatchErrorEvent} latch-error - The passkey step failed: `detail.error.code`.
 *
 * @csspart base - The wrapper (a `<form>`).
 * @csspart label - The name field's label (sign-up).
 * @csspart input - The name field (sign-up).
 * @csspart button - The button.
 * @csspart error - Why it failed, or why passkeys are unavailable: an assertive live region.
 * @csspart status - While the passkey prompt is open: "Signing you in…" or "Creating your account…", a visually hidden polite live region (the button shows a spinner). Not inside `<latch-auth>`, whose own status says it.
 *
 * @cssproperty --accent - The button's color (the `accent` attribute).
 */
export class LatchPasskeyButton extends LatchKitElement {
  static override readonly tag = 'latch-passkey-button';
  static override styles = [LatchKitElement.styles, passkeyButtonStyles];

  // Lit's static declaration rather than decorators: the decorator helpers are no code a page's
  // first load should carry (the drop-in's initial chunk has a size budget).
  static override properties: PropertyDeclarations = {
    mode: { reflect: true },
    disabled: { type: Boolean, reflect: true },
    userName: { attribute: 'user-name' },
  };

  /** `login` (use a passkey this device has) or `signup` (create one, with a new account). */
  mode: 'login' | 'signup' = 'login';

  disabled = false;

  /** The account name for a sign-up (the field's value; the user's typing updates it). */
  userName = '';

  #busy = false;
  /**
   * True from the submit until its `latch-login` or `latch-error` has been fired. `<latch-auth>`
   * keeps the button shown meanwhile, so that its event reaches the page.
   */
  get busy(): boolean {
    return this.#busy;
  }
  /** False once the browser says it has no platform authenticator to create a passkey with. */
  #canCreate = true;
  #error: LatchError | undefined;
  #nameError = '';

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('mode') && this.mode === 'signup') {
      // A tiny chunk that asks the browser itself: sign-up is the less common mode.
      void import('../../src/flows/passkey-capabilities.ts')
        .then(({ passkeyCapabilities }) => passkeyCapabilities())
        .then(({ platformAuthenticator }) => {
          this.#canCreate = platformAuthenticator;
          this.requestUpdate();
        });
    }
    if (changed.has('mode') && this.hasUpdated) {
      this.#error = undefined;
      this.#nameError = '';
    }
  }

  protected override render(): TemplateResult {
    const signup = this.mode === 'signup';
    const supported = isPasskeySupported();
    const creatable = !signup || this.#canCreate;
    const off = this.disabled || !supported || !creatable;
    const invalid = this.#nameError !== '';
    const message = !supported
      ? this.t('error.ERR_PASSKEY_UNSUPPORTED')
      : !creatable
        ? this.t('passkey.noAuthenticator')
        : this.#nameError || (this.#error ? this.errorText(this.#error) : '');
    return html`<form part="base" class="base" novalidate @submit=${this.#onSubmit}>
      ${signup
        ? html`<label part="label" class="label" for="name">${this.t('passkey.userName')}</label>
            <input
              part="input"
              class="input"
              id="name"
              name="username"
              autocomplete="username webauthn"
              .value=${this.userName}
              aria-invalid=${invalid ? 'true' : 'false'}
              aria-describedby="error"
              ?disabled=${off}
              @input=${this.#onInput}
            />`
        : nothing}
      <button part="button" class="button primary" type="submit" aria-busy=${this.#busy ? 'true' : 'false'} aria-describedby="error" ?disabled=${off}>
        ${this.t(signup ? 'login.passkeySignup' : 'login.passkeyLogin')}
      </button>
      <div part="error" id="error" class="error" aria-live="assertive">${message || nothing}</div>
      ${this.renderStatus(this.#busy ? this.t(signup ? 'login.creatingAccount' : 'login.signingIn') : '')}
    </form>`;
  }

  readonly #onInput = (event: Event): void => {
    this.userName = (event.target as HTMLInputElement).value;
    this.#nameError = '';
  };

  readonly #onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const signup = this.mode === 'signup';
    if (this.#busy || this.disabled || !isPasskeySupported() || (signup && !this.#canCreate)) return;
    const userName = this.userName.trim();
    if (signup && !userName) {
      this.#nameError = this.t('passkey.userNameMissing');
      this.requestUpdate();
      this.renderRoot.querySelector('input')?.focus();
      return;
    }
    const kit = this.resolvedKit;
    this.#busy = true;
    this.#error = undefined;
    this.requestUpdate();
    try {
      if (!kit) throw new LatchError('ERR_CONFIG_INVALID', 'No LatchKit: set proxy-url and config-id, the kit property, or call configure().');
      const outcome = signup ? await kit.signUpWithPasskey({ userName, ...this.signup }) : await kit.logInWithPasskey();
      this.#busy = false;
      this.requestUpdate();
      this.emitLogin(outcome);
    } catch (error) {
      this.#busy = false;
      this.#error = this.emitError(error);
      this.requestUpdate();
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-passkey-button': LatchPasskeyButton;
  }
}
