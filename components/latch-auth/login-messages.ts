/**
 * The login elements' own strings (`<latch-auth>`, `<latch-passkey-button>`): the progress of a
 * login as `$flow` reports it, and the passkey sign-up field. The core catalogue has the rest
 * (button labels, errors). English is registered when an element's module loads; Spanish and
 * Arabic are separate chunks that load with those languages.
 *
 * A function the base class's module calls, not a bare `import './x.ts'` for side effects: a
 * bundler keeps such an import only while the file matches package.json's `sideEffects` list.
 */
import { registerMessageLoader, registerMessages } from '../i18n/catalogues.ts';

declare module '../i18n/messages.ts' {
  interface LatchMessages {
    'auth.sending': Message;
    'auth.popup': Message;
    'auth.redirecting': Message;
    'passkey.userName': Message;
    'passkey.userNameMissing': Message;
    'passkey.noAuthenticator': Message;
  }
}

let registered = false;

export function registerLoginMessages(): void {
  if (registered) return;
  registered = true;
  registerMessages('en', {
    'auth.sending': 'Sending your code…',
    'auth.popup': 'Finish logging in in the new window.',
    'auth.redirecting': 'Taking you to the login page…',
    'passkey.userName': 'Name for your account',
    'passkey.userNameMissing': 'Enter a name for your account.',
    'passkey.noAuthenticator': 'This device cannot create a passkey: sign up another way.',
  });
  registerMessageLoader('es', () => import('./login-messages.es.ts').then((m) => m.es));
  registerMessageLoader('ar', () => import('./login-messages.ar.ts').then((m) => m.ar));
}
