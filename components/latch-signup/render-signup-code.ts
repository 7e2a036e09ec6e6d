import { html, type TemplateResult } from 'lit';
import type { WalletKitConfig } from '../../src/clients/proxy-types.ts';
import type { LatchError } from '../../src/errors/latch-error.ts';
import type { LatchOtpCompleteEvent } from '../internal/events.ts';
import type { LatchElement } from '../internal/latch-element.ts';

/** What `<latch-signup>`'s code step shows and calls. */
export interface SignupCodeState {
  /** The loaded wallet_kit_config (the code's length and alphabet), or null before it loads. */
  config: WalletKitConfig | null;
  /** Where the code went. */
  email: string;
  /** A code is being checked or resent: the input and the back button are disabled. */
  busy: boolean;
  /** Why the last code was refused, or null. */
  error: LatchError | null;
  /** The element: its strings, error texts and locale. */
  host: Pick<LatchElement, 't' | 'errorText' | 'resolvedLocale'>;
  onCode: (event: LatchOtpCompleteEvent) => void;
  onResend: () => void;
  onBack: () => void;
}

/** The code step: `<latch-otp-input>` shaped by the config, and "Change email". */
export function renderSignupCode(s: SignupCodeState): TemplateResult {
  const config = s.config;
  const length = Number(config?.otpLength) || 6;
  // The service's default alphabet is alphanumeric (wallet_kit_config `otpAlphanumeric`).
  const alphanumeric = config?.otpAlphanumeric ?? true;
  return html`
    <latch-otp-input
      part="otp"
      class="otp"
      length=${length}
      ?alphanumeric=${alphanumeric}
      ?disabled=${s.busy}
      ?invalid=${s.error !== null}
      error-message=${s.error ? s.host.errorText(s.error) : ''}
      locale=${s.host.resolvedLocale}
      @latch-otp-complete=${s.onCode}
      @latch-otp-resend=${s.onResend}
    >
      <span slot="description">${s.host.t('login.codeSentTo', { contact: s.email })}</span>
    </latch-otp-input>
    <button part="back" class="link" type="button" ?disabled=${s.busy} @click=${s.onBack}>${s.host.t('signup.changeEmail')}</button>
  `;
}
