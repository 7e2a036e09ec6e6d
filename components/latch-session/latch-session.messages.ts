/**
 * `<latch-session>`'s own strings (English, Spanish, Arabic), registered when the element's
 * module loads. The core catalogue already has `session.logout`, `session.endsIn` and
 * `session.stay`.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const sessionEn = {
  'session.title': 'You are logged in',
  'session.organization': 'Organization',
  'session.user': 'User',
  'session.type': 'Access',
  'session.timeLeft': 'Time left',
  'session.copyUserId': 'Copy user ID',
  'session.refresh': 'Refresh session',
  'session.refreshing': 'Extending your session…',
  'session.refreshed': 'Your session was extended.',
  'session.loggingOut': 'Logging you out…',
  'session.loggedOut': 'You logged out.',
  'session.ended': 'Your session has ended. Log in again to continue.',
  'session.empty': 'You are not logged in.',
  'session.type.SESSION_TYPE_READ_WRITE': 'Read and write',
  'session.type.SESSION_TYPE_READ_ONLY': 'Read only',
  'error.ERR_SESSION_REFRESH': 'Your session could not be extended. Try again.',
} as const satisfies Readonly<Record<string, Message>>;

type SessionCatalogue = { readonly [Key in keyof typeof sessionEn]: Message };

declare module '../i18n/messages.ts' {
  // Augmentation: the element's keys (those of the English catalogue) join the ones t() accepts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends SessionCatalogue {}
}

export const sessionEs: SessionCatalogue = {
  'session.title': 'Has iniciado sesión',
  'session.organization': 'Organización',
  'session.user': 'Usuario',
  'session.type': 'Acceso',
  'session.timeLeft': 'Tiempo restante',
  'session.copyUserId': 'Copiar el ID de usuario',
  'session.refresh': 'Renovar la sesión',
  'session.refreshing': 'Ampliando tu sesión…',
  'session.refreshed': 'Se amplió tu sesión.',
  'session.loggingOut': 'Cerrando la sesión…',
  'session.loggedOut': 'Cerraste la sesión.',
  'session.ended': 'Tu sesión ha terminado. Vuelve a iniciar sesión para continuar.',
  'session.empty': 'No has iniciado sesión.',
  'session.type.SESSION_TYPE_READ_WRITE': 'Lectura y escritura',
  'session.type.SESSION_TYPE_READ_ONLY': 'Solo lectura',
  'error.ERR_SESSION_REFRESH': 'No se pudo ampliar tu sesión. Inténtalo de nuevo.',
};

export const sessionAr: SessionCatalogue = {
  'session.title': 'لقد سجّلت الدخول',
  'session.organization': 'المؤسسة',
  'session.user': 'المستخدم',
  'session.type': 'الصلاحية',
  'session.timeLeft': 'الوقت المتبقي',
  'session.copyUserId': 'نسخ معرّف المستخدم',
  'session.refresh': 'تجديد الجلسة',
  'session.refreshing': 'جارٍ تمديد جلستك…',
  'session.refreshed': 'تم تمديد جلستك.',
  'session.loggingOut': 'جارٍ تسجيل خروجك…',
  'session.loggedOut': 'لقد سجّلت الخروج.',
  'session.ended': 'انتهت جلستك. سجّل الدخول مرة أخرى للمتابعة.',
  'session.empty': 'لم تسجّل الدخول.',
  'session.type.SESSION_TYPE_READ_WRITE': 'قراءة وكتابة',
  'session.type.SESSION_TYPE_READ_ONLY': 'قراءة فقط',
  'error.ERR_SESSION_REFRESH': 'تعذّر تمديد جلستك. حاول مرة أخرى.',
};

registerMessages('en', sessionEn);
registerMessages('es', sessionEs);
registerMessages('ar', sessionAr);
