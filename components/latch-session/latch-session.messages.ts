/**
 * `<latch-session>`'s own strings (English, Spanish, Arabic), registered when the element's
 * module loads. The core catalogue already has `session.logout`, `session.loggedInAs`,
 * `session.endsIn` and `session.stay`.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const sessionEn = {
  'session.organization': 'Organization',
  'session.user': 'User',
  'session.type': 'Access',
  'session.timeLeft': 'Time left',
  'session.copyUserId': 'Copy user ID',
  'session.refresh': 'Refresh session',
  'session.refreshed': 'Your session was extended.',
  'session.loggedOut': 'You logged out.',
  'session.ended': 'Your session has ended.',
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
  'session.organization': 'Organización',
  'session.user': 'Usuario',
  'session.type': 'Acceso',
  'session.timeLeft': 'Tiempo restante',
  'session.copyUserId': 'Copiar el ID de usuario',
  'session.refresh': 'Renovar la sesión',
  'session.refreshed': 'Se amplió tu sesión.',
  'session.loggedOut': 'Cerraste la sesión.',
  'session.ended': 'Tu sesión ha terminado.',
  'session.empty': 'No has iniciado sesión.',
  'session.type.SESSION_TYPE_READ_WRITE': 'Lectura y escritura',
  'session.type.SESSION_TYPE_READ_ONLY': 'Solo lectura',
  'error.ERR_SESSION_REFRESH': 'No se pudo ampliar tu sesión. Inténtalo de nuevo.',
};

export const sessionAr: SessionCatalogue = {
  'session.organization': 'المؤسسة',
  'session.user': 'المستخدم',
  'session.type': 'الصلاحية',
  'session.timeLeft': 'الوقت المتبقي',
  'session.copyUserId': 'نسخ معرّف المستخدم',
  'session.refresh': 'تجديد الجلسة',
  'session.refreshed': 'تم تمديد جلستك.',
  'session.loggedOut': 'لقد سجّلت الخروج.',
  'session.ended': 'انتهت جلستك.',
  'session.empty': 'لم تسجّل الدخول.',
  'session.type.SESSION_TYPE_READ_WRITE': 'قراءة وكتابة',
  'session.type.SESSION_TYPE_READ_ONLY': 'قراءة فقط',
  'error.ERR_SESSION_REFRESH': 'تعذّر تمديد جلستك. حاول مرة أخرى.',
};

registerMessages('en', sessionEn);
registerMessages('es', sessionEs);
registerMessages('ar', sessionAr);
