import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { LatchError } from '../../src/errors/latch-error.ts';
import type { LatchKit, LoginMethod, LoginOutcome } from '../../src/kit/latch-kit.ts';
import type { SessionSummary } from '../../src/session/signing-session.ts';
import { $flow } from '../../src/state/flow-state.ts';
import { $session } from '../../src/state/session-state.ts';
import type { LatchOtpCompleteEvent } from '../internal/events.ts';
import { StoreController } from '../internal/store-controller.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { LatchOauthButton } from '../latch-oauth-button/latch-oauth-button.ts';
import type { LatchOtpInput } from '../latch-otp-input/latch-otp-input.ts';
import { LatchPasskeyButton } from '../latch-passkey-button/latch-passkey-button.ts';
import { authStyles } from './latch-auth.styles.ts';
import type { LoggedInView } from './logged-in-view.ts';
import type { ModalDialog } from './modal-dialog.ts';
import type { PhoneField } from './phone-field.ts';
import type { WalletLogin } from './wallet-login.ts';
import { LatchCancelEvent } from './latch-cancel-event.ts';
import { asLatchError, LatchKitElement } from './latch-kit-element.ts';

type ContactMethod = 'email' | 'sms';
type View = 'loading' | 'failed' | 'methods' | 'code';

/** How each contact method is asked for and checked (the same rules as the OTP flow's, so nothing invalid is sent). */
const CONTACTS = {
  email: { otpType: 'OTP_TYPE_EMAIL', pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, type: 'email', label: 'login.email', invalid: 'login.emailInvalid' },
  sms: { otpType: 'OTP_TYPE_SMS', pattern: /^\+[1-9]\d{6,14}$/, type: 'tel', label: 'login.phone', invalid: 'login.phoneInvalid' },
} as const;

/** `$flow` name/step → the progress text. `otp/code-sent` names the contact; a failed step shows nothing (the error says it). */
const PROGRESS: Readonly<Record<string, MessageKey>> = {
  'otp/sending': 'auth.sending',
  'otp/verifying': 'login.signingIn',
  'oauth/popup': 'auth.popup',
  'oauth/redirecting': 'auth.redirecting',
  'oauth/verifying': 'login.signingIn',
  'passkey/creating': 'login.creatingAccount',
  'passkey/authenticating': 'login.signingIn',
};

const isContact = (method: LoginMethod): method is ContactMethod => method === 'email' || method === 'sms';

let otpInput: Promise<unknown> | undefined;
let modalDialog: Promise<{ ModalDialog: typeof ModalDialog }> | undefined;
let loggedInView: Promise<{ LoggedInView: typeof LoggedInView }> | undefined;
let phoneField: Promise<{ PhoneField: typeof PhoneField }> | undefined;
let walletLogin: Promise<{ WalletLogin: typeof WalletLogin }> | undefined;

/**
 * `<latch-otp-input>` is needed only once a code is sent, so it is not part of the first paint:
 * it starts loading when a contact form shows and is awaited with the sending.
 */
function loadOtpInput(): Promise<unknown> {
  return (otpInput ??= import('../latch-otp-input/latch-otp-input.ts').then(
    (module) => module.LatchOtpInput.define(),
    (error: unknown) => {
      otpInput = undefined;
      throw error;
    },
  ));
}

