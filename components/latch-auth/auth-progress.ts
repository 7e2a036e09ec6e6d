import type { MessageKey } from '../i18n/messages.ts';

/** `$flow` name/step → the progress text. `otp/code-sent` names the contact; a failed step shows nothing (the error says it). */
export const AUTH_PROGRESS: Readonly<Record<string, MessageKey>> = {
  'otp/sending': 'auth.sending',
  'otp/verifying': 'login.signingIn',
  'oauth/popup': 'auth.popup',
  'oauth/redirecting': 'auth.redirecting',
  'oauth/verifying': 'login.signingIn',
  'passkey/creating': 'login.creatingAccount',
  'passkey/authenticating': 'login.signingIn',
};
