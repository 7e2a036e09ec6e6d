/** Arabic strings of the login elements (see login-messages.ts). */
import type { Messages } from '../i18n/messages.ts';

export const ar: Messages = {
  'auth.sending': 'جارٍ إرسال الرمز…',
  'auth.popup': 'أكمل تسجيل الدخول في النافذة الجديدة.',
  'auth.redirecting': 'جارٍ نقلك إلى صفحة تسجيل الدخول…',
  'passkey.userName': 'اسم لحسابك',
  'passkey.userNameMissing': 'أدخل اسمًا لحسابك.',
  'passkey.noAuthenticator': 'لا يستطيع هذا الجهاز إنشاء مفتاح مرور: سجّل بطريقة أخرى.',
};