/**
 * @summary The drop-in: every login method the organization enabled, in one element. Inline, or
 * a modal dialog.
 *
 * It loads the wallet_kit_config and shows exactly the methods it enables, in the kit's default
 * order (email, SMS, passkey, Google, Apple, Facebook, X, Discord) or with those named in
 * `methods` first. Email and SMS ask for the address or number (checked before anything is
 * sent), then for the code (the config's length and alphabet), with a resend on a cooldown; the
 * account lookup decides between logging in and signing up. The phone field, once first focused,
 * loads a country picker (flag and calling code; a searchable list of every country and region,
 * named in the element's language; by default the region of `locale`, of the page's `lang`, or of
 * the browser's first language that has one, else US), formats the number as it is typed, checks it
 * for that country and sends it as E.164; a number typed or pasted with its own `+` code switches
 * the country. Until that chunk has loaded (or if it cannot), the field takes E.164 typed by hand.
 * With the `wallet` method enabled, the wallets the page's extensions announce (EIP-6963, and
 * Solana wallets through the Wallet Standard) follow the other methods, with their icons and
 * names; pressing one asks the wallet to connect and to sign one login request (`personal_sign`,
 * or `solana:signMessage`), which signs up or logs in with the wallet's own key.
 * That part and its strings load only when the config enables `wallet`.
 * Passkeys and OAuth providers are
 * `<latch-passkey-button>` and `<latch-oauth-button>` inside. Until the config is loaded it shows
 * only a small loading state. An OAuth login that came back by redirect is finished on load.
 *
 * With passkeys enabled, the email field also offers the site's passkeys in its autofill
 * (`autocomplete="username webauthn"`, WebAuthn conditional mediation started on its first
 * focus, so the passkey code loads then); picking one logs in. A device that cannot create a
 * passkey is told so on the passkey sign-up, and can still log in with a phone or security key.
 *
 * While someone is logged in (after a login here, a session an earlier page load left, a login in
 * another tab) it shows who: an initials avatar, the user's name and organization (from whoami),
 * Continue (`latch-continue`) and Log out; a logout anywhere brings the methods back, announced.
 * `hide-when-logged-in` renders nothing instead (inline only). That view is a separate chunk.
 *
 * Which kit: the `kit` property, else the `proxy-url` + `config-id` attributes, else the kit of
 * `configure()`. Theme, locale and copy: the config, then the page's `--latch-*` properties,
 * then the `locale` and `accent` attributes. To hide the light DOM (slotted header, legal text)
 * before the element is defined: `latch-auth:not(:defined) { visibility: hidden; }`.
 *
 * `modal`: a real dialog (`role="dialog"`, `aria-modal="true"`, labelled by its title) shown by
 * `show()` or the `open` attribute; focus is trapped inside while open and returns to where it
 * was when it closes; the rest of the page is inert and does not scroll meanwhile; Escape, the
 * close button and the backdrop dismiss it (`latch-cancel`); it closes by itself after a login.
 *
 * @slot logo - Above the title. Default: the config's `theme.logoUrl` image, if any.
 * @slot header - Replaces the title ("Log in or sign up").
 * @slot legal - Terms and privacy text, under the methods.
 * @slot footer - The last thing in the element.
 * @slot captcha - The captcha widget, under the methods: where the kit's `captcha` option (Cloudflare Turnstile) puts it; hidden unless the person must interact.
 *
 * @event {LatchLoginEvent} latch-login - Logged in: `detail.session` (ids, expiry), `detail.created` (a sign-up).
 * @event {LatchErrorEvent} latch-error - A login step failed: `detail.error` is the LatchError (switch on `code`).
 * @event {LatchCancelEvent} latch-cancel - The user dismissed the modal dialog.
 * @event {LatchPhoneCountryEvent} latch-phone-country - The phone field reads numbers in another country: the user picked it, or typed or pasted a number with its `+` code. `detail.country`: ISO 3166-1 alpha-2 (`GB`).
 * @event {LatchContinueEvent} latch-continue - Logged in, the user pressed Continue: `detail.session` (ids, expiry). A modal also closes.
 *
 * @csspart base - The card holding everything.
 * @csspart backdrop - `modal`: the full-window backdrop.
 * @csspart dialog - `modal`: the dialog.
 * @csspart close - `modal`: the close button.
 * @csspart header - The logo and title.
 * @csspart logo - The logo container.
 * @csspart logo-image - The config's logo image.
 * @csspart title - The title (the dialog's label).
 * @csspart body - The current step (loading, methods, code).
 * @csspart loading - The loading state.
 * @csspart retry - The retry button after the config failed to load.
 * @csspart methods - The list of methods.
 * @csspart divider - The "or" between methods.
 * @csspart form - An email or SMS form (also `form-email`, `form-sms`).
 * @csspart label - A field's label.
 * @csspart input - The email or phone field.
 * @csspart phone - The phone field's row: the country button (once loaded) and the field.
 * @csspart country - The country button (flag and calling code); opens the list.
 * @csspart country-flag - The flag in the country button.
 * @csspart calling-code - The calling code in the country button.
 * @csspart country-popup - The panel with the country search and list.
 * @csspart country-search - The country search field (a combobox).
 * @csspart country-list - The list of countries (a listbox).
 * @csspart country-option - Each country in the list.
 * @csspart country-none - "No country or region matches.", a polite live region.
 * @csspart field-error - A field's error, an assertive live region.
 * @csspart submit - "Send code".
 * @csspart passkey - The passkey method (button and mode switch).
 * @csspart passkey-button - The `<latch-passkey-button>` (its parts: `passkey-control`, `passkey-input`, `passkey-label`, `passkey-error`).
 * @csspart passkey-toggle - Switches between passkey login and sign-up.
 * @csspart providers - The group of OAuth buttons.
 * @csspart oauth-button - Each `<latch-oauth-button>` (its parts: `oauth-control`, `oauth-logo`, `oauth-label`, `oauth-error`).
 * @csspart wallets - `wallet` enabled: the list of the wallets this browser's extensions announce (EIP-6963; Solana: the Wallet Standard).
 * @csspart wallet - Each wallet's button ("Continue with …"): connects it, then signs up or logs in with its key.
 * @csspart wallet-icon - The wallet's announced icon (shown only when it is a data:image URI).
 * @csspart wallet-name - The wallet's button text.
 * @csspart wallets-none - "No wallet found in this browser.", when none announced itself.
 * @csspart wallet-status - "Confirm in …" while the wallet is asked, a polite live region.
 * @csspart wallet-error - What went wrong with the wallet (a rejection, a refused signature), an assertive live region.
 * @csspart code - The code step.
 * @csspart otp - The `<latch-otp-input>` (its parts: `otp-box`, `otp-label`, `otp-error`, `otp-resend`).
 * @csspart back - "Use another method".
 * @csspart account - The logged-in view.
 * @csspart avatar - The user's initials.
 * @csspart account-name - "Logged in as …" (the user's name), once it is known (until then the title alone says "You are logged in").
 * @csspart account-organization - The organization's name.
 * @csspart continue - Continue, while logged in.
 * @csspart logout - Log out, while logged in.
 * @csspart status - The progress text, a polite live region.
 * @csspart error - Errors not tied to a field (the config load, a redirect login), an assertive live region.
 * @csspart footer - The legal and footer slots.
 * @csspart legal - The legal slot's container.
 *
 * @cssproperty --accent - Primary color of the drop-in and the elements inside (the `accent` attribute).
 * @cssproperty --width - Width of the card (inline) or dialog. Default: 26rem, at most the available width.
 */
