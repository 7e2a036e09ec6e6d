/**
 * The captcha errors' text in the three catalogues, a chunk of its own loaded by an element
 * unless its kit's `captcha` is false (see LatchKitElement.loadCaptchaTexts): the proxy may ask for
 * a captcha the page did not configure. `register` is the element's own registry, handed in as magic-link-login.ts does.
 */
import type { registerMessages } from '../i18n/catalogues.ts';

declare module '../i18n/messages.ts' {
  interface LatchMessages {
    'error.ERR_CAPTCHA_FAILED': Message;
    'error.ERR_CAPTCHA_REFUSED': Message;
  }
}

export function registerCaptchaMessages(register: typeof registerMessages): void {
  register('en', {
    'error.ERR_CAPTCHA_FAILED': 'We could not check that you are human. Try again.',
    'error.ERR_CAPTCHA_REFUSED': 'The human check was not accepted. Try again.',
  });
  register('es', {
    'error.ERR_CAPTCHA_FAILED': 'No pudimos comprobar que eres una persona. Inténtalo de nuevo.',
    'error.ERR_CAPTCHA_REFUSED': 'La comprobación de que eres una persona no fue aceptada. Inténtalo de nuevo.',
  });
  register('ar', {
    'error.ERR_CAPTCHA_FAILED': 'تعذّر علينا التحقق من أنك إنسان. حاول مرة أخرى.',
    'error.ERR_CAPTCHA_REFUSED': 'لم يُقبل التحقق من أنك إنسان. حاول مرة أخرى.',
  });
}
