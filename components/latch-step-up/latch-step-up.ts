import { css, html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { OtpType } from '../../src/clients/proxy-types.ts';
import type { LatchError } from '../../src/errors/latch-error.ts';
import { toLatchError } from '../../src/kit/to-latch-error.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { LatchErrorEvent } from '../internal/events.ts';
import { KitSessionController, type SessionChange } from '../internal/kit-session-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import { isPasskeySupported } from '../latch-passkey-button/latch-passkey-button.ts';
import { controlStyles } from '../styles/control-styles.ts';
import './latch-step-up.messages.ts';
import { LatchStepUpCancelEvent, LatchStepUpEvent, type LatchStepUpDetail } from './step-up-events.ts';

type Method = LatchStepUpDetail['method'];

/** How the logged-in user can prove it is them: their passkeys, email and phone (get_user). */
interface Ways {
  passkey: boolean;
  email: string | undefined;
  sms: string | undefined;
}

interface SentCode {
  method: 'email' | 'sms';
  otpType: OtpType;
  contact: string;
  otpId: string;
}

/**
 * @summary Step-up: "Confirm it's you" before an action the service holds back for a recent
 * login (ERR_STEP_UP_REQUIRED: export, and adding or removing credentials when the service says
 * so). The user picks their passkey, or a code sent to their own email or phone; either is a
 * fresh login of the same account (another account's is refused with ERR_STEP_UP_USER) that
 * replaces the session, after which the element dispatches `latch-step-up`: the host retries.
 *
 * `<latch-account>` and `<latch-wallet>` load and show it by themselves when the service asks;
 * a page can show it before an action of its own. It follows the kit's session like them
 * (`kit`, else `proxy-url` + `config-id`, else `configure()`), and reads the user's ways to log
 * in from the service. Escape or Cancel dispatches `latch-step-up-cancel`.
 *
 * @event {LatchStepUpEvent} latch-step-up - Confirmed: `detail.session` is the fresh session, `detail.method` how.
 * @event {LatchStepUpCancelEvent} latch-step-up-cancel - The user gave up (Cancel or Escape).
 * @event {LatchErrorEvent} latch-error - Sending a code or confirming failed (`detail.error.code`); the element also shows the message.
 *
 * @csspart base - The box (a form labelled by its heading).
 * @csspart title - The heading.
 * @csspart message - Why a login is needed, or where the code went.
 * @csspart passkey - The "Use your passkey" button.
 * @csspart email - The "Email a code" button.
 * @csspart sms - The "Text a code" button.
 * @csspart code-input - The code field.
 * @csspart confirm - The Confirm button.
 * @csspart resend - The "Send a new code" button.
 * @csspart cancel - The Cancel button.
 * @csspart error - A failure, an assertive live region.
 * @csspart announcer - The visually hidden polite live region.
 */
export class LatchStepUp extends LatchKitAwareElement {
  static override readonly tag = 'latch-step-up';
  static override styles = [
    LatchElement.styles,
    controlStyles,
    css`
      .base {
        display: flex;
        flex-direction: column;
        gap: var(--_space-sm);
      }

      .title {
        font-size: var(--_font-size-md);
        font-weight: var(--_font-weight-bold);
        line-height: 1.25;
      }
    `,
  ];

  /**
   * The heading's level in the page's outline: 2 alone on a page (default); the hosts put it under
   * their own headings (`<latch-account>` 3, a wallet section 4).
   */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = 2;

  @state() private ways: Ways | null = null;
  @state() private sent: SentCode | null = null;
  @state() private busy: Method | 'confirm' | null = null;
  @state() private failure: LatchError | undefined;

  readonly #announcer = new AnnouncerController(this);
  readonly #kit = new KitSessionController(this, (session, change) => void this.#load(session, change));
  #abort: AbortController | null = null;
  #focusWhenRead = false;
  /** Counts the reads of the user's ways, so that an older one (another user's) is dropped. */
  #loads = 0;

  /** Focuses the first thing to do: the code field, else the first way to confirm (once the user's ways are read). */
  override focus(options?: FocusOptions): void {
    // Before the ways are read only Cancel is there: move on to the first way when they are.
    this.#focusWhenRead = this.ways === null && !this.sent;
    this.renderRoot.querySelector<HTMLElement>('[part~="code-input"], [part~="passkey"], [part~="email"], [part~="sms"], [part~="cancel"]')?.focus(options);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#abort?.abort();
  }

  async #load(session: SigningSession | null, change: SessionChange): Promise<void> {
    // The same user's new session (the fresh login) keeps the box as it is.
    if (change.sameUser && this.ways) return;
    const load = ++this.#loads;
    const summary = session?.summary;
    this.sent = null;
    this.ways = null;
    if (!session || !summary) return;
    try {
      const { user } = await session.query('get_user', { organizationId: summary.organizationId, userId: summary.userId });
      if (load !== this.#loads) return; // another session came meanwhile
      this.ways = { passkey: user.authenticators.length > 0 && isPasskeySupported(), email: user.userEmail || undefined, sms: user.userPhoneNumber || undefined };
      await this.updateComplete;
      // Only while focus is still on Cancel, where focus() left it: never take it from elsewhere.
      if (this.#focusWhenRead && this.shadowRoot?.activeElement?.matches('[part~="cancel"]')) this.focus();
      this.#focusWhenRead = false;
    } catch (error) {
      this.#fail(error);
    }
  }

  async #passkey(): Promise<void> {
    const kit = this.resolvedKit;
    if (!kit || !this.#kit.session || this.busy) return;
    await this.#run('passkey', 'stepUp.checkingPasskey', (signal) => kit.logInWithPasskey({ reauthenticate: true, signal }));
  }

  async #send(method: 'email' | 'sms'): Promise<void> {
    const kit = this.resolvedKit;
    const contact = method === 'email' ? this.ways?.email : this.ways?.sms;
    if (!kit || !this.#kit.session || !contact || this.busy) return;
    const otpType: OtpType = method === 'email' ? 'OTP_TYPE_EMAIL' : 'OTP_TYPE_SMS';
    this.busy = method;
    this.failure = undefined;
    this.#announcer.announce(this.t('stepUp.sending'));
    try {
      const { otpId } = await kit.startOtp(otpType, contact);
      this.sent = { method, otpType, contact, otpId };
      this.#announcer.announce(this.t('stepUp.codeSent', { contact }));
      this.busy = null;
      await this.updateComplete;
      this.focus();
    } catch (error) {
      this.busy = null;
      this.#fail(error);
    }
  }

  readonly #onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const kit = this.resolvedKit;
    const sent = this.sent;
    const input = this.renderRoot.querySelector<HTMLInputElement>('#step-up-code');
    const otpCode = input?.value.trim() ?? '';
    if (!kit || !sent || this.busy) return;
    if (!otpCode) {
      input?.focus();
      return;
    }
    const { method, otpType, contact, otpId } = sent;
    void this.#run(method, 'stepUp.confirming', (signal) => kit.completeOtp({ otpType, contact, otpId, otpCode, reauthenticate: true, signal }), 'confirm');
  };

  /** Runs a re-login; its session is the fresh one the host retries with. */
  async #run(method: Method, saying: 'stepUp.checkingPasskey' | 'stepUp.confirming', login: (signal: AbortSignal) => Promise<{ session: SigningSession }>, busy: Method | 'confirm' = method): Promise<void> {
    const abort = (this.#abort = new AbortController());
    this.busy = busy;
    this.failure = undefined;
    this.#announcer.announce(this.t(saying));
    try {
      const { session } = await login(abort.signal);
      this.busy = null;
      this.sent = null;
      this.#announcer.announce(this.t('stepUp.done'));
      this.dispatchEvent(new LatchStepUpEvent({ session, method }));
    } catch (error) {
      this.busy = null;
      if (!abort.signal.aborted) this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    this.failure = toLatchError(error);
    this.dispatchEvent(new LatchErrorEvent({ error: this.failure }));
    void this.updateComplete.then(() => this.focus());
  }

  readonly #onCancel = (): void => {
    this.#abort?.abort();
    this.busy = null;
    this.sent = null;
    this.dispatchEvent(new LatchStepUpCancelEvent());
  };

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    this.#onCancel();
  };

  // ---- rendering -----------------------------------------------------------------------------

  protected override render(): TemplateResult {
    return html`
      <form part="base" class="base" aria-labelledby="step-up-title" novalidate @submit=${this.#onSubmit} @keydown=${this.#onKeydown}>
        <p part="title" class="title" id="step-up-title" role="heading" aria-level=${Math.min(6, Math.max(1, this.headingLevel))}>${this.t('stepUp.title')}</p>
        ${this.sent ? this.#renderCode(this.sent) : this.#renderChoices()}
        <div part="error" class="error" aria-live="assertive" aria-atomic="true">${this.failure === undefined ? '' : this.errorText(this.failure)}</div>
        ${this.#announcer.render()}
      </form>
    `;
  }

  #button(part: Method, label: string, onClick: () => void): TemplateResult {
    const busy = this.busy !== null ? 'true' : 'false';
    return html`<button part=${part} type="button" aria-disabled=${busy} aria-busy=${this.busy === part ? 'true' : 'false'} @click=${onClick}>${label}</button>`;
  }

  #renderChoices(): TemplateResult {
    const ways = this.ways;
    const none = ways !== null && !ways.passkey && !ways.email && !ways.sms;
    return html`
      <p part="message">${this.t(none ? 'stepUp.noMethod' : 'stepUp.why')}</p>
      ${ways === null && this.failure === undefined ? html`<p class="muted">${this.t('common.loading')}</p>` : nothing}
      <div class="row">
        ${ways?.passkey ? this.#button('passkey', this.t(this.busy === 'passkey' ? 'stepUp.checkingPasskey' : 'stepUp.passkey'), () => void this.#passkey()) : nothing}
        ${ways?.email ? this.#button('email', this.busy === 'email' ? this.t('stepUp.sending') : this.t('stepUp.email', { contact: ways.email }), () => void this.#send('email')) : nothing}
        ${ways?.sms ? this.#button('sms', this.busy === 'sms' ? this.t('stepUp.sending') : this.t('stepUp.sms', { contact: ways.sms }), () => void this.#send('sms')) : nothing}
        <button part="cancel" type="button" @click=${this.#onCancel}>${this.t('common.cancel')}</button>
      </div>
    `;
  }

  #renderCode(sent: SentCode): TemplateResult {
    const busy = this.busy !== null ? 'true' : 'false';
    return html`
      <p part="message"><bdi>${this.t('stepUp.codeSent', { contact: sent.contact })}</bdi></p>
      <label for="step-up-code">${this.t('stepUp.code')}</label>
      <input part="code-input" id="step-up-code" name="code" inputmode="numeric" autocomplete="one-time-code" dir="ltr" required aria-invalid=${this.failure ? 'true' : 'false'} />
      <div class="row">
        <button part="confirm" class="primary" type="submit" aria-disabled=${busy} aria-busy=${this.busy === 'confirm' ? 'true' : 'false'}>${this.t(this.busy === 'confirm' ? 'stepUp.confirming' : 'stepUp.confirm')}</button>
        <button part="resend" type="button" aria-disabled=${busy} @click=${() => void this.#send(sent.method)}>${this.t('stepUp.resend')}</button>
        <button part="cancel" type="button" @click=${this.#onCancel}>${this.t('common.cancel')}</button>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-step-up': LatchStepUp;
  }
}
