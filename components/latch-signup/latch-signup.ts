import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { AppProof, WalletAccountParams, WalletParams } from '../../src/clients/activity-types.ts';
import type { WalletKitConfig } from '../../src/clients/proxy-types.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import type { LatchKit, LoginOutcome } from '../../src/kit/latch-kit.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { CopyController } from '../internal/copy-controller.ts';
import { LatchErrorEvent, LatchLoginEvent, type LatchOtpCompleteEvent } from '../internal/events.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import { LatchOtpInput } from '../latch-otp-input/latch-otp-input.ts';
import { LatchProofBadge } from '../latch-proof-badge/latch-proof-badge.ts';
import { panelStyles } from '../styles/panel-styles.ts';
import './latch-signup.messages.ts';
import { signupStyles } from './latch-signup.styles.ts';
import { renderSignupCode } from './render-signup-code.ts';
import { renderSignupResult } from './render-signup-result.ts';
import { DEFAULT_CHAINS, accountsForChains } from './wallet-accounts.ts';

/** Where the sign-up is. */
export type SignupStep = 'contact' | 'code' | 'creating' | 'done';

/** What a finished sign-up gave (no key material). */
export interface SignupResult {
  /** False when the email already had an account: the user was logged in instead, and no wallet was made. */
  created: boolean;
  organizationId: string;
  userId: string;
  walletId?: string;
  /** The new wallet's addresses, in the order of the accounts asked for. */
  addresses: string[];
  /** The accounts asked for (the labels of `addresses`). */
  accounts: WalletAccountParams[];
  /** The App Proofs the sign-up answered with (empty when none). */
  appProofs: AppProof[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * @summary Creates an account (a sub-organization) by email one-time code, with a wallet (an
 * Ethereum and a Solana account unless told otherwise), and shows the new addresses.
 *
 * The user gives an email, receives a code (`<latch-otp-input>`, shaped by the configuration's
 * OTP length and alphabet), and the kit verifies it, creates the account with the wallet, and
 * logs in. When the email already has an account, the user is simply logged in.
 *
 * With `generate-app-proofs`, the App Proofs the sign-up answers with (the auth proxy returns
 * them whenever it creates a wallet) are verified in the page against the addresses received, and
 * a `<latch-proof-badge>` shows the outcome. `trusted-root-sha256` and `expected-pcrs` are passed
 * to it: leave the root unset in production (the AWS Nitro root is trusted).
 *
 * @slot header - Above the form. Default: "Create your account", translated.
 * @slot legal - Under the email form (terms, privacy).
 * @slot footer - At the bottom, on every step.
 *
 * @event {LatchLoginEvent} latch-login - The account was created (`detail.created`) or, for an email that had one, logged in; read `result` for the addresses.
 * @event {LatchErrorEvent} latch-error - Sending or checking the code, or the sign-up, failed (`detail.error.code`); the element shows the message too.
 *
 * @csspart base - The wrapper.
 * @csspart title - The default header.
 * @csspart form - The email form.
 * @csspart label - The email field's label.
 * @csspart input - The email field.
 * @csspart submit - The "Send code" button.
 * @csspart otp - The `<latch-otp-input>`.
 * @csspart back - "Use a different email".
 * @csspart status - The progress message while a code is sent ("Sending your code…") or the account is created; each wait is also announced (the polite `announcer`).
 * @csspart result - The finished sign-up.
 * @csspart result-title - "Your wallet is ready" (focused when the sign-up ends).
 * @csspart addresses - The list of new addresses.
 * @csspart address - One address row.
 * @csspart chain - An address's chain name.
 * @csspart address-value - The full address.
 * @csspart copy - A copy button.
 * @csspart proofs - The App Proofs section.
 * @csspart proof-badge - The `<latch-proof-badge>`.
 * @csspart error - The error message, an assertive live region.
 * @csspart announcer - The visually hidden polite live region.
 *
 * @cssproperty --gap - Space between the parts. Default: `--latch-space-md`.
 */
export class LatchSignup extends LatchKitAwareElement {
  static override readonly tag = 'latch-signup';
  static override styles = [LatchElement.styles, panelStyles, signupStyles];

  /** Also defines `<latch-otp-input>` and `<latch-proof-badge>`, which it renders. */
  static override define(tag: string = this.tag): boolean {
    LatchOtpInput.define();
    LatchProofBadge.define();
    return super.define(tag);
  }

  /**
   * The wallet's chains, comma-separated: `eth`, `sol` (default `eth,sol`). Empty or `none`:
   * no wallet. Ignored when `accounts` is set.
   */
  @property() chains: string | undefined;

  /** The wallet's accounts exactly (curve, path format, path, address format). `[]`: no wallet. Wins over `chains`. */
  @property({ attribute: false }) accounts: readonly WalletAccountParams[] | undefined;

  /** The new wallet's name. */
  @property({ attribute: 'wallet-name' }) walletName = 'Default Wallet';

  /** Verify the sign-up's App Proofs in the page and show a `<latch-proof-badge>`. */
  @property({ type: Boolean, attribute: 'generate-app-proofs' }) generateAppProofs = false;

  /** Passed to the badge: SHA-256 (hex) of a root to trust instead of AWS Nitro's (tests, the emulator). */
  @property({ attribute: 'trusted-root-sha256' }) trustedRootSha256: string | undefined;

  /** Passed to the badge: PCR values (hex, by index 0..3) to pin; as an attribute, JSON. Unset: the kit's `proofTrust`. */
  @property({ attribute: 'expected-pcrs', type: Object }) expectedPcrs: Partial<Record<0 | 1 | 2 | 3, string>> | undefined;

  readonly #announcer = new AnnouncerController(this);
  /** Keyed by the address's index in the result. */
  readonly #copier = new CopyController<number>(this);
  #step: SignupStep = 'contact';
  #email = '';
  #otpId = '';
  #busy = false;
  /** A code is being sent (the first one, or a resend): "Sending your code…" shows. */
  #sending = false;
  #invalidEmail = false;
  #codeError: LatchError | null = null;
  #error: LatchError | null = null;
  #result: SignupResult | null = null;

  /** The current step. */
  get step(): SignupStep {
    return this.#step;
  }

  /** What the finished sign-up gave, or null before. */
  get result(): SignupResult | null {
    return this.#result;
  }

  /** The wallet the sign-up asks for (from `accounts`, else `chains`), or undefined for none. */
  get wallet(): WalletParams | undefined {
    const accounts = this.accounts ?? accountsForChains(this.chains ?? DEFAULT_CHAINS);
    return accounts.length > 0 ? { walletName: this.walletName || 'Default Wallet', accounts: accounts.map((a) => ({ ...a })) } : undefined;
  }

  /** Back to the email form, forgetting the code sent (not the account, if one was made). */
  reset(): void {
    this.#step = 'contact';
    this.#otpId = '';
    this.#codeError = null;
    this.#error = null;
    this.#result = null;
    this.requestUpdate();
  }

  #otpConfig(): WalletKitConfig | null {
    return this.config ?? this.resolvedKit?.config ?? this.effectiveConfig;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The OTP shape comes from wallet_kit_config: fetch it early (cached by the kit).
    void this.resolvedKit
      ?.loadConfig()
      .then(() => this.requestUpdate(), () => undefined);
  }

  protected override render(): TemplateResult {
    return html`
      <div part="base" class="base" aria-busy=${this.#busy ? 'true' : 'false'}>
        <slot name="header"><p part="title" class="title">${this.t('signup.title')}</p></slot>
        ${this.#renderStep()}
        ${this.#sending ? html`<p part="status" class="status">${this.t('signup.sending')}</p>` : nothing}
        <div part="error" id="error" class="error" aria-live="assertive" aria-atomic="true">${this.#errorMessage()}</div>
        <slot name="footer"></slot>
        ${this.#announcer.render()}
      </div>
    `;
  }

  #errorMessage(): string | typeof nothing {
    if (this.#invalidEmail) return this.t('login.emailInvalid');
    return this.#error ? this.errorText(this.#error) : nothing;
  }

  #renderStep(): TemplateResult {
    switch (this.#step) {
      case 'code':
        return renderSignupCode({ config: this.#otpConfig(), email: this.#email, busy: this.#busy, error: this.#codeError, host: this, onCode: this.#onCode, onResend: this.#onResend, onBack: this.#back });
      case 'creating':
        // Shown here, announced by the polite announcer (a live region must exist before it speaks).
        return html`<p part="status" class="status">${this.#creating()}</p>`;
      case 'done':
        return renderSignupResult({ result: this.#result!, host: this, copied: (index) => this.#copier.isCopied(index), onCopy: (address, index) => void this.#copy(address, index) });
      default:
        return this.#renderContact();
    }
  }

  #renderContact(): TemplateResult {
    return html`
      <form part="form" class="form" novalidate @submit=${this.#onSubmit}>
        <label part="label" class="label" for="email">${this.t('login.email')}</label>
        <input
          part="input"
          class="input"
          id="email"
          name="email"
          type="email"
          inputmode="email"
          autocomplete="email"
          spellcheck="false"
          required
          .value=${this.#email}
          aria-invalid=${this.#invalidEmail ? 'true' : 'false'}
          aria-describedby="error"
          @input=${this.#onEmailInput}
        />
        <button part="submit" class="button primary" type="submit" aria-disabled=${this.#busy ? 'true' : 'false'} aria-busy=${this.#sending ? 'true' : 'false'}>${this.t('login.sendCode')}</button>
        <slot name="legal"></slot>
      </form>
    `;
  }

  // ---- actions -----------------------------------------------------------------------------

  #fail(error: unknown): LatchError {
    const latch = error instanceof LatchError ? error : new LatchError('ERR_FLOW_STATE', 'The sign-up could not be completed.', { cause: error });
    this.dispatchEvent(new LatchErrorEvent({ error: latch }));
    return latch;
  }

  #requireKit(): LatchKit {
    const kit = this.resolvedKit;
    if (!kit) throw new LatchError('ERR_CONFIG_INVALID', 'No kit: set `kit`, `proxy-url` and `config-id`, or call configure().');
    return kit;
  }

  #onEmailInput(event: Event): void {
    this.#email = (event.currentTarget as HTMLInputElement).value;
    if (this.#invalidEmail || this.#error) {
      this.#invalidEmail = false;
      this.#error = null;
      this.requestUpdate();
    }
  }

