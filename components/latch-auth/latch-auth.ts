// First: its request leaves while the rest of the drop-in is evaluated (see the module).
import { takeEarlyConfigRequest } from './early-config-request.ts';
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { LatchError } from '../../src/errors/latch-error.ts';
import type { LatchKit, LoginOutcome } from '../../src/kit/latch-kit.ts';
import type { SessionSummary } from '../../src/session/signing-session.ts';
import { $flow } from '../../src/state/flow-state.ts';
import { $session } from '../../src/state/session-state.ts';
import { StoreController } from '../internal/store-controller.ts';
import { LatchOauthButton } from '../latch-oauth-button/latch-oauth-button.ts';
import { LatchPasskeyButton } from '../latch-passkey-button/latch-passkey-button.ts';
import { ContactLoginController, loadCodeStep } from './contact-login-controller.ts';
import { DialogFrame } from './dialog-frame.ts';
import { authStyles } from './latch-auth.styles.ts';
import type { LoggedInView } from './logged-in-view.ts';
import type { WalletLogin } from './wallet-login.ts';
import { asLatchError, LatchKitElement } from './latch-kit-element.ts';
import { isContact } from './login-contacts.ts';
import { flowProgress, flowStep, loadFlowProgress } from './flow-progress.ts';
import { renderLoginMethods } from './render-login-methods.ts';
import { renderLogo } from './render-logo.ts';
import { loadLoggedInView, loadWalletLogin } from './lazy-auth-views.ts';
import { planRestore } from './plan-restore.ts';
import { busyButton } from './busy-button.ts';

type View = 'loading' | 'failed' | 'methods' | 'code';

/**
 * How long a first load shows nothing before its loading state. Most answers come sooner, and
 * then the methods are the first thing shown: no spinner flashes, and the page's first text
 * layout (several ms on a cold page) does not hold up the handling of the answer (issue 25).
 */
const LOADING_DELAY_MS = 300;

