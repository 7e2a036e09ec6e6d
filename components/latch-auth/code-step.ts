/**
 * `<latch-auth>`'s code step, once a code was sent by email or SMS: `<latch-otp-input>` (the
 * config's length and alphabet), the check of the code, the resend, and "Use another method". A
 * separate chunk with `<latch-otp-input>`: it starts loading when a contact form shows and is
 * awaited with the sending, so the step shows with the code.
 */
import { html, type TemplateResult } from 'lit';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import type { LatchOtpCompleteEvent } from '../internal/events.ts';
import { LatchOtpInput } from '../latch-otp-input/latch-otp-input.ts';
import type { ContactLoginHost, ContactLoginSteps } from './contact-login-controller.ts';
import { CONTACTS, type ContactMethod } from './login-contacts.ts';

export { LatchOtpInput };

export class CodeStep {
  /** The code being checked. */
  #busy = false;
  #error = '';

  constructor(
    readonly host: ContactLoginHost,
    readonly steps: ContactLoginSteps,
    readonly kit: LatchKit,
    readonly method: ContactMethod,
    readonly contact: string,
    public otpId: string,
    /** Leaves the step: `true` after a login (the forms forget what was typed). */
    readonly leave: (done: boolean) => void,
  ) {}

  /** Applies `change`, re-renders, then focuses with `focus` once it shows. */
  async shown(change: () => unknown, focus: () => void): Promise<void> {
    change();
    this.host.requestUpdate();
    await this.host.updateComplete;
    focus();
  }

  #otp(): LatchOtpInput | null {
    return this.host.renderRoot.querySelector('latch-otp-input');
  }

  readonly #onCode = async (event: LatchOtpCompleteEvent): Promise<void> => {
    if (this.#busy) return;
    const { host, steps } = this;
    this.#busy = true;
    this.#error = '';
    host.requestUpdate();
    try {
      const outcome = await this.kit.completeOtp({ otpType: CONTACTS[this.method].otpType, contact: this.contact, otpId: this.otpId, otpCode: event.detail.code, ...steps.signup() });
      this.#busy = false;
      this.leave(true);
      steps.view('methods');
      host.requestUpdate();
      steps.emitLogin(outcome);
    } catch (error) {
      const latch = steps.emitError(error);
      await this.shown(
        () => ((this.#busy = false), (this.#error = latch ? host.errorText(latch) : '')),
        () => {
          const otp = this.#otp();
          otp?.clear();
          otp?.focus();
        },
      );
    }
  };

  readonly #onResend = async (): Promise<void> => {
    const { host } = this;
    this.#error = '';
    host.requestUpdate();
    try {
      ({ otpId: this.otpId } = await this.kit.startOtp(CONTACTS[this.method].otpType, this.contact));
    } catch (error) {
      const latch = this.steps.emitError(error);
      this.#error = latch ? host.errorText(latch) : '';
      host.requestUpdate();
      // Nothing was sent: no wait before the next try.
      this.#otp()?.startCooldown(0);
    }
  };

  readonly #onBack = (): void => {
    void this.shown(
      () => (this.leave(false), this.steps.view('methods')),
      () => this.host.renderRoot.querySelector<HTMLInputElement>(`#${this.method}`)?.focus(),
    );
  };

  render(): TemplateResult {
    const host = this.host;
    const config = this.kit.config;
    return html`<div part="code" class="code">
      <latch-otp-input
        part="otp"
        exportparts="input:otp-box,label:otp-label,error:otp-error,resend:otp-resend"
        length=${Number(config?.otpLength) || 6}
        ?alphanumeric=${config?.otpAlphanumeric === true}
        ?disabled=${this.#busy}
        .errorMessage=${this.#error}
        .locale=${host.locale}
        .accent=${host.accent}
        .config=${host.config}
        @latch-otp-complete=${this.#onCode}
        @latch-otp-resend=${this.#onResend}
      >
        <span slot="description">${host.t('login.codeSentTo', { contact: this.contact })}</span>
      </latch-otp-input>
      <button part="back" class="link" type="button" @click=${this.#onBack}>${host.t('login.otherMethod')}</button>
    </div>`;
  }
}