  async #onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (this.#busy) return;
    const email = this.#email.trim();
    if (!EMAIL.test(email)) {
      this.#invalidEmail = true;
      this.#error = null;
      this.requestUpdate();
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLInputElement>('#email')?.focus();
      return;
    }
    this.#email = email;
    this.#busy = this.#sending = true;
    this.#error = null;
    this.#announcer.announce(this.t('signup.sending'));
    this.requestUpdate();
    try {
      const kit = this.#requireKit();
      const [{ otpId }] = await Promise.all([kit.startOtp('OTP_TYPE_EMAIL', email), kit.loadConfig()]);
      this.#otpId = otpId;
      this.#codeError = null;
      this.#step = 'code';
    } catch (error) {
      this.#error = this.#fail(error);
    } finally {
      this.#busy = this.#sending = false;
      this.requestUpdate();
    }
    if (this.#step === 'code') {
      await this.updateComplete;
      this.renderRoot.querySelector<LatchOtpInput>('latch-otp-input')?.focus();
    }
  }

  async #onCode(event: LatchOtpCompleteEvent): Promise<void> {
    if (this.#busy) return;
    const code = event.detail.code;
    this.#busy = true;
    this.#codeError = null;
    this.#error = null;
    this.#step = 'creating';
    this.#announcer.announce(this.#creating());
    this.requestUpdate();
    const wallet = this.wallet;
    let outcome: LoginOutcome;
    try {
      outcome = await this.#requireKit().completeOtp({
        otpType: 'OTP_TYPE_EMAIL',
        contact: this.#email,
        otpId: this.#otpId,
        otpCode: code,
        ...(wallet ? { signup: { wallet } } : {}),
      });
    } catch (error) {
      const latch = this.#fail(error);
      this.#busy = false;
      this.#step = 'code';
      // A wrong or spent code belongs to the boxes; anything else to the element.
      if (latch.code === 'ERR_OTP_INVALID' || latch.code === 'ERR_OTP_LIMIT') this.#codeError = latch;
      else this.#error = latch;
      this.requestUpdate();
      await this.updateComplete;
      this.renderRoot.querySelector<LatchOtpInput>('latch-otp-input')?.focus();
      return;
    }
    const summary = outcome.session.summary!;
    const signup = outcome.signup;
    this.#result = {
      created: outcome.created,
      organizationId: signup?.organizationId ?? summary.organizationId,
      userId: signup?.userId ?? summary.userId,
      ...(signup?.wallet ? { walletId: signup.wallet.walletId } : {}),
      addresses: signup?.wallet?.addresses ?? [],
      accounts: outcome.created && wallet ? wallet.accounts : [],
      appProofs: Array.isArray(signup?.appProofs) ? (signup.appProofs as AppProof[]) : [],
    };
    this.#busy = false;
    this.#step = 'done';
    this.requestUpdate();
    this.dispatchEvent(new LatchLoginEvent({ session: summary, created: outcome.created }));
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part="result-title"]')?.focus();
  }

  #creating(): string {
    return this.t(this.wallet ? 'signup.creatingWallet' : 'login.creatingAccount');
  }

  async #onResend(): Promise<void> {
    this.#sending = true;
    this.#error = null;
    this.#announcer.announce(this.t('signup.sending'));
    this.requestUpdate();
    try {
      const { otpId } = await this.#requireKit().startOtp('OTP_TYPE_EMAIL', this.#email);
      this.#otpId = otpId;
      this.#codeError = null;
      this.#announcer.announce(this.t('signup.codeResent'));
    } catch (error) {
      this.#error = this.#fail(error);
      // The wait is pointless when nothing was sent: let the user try again now.
      this.renderRoot.querySelector<LatchOtpInput>('latch-otp-input')?.startCooldown(0);
    }
    this.#sending = false;
    this.requestUpdate();
  }

  async #back(): Promise<void> {
    if (this.#busy) return;
    this.reset();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>('#email')?.focus();
  }

  async #copy(address: string, index: number): Promise<void> {
    if (await this.#copier.copy(address, index)) this.#announcer.announce(this.t('common.copied'));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-signup': LatchSignup;
  }
}