export class LatchAuth extends LatchKitElement {
  static override readonly tag = 'latch-auth';
  static override styles = [LatchKitElement.styles, authStyles];

  /** Defines `<latch-auth>` and the elements it renders (`<latch-otp-input>` when it has loaded). */
  static override define(tag?: string): boolean {
    LatchOauthButton.define();
    LatchPasskeyButton.define();
    return super.define(tag);
  }

  /**
   * Methods to show first, as a comma list (`passkey,email,google`). It reorders, never adds:
   * a method the config does not enable stays hidden, and enabled methods it does not name
   * follow in the default order. Names: email, sms, passkey, google, apple, facebook, x, discord.
   */
  @property() methods = '';

  /** Show as a modal dialog (see `open`) instead of inline. */
  @property({ type: Boolean, reflect: true }) modal = false;

  /** `modal`: whether the dialog is showing. Setting it fires no event. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** Inline: render nothing while someone is logged in, instead of the logged-in view. */
  @property({ type: Boolean, attribute: 'hide-when-logged-in' }) hideWhenLoggedIn = false;

  #view: View = 'loading';
  /** The kit whose config the view shows (undefined: there is none); null until the first load. */
  #loaded: LatchKit | undefined | null = null;
  #error: LatchError | undefined;
  /** What is in flight: a contact method's code being sent, or the code being checked. */
  #busy: ContactMethod | 'code' | '' = '';
  #fieldErrors: Partial<Record<ContactMethod, string>> = {};
  /** What the user last sent a code to, per method (kept when they go back to fix it). */
  #contacts: Partial<Record<ContactMethod, string>> = {};
  #code: { method: ContactMethod; contact: string; otpId: string } | undefined;
  #codeError = '';
  #passkeySignup = false;
  #slotted: Record<string, boolean> = {};
  /** `modal`: the dialog's focus trap and inert page (a separate chunk, loaded when `modal` is set). */
  #dialog: ModalDialog | undefined;
  /** The logged-in view (a separate chunk, loaded once the methods show, so that it hears the login). */
  #account: LoggedInView | undefined;
  /** The session key the logged-in view was last cleared to show (see #renderView). */
  #accountKey = '';
  /** True for one task after a login while the methods showed (see #renderView). */
  #holding = false;
  #methodsShown = false;
  /** Passkey autofill in the email field, while it waits for the user to pick a passkey. */
  #autofill: AbortController | undefined;
  /** The phone field's country picker and formatting (a separate chunk, loaded when the field is first focused). */
  #phone: PhoneField | undefined;
  /** The external-wallet method (a separate chunk, loaded when the config enables `wallet`). */
  #wallets: WalletLogin | undefined;
  readonly #flow = new StoreController(this, $flow);
  // Logins and logouts (also another tab's) re-render; what shows is this kit's own session.
  readonly #session = new StoreController(this, $session);

