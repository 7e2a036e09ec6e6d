import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { LatchError } from '../../src/errors/latch-error.ts';
import type { LatchKit, OAuthLaunch, PendingOAuth } from '../../src/kit/latch-kit.ts';
import type { OAuthProvider } from '../../src/flows/oauth-providers.ts';
import { LatchKitElement } from '../latch-auth/latch-kit-element.ts';
import { isProvider, logoPaths, PROVIDERS } from './provider-logos.ts';
import { oauthButtonStyles } from './latch-oauth-button.styles.ts';

/** The kit and provider of an attempt being prepared (or prepared, or whose preparation failed). */
interface Preparing {
  kit: LatchKit;
  provider: OAuthProvider;
  failed?: true;
}

/**
 * @summary "Continue with Google" (Apple, Facebook, X, Discord): an OAuth login in a popup that
 * no popup blocker stops, falling back to a full-page redirect when one does.
 *
 * Everything that needs the network or a key happens before the click: as soon as the element
 * is connected (and not disabled) it loads the wallet_kit_config and prepares the attempt (key,
 * nonce, PKCE, URL) with `kit.prepareOAuth`, so the click handler opens the popup synchronously,
 * inside the user's gesture. If the browser blocks it anyway the kit saves the attempt and sends
 * the page to the provider; on the way back, the first Latchkey login element on the page
 * finishes that login (`kit.resumeOAuthRedirect`). A failed or closed popup shows why and
 * prepares a new attempt, so the next click works without a reload.
 *
 * Until the attempt is prepared the button is `aria-disabled` (a click then does nothing); while
 * the popup is open and the login completes it is `aria-busy` (a spinner), and a polite status
 * says "Finish logging in in the new window." (or, when the page goes to the provider, "Taking
 * you to the login page…"); inside `<latch-auth>` the drop-in's own status says it instead.
 *
 * @event {LatchLoginEvent} latch-login - Logged in (`detail.created`: the account was just made).
 * @event {LatchErrorEvent} latch-error - The login failed: `detail.error.code` (ERR_OAUTH_POPUP_CLOSED, ERR_OAUTH_DENIED…). Not fired for a cancellation.
 *
 * @csspart base - The wrapper.
 * @csspart button - The button.
 * @csspart logo - The provider's logo (an inline `<svg>`).
 * @csspart label - The button's text.
 * @csspart error - The error message, an assertive live region.
 * @csspart status - The progress while the login runs: a visually hidden polite live region (not inside `<latch-auth>`).
 *
 * The button is neutral (surface and border tokens), as providers' brand rules ask; theme it
 * with the `--latch-*` tokens or `::part(button)`.
 */
export class LatchOauthButton extends LatchKitElement {
  static override readonly tag = 'latch-oauth-button';
  static override styles = [LatchKitElement.styles, oauthButtonStyles];

  // Lit's static declaration rather than decorators: the decorator helpers are no code a page's
  // first load should carry (the drop-in's initial chunk has a size budget).
  static override properties: PropertyDeclarations = {
    provider: {},
    disabled: { type: Boolean, reflect: true },
  };

  /** `google`, `apple`, `facebook`, `x` or `discord`. */
  provider = '';

  disabled = false;

  #pending: PendingOAuth | undefined;
  /** The kit and provider of the attempt being prepared (or prepared, or whose preparation failed): a change starts over. */
  #preparing: Preparing | undefined;
  #resumedFor: LatchKit | undefined;
  #busy = false;
  /** What the status says while busy: the popup is open, or the page is going to the provider. */
  #progress: 'auth.popup' | 'auth.redirecting' = 'auth.popup';
  #error: LatchError | undefined;

  /**
   * True from the click until its `latch-login` or `latch-error` has been fired (in redirect mode,
   * until the page leaves). `<latch-auth>` keeps the button shown meanwhile, so that its event
   * reaches the page.
   */
  get busy(): boolean {
    return this.#busy;
  }

  /** True once an attempt is prepared and a click opens the provider at once. */
  get ready(): boolean {
    return this.#pending !== undefined && !this.#busy;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#prepare();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#drop();
  }