/**
 * @summary The drop-in: every login method the organization enabled, in one element. Inline, or
 * a modal dialog.
 *
 * It loads the wallet_kit_config and shows the methods it enables, in the kit's default
 * order (email, SMS, passkey, Google, Apple, Facebook, X, Discord), or only those `methods` lists,
 * in its order. Email and SMS ask for the address or number (checked before anything is
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
 * That part and its strings load only when the config enables `wallet`. Passkeys and OAuth providers
 * are `<latch-passkey-button>` and `<latch-oauth-button>` inside. Until the config is loaded it
 * shows nothing for its first 300 ms (most answers come sooner: no spinner flashes), then a small
 * loading state (a retry shows it at once); a returning visitor sees the methods of the config the kit kept
 * (`configCache`) before the answer, which they follow; neither while a session may be restored
 * (the kit's hint says one may be saved, or the page keeps its own session store). An OAuth login
 * that came back by redirect is finished on load.
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
 * @slot logo - Above the title. Default: the config's logo, if any: `theme.logoLight` / `theme.logoDark` as the color scheme is (`theme.darkMode`, else `prefers-color-scheme`, followed as it changes), else `theme.logoUrl`; https or data:image only; its alt text `login.logo` (config `copy` can name the brand).
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
 * @csspart logo-image - The config's logo image (inside a `<picture>` when it follows the scheme).
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
 * @csspart another-account - "Use another account": log in to one more account, keeping this one.
 * @csspart back-to-account - Back to the logged-in view from "Use another account".
 * @csspart switch-account - "Switch account" (two or more accounts), opening the list.
 * @csspart accounts - The list of accounts to switch to.
 * @csspart account-option - One account in that list (the one in use is `aria-current`).
 * @csspart logout-all - "Log out of all accounts" (two or more accounts).
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
  static override properties: PropertyDeclarations = {
    methods: {},
    modal: { type: Boolean, reflect: true },
    open: { type: Boolean, reflect: true },
    hideWhenLoggedIn: { type: Boolean, attribute: 'hide-when-logged-in' },
  };

  /** Defines `<latch-auth>` and the elements it renders (`<latch-otp-input>` when it has loaded). */
  static override define(tag?: string): boolean {
    LatchOauthButton.define();
    LatchPasskeyButton.define();
    return super.define(tag);
  }

  /**
   * The methods to show, in order, as a comma list (`passkey,email,google`), as the hosted kit's
   * `methodOrder`: an enabled method it does not name is hidden, and it never adds a method the
   * config does not enable. Names: email, sms, passkey, google, apple, facebook, x, discord, and
   * wallet (the wallets, always last). Empty, or naming none of these: every enabled method.
   */
  methods = '';
  /** Show as a modal dialog (see `open`) instead of inline. */
  modal = false;
  /** `modal`: whether the dialog is showing. Setting it fires no event. */
  open = false;
  /** Inline: render nothing while someone is logged in, instead of the logged-in view. */
  hideWhenLoggedIn = false;

  #view: View = 'loading';
  /** The loading state is not shown yet (see LOADING_DELAY_MS); a retry shows it at once. */
  #quiet = true;
  /** The kit whose config the view shows (undefined: there is none); null until the first load. */
  #loaded: LatchKit | undefined | null = null;
  #error: LatchError | undefined;
  #passkeySignup = false;
  #slotted: Record<string, boolean> = {};
  /** `modal`: the backdrop and dialog, with their focus trap and inert page. */
  readonly #dialog = new DialogFrame(this);
  /** The email and SMS forms, and the code step. */
  readonly #contact = new ContactLoginController(this, {
    signup: () => this.signup,
    view: (view) => (this.#view = view),
    emitLogin: (outcome) => this.emitLogin(outcome),
    emitError: (error) => this.emitError(error),
    fail: (error) => this.#set(() => (this.#error = error)),
  });
  /** The logged-in view (a separate chunk, loaded once the methods show, so that it hears the login). */
  #account: LoggedInView | undefined;
  /** The session key the logged-in view was last cleared to show (see #renderView). */
  #accountKey = '';
  /** The methods stay after a login until a button inside has delivered its latch-login (see #renderView). */
  #holding = false;
  #methodsShown = false;
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
    if (changed.has('open') || changed.has('modal')) this.#dialog.sync();
  }

  #load(): void {
    const kit = (this.#loaded = this.resolvedKit);
    this.#contact.load(kit);
    this.#error = undefined;
    this.#view = 'loading';
    if (!kit) {
      this.#view = 'failed';
      this.#error = new LatchError('ERR_CONFIG_INVALID', 'No LatchKit: set proxy-url and config-id, the kit property, or call configure().');
      return;
    }
    // The config's request goes out first: the first render waits for its answer (or shows the
    // kept one), and the restore's chunks and database must not queue ahead of it.
    const answer = takeEarlyConfigRequest(kit) ?? kit.loadConfig();
    if (this.#quiet) setTimeout(() => this.#quiet && ((this.#quiet = false), this.#view === 'loading' && this.requestUpdate()), LOADING_DELAY_MS);
    void this.resumeRedirect(kit, (error) => this.#set(() => (this.#error = error)), true);
    this.loadCaptchaTexts(kit, answer);
    // A session an earlier page load left: restored before the methods show, or after (plan-restore.ts).
    const [settled, startRestore] = planRestore(kit, () => this.updateComplete);
    // Then the first of the kept config (see shownConfig) and the answer shows them (a modal
    // focuses them); the next re-renders quietly (ContactLoginController keeps the fields).
    const show = (): unknown =>
      this.#loaded === kit && this.#view !== 'failed' && (this.#view === 'loading' ? this.#shown(() => this.#ready(kit)) : this.#set(() => this.#ready(kit)), startRestore());
    // Kept and nothing to wait for: this very render shows the methods (no loading state first).
    if (kit.shownConfig !== null) void (settled ? settled.then(show) : show());
    answer.then(
      () => (settled ? settled.then(show) : show()),
      // Not a user action: shown with a retry (also over a kept config), not dispatched (the kit fires its own `error`).
      (error: unknown) => {
        if (this.#loaded === kit) this.#set(() => ((this.#view = 'failed'), (this.#error = asLatchError(error))));
        startRestore();
      },
    );
  }

  /** The methods show; once they have rendered, the chunks they need start loading. */
  #ready(kit: LatchKit): void {
    if (this.#view === 'loading') this.#view = 'methods';
    // After the render, not before it: starting imports (a bundler's preload links, the fetches,
    // their evaluation) is main-thread work that the first interactive frame does not need.
    void this.updateComplete.then(() => setTimeout(() => {
      if (this.#loaded !== kit) return;
      if (kit.enabledMethods().some(isContact)) loadCodeStep().catch(() => undefined);
      loadFlowProgress().then(() => this.requestUpdate(), () => undefined);
      if (kit.shownConfig?.enabledProviders.includes('wallet')) this.#loadWallets();
      this.#loadAccount();
    }));
  }

  /** Applies `change` and re-renders. */
  #set(change: () => unknown): void {
    change();
    this.requestUpdate();
  }

  /** Applies `change` (a new step), then puts focus on the step's first control when the dialog has it. */
  async #shown(change: () => unknown): Promise<void> {
    this.#set(change);
    await this.updateComplete;
    this.#dialog.focusFirst();
  }

  readonly #onSlot = (event: Event): void => {
    const slot = event.target as HTMLSlotElement;
    this.#set(() => (this.#slotted[slot.name] = slot.assignedNodes().length > 0));
  };

  protected override emitLogin(outcome: LoginOutcome): void {
    this.#contact.stopAutofill(); // logged in: nothing more to pick
    super.emitLogin(outcome);
    if (this.modal) this.close();
  }

  // The buttons inside close the modal too: their latch-login crosses this element on its way to the page.
  readonly #onChildLogin = (event: Event): void => void (this.#onChildDone(event), this.modal && this.close());
  // A button's latch-login or latch-error has crossed this element: the methods may go (see #renderView).
  readonly #onChildDone = (event: Event): void => void (this.#holding && !busyButton(this, event.target) && this.#set(() => (this.#holding = false)));

  #renderAccount(summary: SessionSummary): unknown {
    return this.#account ? this.#account.render(summary) : (this.#loadAccount(), this.#renderView('loading'));
  }

  /** The logged-in view (offline: the next render tries again). */
  #loadAccount(): void {
    loadLoggedInView().then((View) => this.#set(() => (this.#account ??= new View(this))), () => undefined);
  }

  /** The wallet method: the wallets the page's extensions announce, and the login with one (offline: the next config load tries again). */
  #loadWallets(): void {
    loadWalletLogin().then((Login) => this.#set(() => (this.#wallets ??= new Login(this, (o) => this.emitLogin(o), (e) => this.emitError(e)))), () => undefined);
  }

  protected override render(): TemplateResult | typeof nothing {
    const summary = this.#summary();
    if (summary && this.hideWhenLoggedIn && !this.modal) return nothing;
    const loading = this.#view === 'loading';
    // A first load's first moments: nothing to lay out or say (and no template to prepare before
    // the answer can be handled); a modal's dialog keeps its frame, hidden.
    if (loading && this.#quiet && !this.modal) return nothing;
    const step = flowStep(this.#flow.value);
    const logo = renderLogo(this.effectiveConfig?.theme, this.t('login.logo'));
    const slotted = this.#slotted;
    const body = html`<div part="base" class="base" ?hidden=${loading && this.#quiet} aria-busy=${loading ? 'true' : 'false'} @latch-login=${this.#onChildLogin} @latch-error=${this.#onChildDone}>
      <div part="header" class="header">
        <div part="logo" class="logo" ?hidden=${!logo && !slotted['logo']}>
          <slot name="logo" @slotchange=${this.#onSlot}>${logo ?? nothing}</slot>
        </div>
        <slot name="header"><h2 part="title" class="title" id="title">${summary && this.#account ? this.#account.title() : this.t('login.title')}</h2></slot>
      </div>
      <div part="body" class="body">${this.#renderView()}</div>
      <slot name="captcha"></slot>
      <p part="status" class=${step === 'otp/code-sent' || loading ? 'status visually-hidden' : 'status'} role="status">${flowProgress(step, this.#contact.sentTo, this) || this.#account?.said || (loading ? this.t('common.loading') : '')}</p>
      <div part="error" class="error" aria-live="assertive">${this.#error ? this.errorText(this.#error) : nothing}</div>
      <div part="footer" class="footer" ?hidden=${!slotted['legal'] && !slotted['footer']}>
        <div part="legal" class="legal"><slot name="legal" @slotchange=${this.#onSlot}></slot></div>
        <slot name="footer" @slotchange=${this.#onSlot}></slot>
      </div>
    </div>`;
    return this.modal ? this.#dialog.render(body) : body;
  }

  #renderView(view = this.#view): unknown {
    const kit = this.#loaded;
    const summary = view === 'methods' && this.#summary();
    if (summary && summary.publicKey !== this.#accountKey) {
      this.#accountKey = summary.publicKey;
      // Logged in while the methods showed: only a connected button's latch-login reaches the page.
      // While a button inside has a login under way, the methods stay until its latch-login (or
      // latch-error) has crossed this element (#onChildDone), however long the kit takes to it.
      this.#holding = this.#methodsShown && busyButton(this);
    }
    this.#methodsShown = false;
    // After "Use another account" the methods show under the session (the view's `adding`).
    if (summary && !this.#holding && !this.#account?.adding) return this.#renderAccount(summary);
    switch (view) {
      case 'loading':
        return html`<div part="loading" class="loading"><span class="spinner" aria-hidden="true"></span>${this.t('common.loading')}</div>`;
      case 'failed':
        return html`<button part="retry" class="button" type="button" @click=${() => this.#set(() => ((this.#quiet = false), (this.#loaded = null)))}>${this.t('common.retry')}</button>`;
      case 'code':
        return this.#contact.code!.render();
      default: {
        this.#methodsShown = true;
        const signup = this.#passkeySignup;
        const onPasskeyToggle = (): void => this.#set(() => (this.#passkeySignup = !signup));
        return [this.#account?.back(), renderLoginMethods({ kit: kit!, host: this, passkeySignup: signup, onPasskeyToggle, contact: this.#contact, wallets: this.#wallets })];
      }
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-auth': LatchAuth;
  }
}
