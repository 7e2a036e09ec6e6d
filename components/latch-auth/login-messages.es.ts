/** Spanish strings of the login elements (see login-messages.ts). */
import type { Messages } from '../i18n/messages.ts';

export const es: Messages = {
  'auth.sending': 'Enviando tu código…',
  'auth.popup': 'Termina de iniciar sesión en la ventana nueva.',
  'auth.redirecting': 'Te llevamos a la página de inicio de sesión…',
  'passkey.userName': 'Nombre para tu cuenta',
  'passkey.userNameMissing': 'Introduce un nombre para tu cuenta.',
  'passkey.noAuthenticator': 'Este dispositivo no puede crear una llave de acceso: regístrate de otra forma.',
};