  /** Opens the modal dialog (no event). */
  show(): void {
    this.open = true;
  }

  /** Closes the modal dialog (no event); focus returns to where it was before it opened. */
  close(): void {
    this.open = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Not during server-side rendering: loading the config is the browser's job.
    if (this.isConnected && this.resolvedKit !== this.#loaded) this.#load();
  }

  /** This kit's session while it is usable, else null (`$session` may hold another kit's). */
  #summary(): SessionSummary | null {
    const session = this.#session.value && this.#loaded?.session;
    return session && session.active ? session.summary : null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (changed.has('open') || changed.has('modal')) this.#syncDialog();
  }

  #syncDialog(): void {
    if (this.modal && !this.#dialog) {
      (modalDialog ??= import('./modal-dialog.ts')).then(
        ({ ModalDialog }) => {
          this.#dialog ??= new ModalDialog(this, () => this.renderRoot.querySelector('[part="dialog"]'));
          this.#syncDialog();
        },
        () => (modalDialog = undefined), // offline: the next open tries again
      );
    } else if (this.modal && this.open) this.#dialog?.open();
    else this.#dialog?.close();
  }

  #load(): void {
    const kit = (this.#loaded = this.resolvedKit);
    this.#code = undefined;
    this.#error = undefined;
    this.#view = 'loading';
    if (!kit) {
      this.#view = 'failed';
      this.#error = new LatchError('ERR_CONFIG_INVALID', 'No LatchKit: set proxy-url and config-id, the kit property, or call configure().');
      return;
    }
    void this.resumeRedirect(kit, (error) => this.#set(() => (this.#error = error)), true);
    // A session an earlier page load left shows the logged-in view; a failed restore is the kit's to report.
    kit.restoreSession().then(() => this.requestUpdate(), () => undefined);
    kit.loadConfig().then(
      () => {
        if (this.#loaded !== kit) return;
        void this.#shown(() => (this.#view = 'methods'));
        if (kit.enabledMethods().some(isContact)) loadOtpInput().catch(() => undefined);
        if (kit.config?.enabledProviders.includes('wallet')) this.#loadWallets();
        this.#loadAccount();
      },
      // Not a user action: shown with a retry, not dispatched (the kit fires its own `error`).
      (error: unknown) => this.#loaded === kit && this.#set(() => ((this.#view = 'failed'), (this.#error = asLatchError(error)))),
    );
  }

  /** Applies `change` and re-renders. */
  #set(change: () => unknown): void {
    change();
    this.requestUpdate();
  }

  /** Applies `change` (a new step), then puts focus on the step's first control when the dialog has it. */
  async #shown(change: () => unknown, focus?: () => void): Promise<void> {
    this.#set(change);
    await this.updateComplete;
    if (focus) focus();
    else if (this.#dialog?.active) this.#dialog.focusFirst();
  }

  readonly #cancel = (): void => {
    this.close();
    this.dispatchEvent(new LatchCancelEvent());
  };

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.open && !event.defaultPrevented) {
      event.preventDefault();
      this.#cancel();
    }
  };

  readonly #onBackdrop = (event: Event): void => {
    if (event.target === event.currentTarget) this.#cancel();
  };

  readonly #onSlot = (event: Event): void => {
    const slot = event.target as HTMLSlotElement;
    this.#set(() => (this.#slotted[slot.name] = slot.assignedNodes().length > 0));
  };

  readonly #onSend = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const method = form.dataset['method'] as ContactMethod;
    const spec = CONTACTS[method];
    const input = form.querySelector('input')!;
    const kit = this.#loaded;
    if (this.#busy || !kit) return;
    const raw = input.value.trim();
    // Once loaded, the phone field reads the number in its country: E.164, or what form it expects.
    const [phone, invalid] = (method === 'sms' && this.#phone?.check()) || [];
    // Phone numbers are often typed with spaces, dashes or brackets; the service wants E.164.
    const contact = phone ?? (method === 'sms' ? raw.replace(/[\s().-]/g, '') : raw);
    this.#contacts[method] = raw;
    if (!spec.pattern.test(contact)) {
      this.#set(() => (this.#fieldErrors = { [method]: invalid || this.t(spec.invalid) }));
      input.focus();
      return;
    }
    this.#set(() => ((this.#busy = method), (this.#fieldErrors = {})));
    try {
      const [{ otpId }] = await Promise.all([kit.startOtp(spec.otpType, contact), loadOtpInput()]);
      this.#busy = '';
      await this.#shown(
        () => ((this.#code = { method, contact, otpId }), (this.#view = 'code'), (this.#codeError = '')),
        () => this.#otp()?.focus(),
      );
    } catch (error) {
      const latch = this.emitError(error);
      this.#set(() => {
        this.#busy = '';
        if (latch) this.#fieldErrors = { [method]: latch.code === 'ERR_INPUT_INVALID' ? this.t(spec.invalid) : this.errorText(latch) };
      });
    }
  };

  readonly #onCode = async (event: LatchOtpCompleteEvent): Promise<void> => {
    const step = this.#code;
    const kit = this.#loaded;
    if (!step || !kit || this.#busy) return;
    this.#set(() => ((this.#busy = 'code'), (this.#codeError = '')));
    try {
      const outcome = await kit.completeOtp({ otpType: CONTACTS[step.method].otpType, contact: step.contact, otpId: step.otpId, otpCode: event.detail.code, ...this.signup });
      this.#set(() => ((this.#busy = ''), (this.#code = undefined), (this.#view = 'methods'), (this.#contacts = {})));
      this.emitLogin(outcome);
    } catch (error) {
      const latch = this.emitError(error);
      await this.#shown(
        () => ((this.#busy = ''), (this.#codeError = latch ? this.errorText(latch) : '')),
        () => {
          const otp = this.#otp();
          otp?.clear();
          otp?.focus();
        },
      );
    }
  };

  readonly #onResend = async (): Promise<void> => {
    const step = this.#code;
    const kit = this.#loaded;
    if (!step || !kit) return;
    this.#set(() => (this.#codeError = ''));
    try {
      const { otpId } = await kit.startOtp(CONTACTS[step.method].otpType, step.contact);
      if (this.#code === step) this.#code = { ...step, otpId };
    } catch (error) {
      const latch = this.emitError(error);
      this.#set(() => (this.#codeError = latch ? this.errorText(latch) : ''));
      // Nothing was sent: no wait before the next try.
      this.#otp()?.startCooldown(0);
    }
  };

  readonly #onBack = (): void => {
    const method = this.#code?.method;
    void this.#shown(
      () => ((this.#code = undefined), (this.#view = 'methods'), (this.#codeError = '')),
      () => this.renderRoot.querySelector<HTMLInputElement>(`#${method}`)?.focus(),
    );
  };

  /**
   * Offers this site's passkeys in the email field's autofill, from its first focus on (the
   * passkey code loads then, not with the page). A pick logs in like the passkey button.
   */
  readonly #startAutofill = (): void => {
    const kit = this.#loaded;
    if (this.#autofill || !kit?.enabledMethods().includes('passkey')) return;
    const stop = (this.#autofill = new AbortController());
    kit
      .logInWithPasskeyAutofill({ signal: stop.signal })
      .then(
        (outcome) => outcome && this.emitLogin(outcome),
        (error: unknown) => {
          const latch = this.emitError(error);
          if (latch) this.#set(() => (this.#error = latch));
        },
      )
      .finally(() => this.#autofill === stop && (this.#autofill = undefined));
  };

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#autofill?.abort();
  }

  protected override emitLogin(outcome: LoginOutcome): void {
    this.#autofill?.abort(); // logged in: nothing more to pick
    super.emitLogin(outcome);
    if (this.modal) this.close();
  }

  // The buttons inside close the modal too: their latch-login crosses this element on its way to the page.
  readonly #onChildLogin = (): void => {
    if (this.modal) this.close();
  };

  #renderAccount(summary: SessionSummary): unknown {
    if (this.#account) return this.#account.render(summary);
    this.#loadAccount();
    return this.#renderView('loading');
  }

  /** The logged-in view; loaded once the methods show, so that it is there for the login. */
  #loadAccount(): void {
    (loggedInView ??= import('./logged-in-view.ts')).then(
      ({ LoggedInView }) => this.#set(() => (this.#account ??= new LoggedInView(this))),
      () => (loggedInView = undefined), // offline: the next render tries again
    );
  }

  /** The phone field's picker and formatting; until they have loaded it takes E.164 typed by hand. */
  readonly #loadPhone = (): void => {
    (phoneField ??= import('./phone-field.ts')).then(
      ({ PhoneField }) => this.#set(() => (this.#phone ??= new PhoneField(this))),
      () => (phoneField = undefined), // offline: the next focus tries again
    );
  };

  /** The wallet method: the wallets the page's extensions announce, and the login with one. */
  #loadWallets(): void {
    (walletLogin ??= import('./wallet-login.ts')).then(
      ({ WalletLogin }) => this.#set(() => (this.#wallets ??= new WalletLogin(this, (o) => this.emitLogin(o), (e) => this.emitError(e)))),
      () => (walletLogin = undefined), // offline: the next config load tries again
    );
  }

  #otp(): LatchOtpInput | null {
    return this.renderRoot.querySelector('latch-otp-input');
  }

  protected override render(): TemplateResult | typeof nothing {
    const summary = this.#summary();
    if (summary && this.hideWhenLoggedIn && !this.modal) return nothing;
    const logoUrl = this.effectiveConfig?.theme?.logoUrl;
    const logo = logoUrl && /^https?:\/\//i.test(logoUrl) ? logoUrl : '';
    const slotted = this.#slotted;
    const body = html`<div part="base" class="base" aria-busy=${this.#view === 'loading' ? 'true' : 'false'} @latch-login=${this.#onChildLogin}>
      <div part="header" class="header">
        <div part="logo" class="logo" ?hidden=${!logo && !slotted['logo']}>
          <slot name="logo" @slotchange=${this.#onSlot}>${logo ? html`<img part="logo-image" src=${logo} alt="" />` : nothing}</slot>
        </div>
        <slot name="header"><h2 part="title" class="title" id="title">${summary && this.#account ? this.#account.title() : this.t('login.title')}</h2></slot>
      </div>
      <div part="body" class="body">${this.#renderView()}</div>
      <slot name="captcha"></slot>
      <p part="status" class=${this.#flowStep() === 'otp/code-sent' || this.#view === 'loading' ? 'status visually-hidden' : 'status'} role="status">${this.#progress() || this.#account?.said || (this.#view === 'loading' ? this.t('common.loading') : '')}</p>
      <div part="error" class="error" aria-live="assertive">${this.#error ? this.errorText(this.#error) : nothing}</div>
      <div part="footer" class="footer" ?hidden=${!slotted['legal'] && !slotted['footer']}>
        <div part="legal" class="legal"><slot name="legal" @slotchange=${this.#onSlot}></slot></div>
        <slot name="footer" @slotchange=${this.#onSlot}></slot>
      </div>
    </div>`;
    if (!this.modal) return body;
    return html`<div part="backdrop" class="backdrop" @click=${this.#onBackdrop}>
      <div part="dialog" class="dialog" role="dialog" aria-modal="true" aria-labelledby="title" tabindex="-1" @keydown=${this.#onKeydown}>
        <button part="close" class="close" type="button" aria-label=${this.t('common.close')} @click=${this.#cancel}>×</button>
        ${body}
      </div>
    </div>`;
  }

  /** `name/step` of the flow in progress; '' when none (or it failed: the error says it). */
  #flowStep(): string {
    const flow = this.#flow.value;
    return flow && !flow.error ? `${flow.name}/${flow.step}` : '';
  }

  #progress(): string {
    const step = this.#flowStep();
    if (!step) return '';
    if (step === 'otp/code-sent') return this.#code ? this.t('login.codeSentTo', { contact: this.#code.contact }) : '';
    const key = PROGRESS[step];
    return key ? this.t(key) : '';
  }

  #renderView(view = this.#view): unknown {
    const kit = this.#loaded;
    const summary = view === 'methods' && this.#summary();
    if (summary && summary.publicKey !== this.#accountKey) {
      this.#accountKey = summary.publicKey;
      // Logged in while the methods showed: a button inside dispatches its latch-login in the
      // microtasks after the kit's login, and only a connected button's event reaches the page.
      // The methods stay for one more task.
      if (this.#methodsShown) {
        this.#holding = true;
        setTimeout(() => this.#set(() => (this.#holding = false)));
      }
    }
    this.#methodsShown = false;
    if (summary && !this.#holding) return this.#renderAccount(summary);
    switch (view) {
      case 'loading':
        return html`<div part="loading" class="loading"><span class="spinner" aria-hidden="true"></span>${this.t('common.loading')}</div>`;
      case 'failed':
        return html`<button part="retry" class="button" type="button" @click=${() => this.#set(() => (this.#loaded = null))}>${this.t('common.retry')}</button>`;
      case 'code':
        return this.#renderCode(kit!);
      default:
        this.#methodsShown = true;
        return this.#renderMethods(kit!);
    }
  }

  #renderMethods(kit: LatchKit): TemplateResult {
    // Consecutive OAuth providers form one group; an "or" separates the groups and other methods.
    const groups: (LoginMethod | LoginMethod[])[] = [];
    for (const method of kit.enabledMethods(this.methods.split(','))) {
      const last = groups[groups.length - 1];
      if (isContact(method) || method === 'passkey') groups.push(method);
      else if (Array.isArray(last)) last.push(method);
      else groups.push([method]);
    }
    return html`<div part="methods" class="methods">
      ${groups.map(
        (group, i) => html`${i ? html`<div part="divider" class="divider">${this.t('common.or')}</div>` : nothing}
        ${Array.isArray(group)
          ? html`<div part="providers" class="providers">${group.map((provider) => this.#renderProvider(kit, provider))}</div>`
          : group === 'passkey'
            ? this.#renderPasskey(kit)
            : this.#renderContact(group as ContactMethod)}`,
      )}
      ${this.#wallets?.render(kit)}
    </div>`;
  }

  #renderContact(method: ContactMethod): TemplateResult {
    const spec = CONTACTS[method];
    const error = this.#fieldErrors[method] ?? '';
    const field = html`<input
        part="input"
        class="input"
        id=${method}
        name=${method}
        type=${spec.type}
        inputmode=${spec.type}
        autocomplete=${method === 'email' && this.#loaded?.enabledMethods().includes('passkey') ? 'username webauthn' : spec.type}
        @focusin=${method === 'email' ? this.#startAutofill : undefined}
        required
        .value=${this.#contacts[method] ?? ''}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby="${method}-error"
      />`;
    return html`<form part="form form-${method}" class="form" novalidate data-method=${method} @submit=${this.#onSend}>
      <label part="label" class="label" for=${method}>${this.t(spec.label)}</label>
      ${method === 'sms' ? html`<div part="phone" class="form" @focusin=${this.#loadPhone}>${this.#phone?.render()}${field}</div>` : field}
      <div part="field-error" class="error" id="${method}-error" aria-live="assertive">${error}</div>
      <button part="submit" class="button primary" type="submit" aria-busy=${this.#busy === method ? 'true' : 'false'}>${this.t('login.sendCode')}</button>
    </form>`;
  }

  #renderPasskey(kit: LatchKit): TemplateResult {
    const signup = this.#passkeySignup;
    return html`<div part="passkey" class="passkey">
      <latch-passkey-button
        part="passkey-button"
        exportparts="button:passkey-control,input:passkey-input,label:passkey-label,error:passkey-error"
        mode=${signup ? 'signup' : 'login'}
        .kit=${kit}
        .signupWallet=${this.signupWallet}
        .locale=${this.locale}
        .accent=${this.accent}
        .config=${this.config}
      ></latch-passkey-button>
      <button part="passkey-toggle" class="link" type="button" @click=${() => this.#set(() => (this.#passkeySignup = !signup))}>
        ${this.t(signup ? 'login.passkeyLogin' : 'login.passkeySignup')}
      </button>
    </div>`;
  }

  #renderProvider(kit: LatchKit, provider: LoginMethod): TemplateResult {
    return html`<latch-oauth-button
      part="oauth-button"
      exportparts="button:oauth-control,logo:oauth-logo,label:oauth-label,error:oauth-error"
      provider=${provider}
      .kit=${kit}
      .signupWallet=${this.signupWallet}
      .locale=${this.locale}
      .accent=${this.accent}
      .config=${this.config}
    ></latch-oauth-button>`;
  }

  #renderCode(kit: LatchKit): TemplateResult {
    const step = this.#code!;
    const config = kit.config;
    return html`<div part="code" class="code">
      <latch-otp-input
        part="otp"
        exportparts="input:otp-box,label:otp-label,error:otp-error,resend:otp-resend"
        length=${Number(config?.otpLength) || 6}
        ?alphanumeric=${config?.otpAlphanumeric === true}
        ?disabled=${this.#busy === 'code'}
        .errorMessage=${this.#codeError}
        .locale=${this.locale}
        .accent=${this.accent}
        .config=${this.config}
        @latch-otp-complete=${this.#onCode}
        @latch-otp-resend=${this.#onResend}
      >
        <span slot="description">${this.t('login.codeSentTo', { contact: step.contact })}</span>
      </latch-otp-input>
      <button part="back" class="link" type="button" @click=${this.#onBack}>${this.t('login.otherMethod')}</button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-auth': LatchAuth;
  }
}
