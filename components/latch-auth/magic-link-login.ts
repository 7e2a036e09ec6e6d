/**
 * `<latch-auth>`'s magic-link login, loaded only when the page's URL carries a link's code
 * (`otpCode` in the query or fragment): the core's `finishMagicLink` completing the remembered
 * attempt through the kit's `completeOtp` (so `$flow`, the session and the kit's events behave
 * as for a typed code), and the error's text in the three catalogues.
 */
import type { registerMessages } from '../i18n/catalogues.ts';
import { finishMagicLink } from '../../src/flows/magic-link.ts';
import type { SignupDetails } from '../../src/flows/otp-flow.ts';
import type { LatchKit, LoginOutcome } from '../../src/kit/latch-kit.ts';

declare module '../i18n/messages.ts' {
  interface LatchMessages {
    'error.ERR_OTP_LINK_INVALID': Message;
  }
}

/**
 * Finishes the login the URL's magic link carries; null when there is none (or another element
 * took it). `register` is the element's own catalogue registry (handed in, so this chunk does not
 * split the catalogues out of the element's first chunk).
 */
export function finishLinkLogin(kit: LatchKit, details: { signup?: SignupDetails }, register: typeof registerMessages): Promise<LoginOutcome | null> {
  register('en', {
    'error.ERR_OTP_LINK_INVALID': 'This login link has expired or was already used, or it was opened in another browser. Ask for a new code.',
  });
  register('es', {
    'error.ERR_OTP_LINK_INVALID': 'Este enlace de inicio de sesión caducó o ya se usó, o se abrió en otro navegador. Pide un código nuevo.',
  });
  register('ar', {
    'error.ERR_OTP_LINK_INVALID': 'انتهت صلاحية رابط تسجيل الدخول هذا أو سبق استخدامه، أو فُتح في متصفح آخر. اطلب رمزًا جديدًا.',
  });
  const store = kit.options.otpAttempts;
  return finishMagicLink((login) => kit.completeOtp({ ...login, ...details }), store ? { otpAttempts: store } : {});
}