  /** Prepares an attempt for the current kit and provider, unless one is ready or on its way. */
  #prepare(): void {
    const kit = this.resolvedKit;
    const provider = this.provider;
    if (!this.isConnected || !kit) return;
    if (this.#resumedFor !== kit) {
      this.#resumedFor = kit;
      void this.resumeRedirect(kit, (error) => {
        this.#error = error;
        this.requestUpdate();
      });
      this.loadCaptchaTexts(kit);
    }
    const same = this.#preparing?.kit === kit && this.#preparing.provider === provider;
    if (this.disabled || this.#busy || !isProvider(provider) || same) {
      if (!same || this.disabled) this.#drop();
      return;
    }
    this.#drop();
    const preparing: Preparing = (this.#preparing = { kit, provider });
    // In a task of its own, after this render: the attempt's chunk (its preload links, fetch and
    // evaluation) and key are no work the first interactive frame should wait for (issue 25).
    setTimeout(() => this.#preparing === preparing && this.#start(preparing));
  }

  #start(preparing: Preparing): void {
    const { kit, provider } = preparing;
    kit.prepareOAuth(provider).then(
      (pending) => {
        if (this.#preparing !== preparing) return void kit.abandonOAuth(pending).catch(() => undefined);
        this.#pending = pending;
        this.requestUpdate();
      },
      (error: unknown) => {
        // Not a user action: shown, not dispatched, and not retried until a click.
        if (this.#preparing !== preparing) return;
        preparing.failed = true;
        this.#error = error as LatchError;
        this.requestUpdate();
      },
    );
  }

  /** Forgets the prepared attempt (deleting its key). */
  #drop(): void {
    const pending = this.#pending;
    const kit = this.#preparing?.kit;
    this.#pending = this.#preparing = undefined;
    if (pending && kit) void kit.abandonOAuth(pending).catch(() => undefined);
  }

  // Synchronous up to launchOAuth: the popup must open inside the click's user activation.
  readonly #onClick = (): void => {
    const pending = this.#pending;
    const kit = this.#preparing?.kit;
    if (this.disabled || this.#busy) return;
    if (!pending || !kit) {
      // Still preparing: nothing to open yet. A failed preparation: try again.
      if (this.#preparing?.failed) {
        this.#preparing = this.#error = undefined;
        this.requestUpdate();
      }
      return;
    }
    this.#pending = this.#preparing = undefined;
    this.#busy = true;
    this.#error = undefined;
    let launch: OAuthLaunch;
    try {
      launch = kit.launchOAuth(pending);
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.#progress = launch.mode === 'popup' ? 'auth.popup' : 'auth.redirecting';
    this.requestUpdate();
    kit.finishOAuth(pending, launch, this.signup).then(
      (outcome) => {
        // Redirect mode resolves null: the page is leaving, the button stays busy.
        if (!outcome) return;
        this.#busy = false;
        this.requestUpdate();
        this.emitLogin(outcome);
      },
      (error: unknown) => this.#fail(error),
    );
  };

  #fail(error: unknown): void {
    this.#error = this.emitError(error);
    this.#busy = false;
    this.requestUpdate(); // updated() prepares a new attempt
  }

  protected override render(): TemplateResult {
    const provider = this.provider;
    const known = isProvider(provider);
    const error = this.#error;
    return html`<div part="base" class="base">
      <button
        part="button"
        class="button"
        type="button"
        aria-busy=${this.#busy ? 'true' : 'false'}
        aria-disabled=${this.ready ? 'false' : 'true'}
        aria-describedby="error"
        ?disabled=${this.disabled}
        @click=${this.#onClick}
      >
        ${known ? html`<svg part="logo" class="logo" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${logoPaths(provider)}</svg>` : nothing}
        <span part="label" class="label">${this.t('login.continueWith', { provider: known ? PROVIDERS[provider][0] : provider })}</span>
      </button>
      <div part="error" id="error" class="error" aria-live="assertive">${error ? this.errorText(error) : nothing}</div>
      ${this.renderStatus(this.#busy ? this.t(this.#progress) : '')}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-oauth-button': LatchOauthButton;
  }
}
