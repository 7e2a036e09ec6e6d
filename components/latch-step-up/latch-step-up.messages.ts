/**
 * `<latch-step-up>`'s own strings (English, Spanish, Arabic), registered when the element's
 * module loads, and the messages of the two step-up codes (ERR_STEP_UP_*), which only this
 * element shows: a host that meets ERR_STEP_UP_REQUIRED loads this element instead.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const stepUpEn = {
  'stepUp.title': 'Confirm it’s you',
  'stepUp.why': 'For your security, this needs a recent login. Confirm it’s you, then it goes ahead.',
  'stepUp.passkey': 'Use your passkey',
  'stepUp.email': 'Email a code to {contact}',
  'stepUp.sms': 'Text a code to {contact}',
  'stepUp.sending': 'Sending your code…',
  'stepUp.codeSent': 'We sent a code to {contact}.',
  'stepUp.code': 'Code',
  'stepUp.confirm': 'Confirm',
  'stepUp.confirming': 'Confirming…',
  'stepUp.resend': 'Send a new code',
  'stepUp.checkingPasskey': 'Waiting for your passkey…',
  'stepUp.done': 'Confirmed.',
  'stepUp.noMethod': 'There is no way to confirm it’s you here. Log out and log in again, then try again.',
  'error.ERR_STEP_UP_REQUIRED': 'This needs a recent login. Confirm it’s you, then try again.',
  'error.ERR_STEP_UP_USER': 'That login is another account. Confirm with the account you are logged in with.',
} as const satisfies Readonly<Record<string, Message>>;

type StepUpCatalogue = { readonly [Key in keyof typeof stepUpEn]: Message };

declare module '../i18n/messages.ts' {
  // Augmentation: the element's keys (those of the English catalogue) join the ones t() accepts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends StepUpCatalogue {}
}

export const stepUpEs: StepUpCatalogue = {
  'stepUp.title': 'Confirma que eres tú',
  'stepUp.why': 'Por tu seguridad, esto requiere un inicio de sesión reciente. Confirma que eres tú y continuará.',
  'stepUp.passkey': 'Usar tu llave de acceso',
  'stepUp.email': 'Enviar un código a {contact}',
  'stepUp.sms': 'Enviar un SMS con un código a {contact}',
  'stepUp.sending': 'Enviando tu código…',
  'stepUp.codeSent': 'Enviamos un código a {contact}.',
  'stepUp.code': 'Código',
  'stepUp.confirm': 'Confirmar',
  'stepUp.confirming': 'Confirmando…',
  'stepUp.resend': 'Enviar un código nuevo',
  'stepUp.checkingPasskey': 'Esperando tu llave de acceso…',
  'stepUp.done': 'Confirmado.',
  'stepUp.noMethod': 'Aquí no hay forma de confirmar que eres tú. Cierra sesión, vuelve a iniciarla e inténtalo de nuevo.',
  'error.ERR_STEP_UP_REQUIRED': 'Esto requiere un inicio de sesión reciente. Confirma que eres tú e inténtalo de nuevo.',
  'error.ERR_STEP_UP_USER': 'Ese inicio de sesión es de otra cuenta. Confirma con la cuenta con la que iniciaste sesión.',
};

export const stepUpAr: StepUpCatalogue = {
  'stepUp.title': 'أكّد أنك أنت',
  'stepUp.why': 'لحمايتك، يتطلب هذا تسجيل دخول حديثًا. أكّد أنك أنت، ثم سيتابع.',
  'stepUp.passkey': 'استخدم مفتاح المرور',
  'stepUp.email': 'أرسل رمزًا إلى {contact}',
  'stepUp.sms': 'أرسل رمزًا في رسالة نصية إلى {contact}',
  'stepUp.sending': 'جارٍ إرسال الرمز…',
  'stepUp.codeSent': 'أرسلنا رمزًا إلى {contact}.',
  'stepUp.code': 'الرمز',
  'stepUp.confirm': 'تأكيد',
  'stepUp.confirming': 'جارٍ التأكيد…',
  'stepUp.resend': 'أرسل رمزًا جديدًا',
  'stepUp.checkingPasskey': 'في انتظار مفتاح المرور…',
  'stepUp.done': 'تم التأكيد.',
  'stepUp.noMethod': 'لا توجد هنا طريقة لتأكيد هويتك. سجّل الخروج ثم سجّل الدخول مجددًا، وحاول مرة أخرى.',
  'error.ERR_STEP_UP_REQUIRED': 'يتطلب هذا تسجيل دخول حديثًا. أكّد أنك أنت، ثم حاول مرة أخرى.',
  'error.ERR_STEP_UP_USER': 'تسجيل الدخول هذا لحساب آخر. أكّد باستخدام الحساب الذي سجّلت الدخول به.',
};

registerMessages('en', stepUpEn);
registerMessages('es', stepUpEs);
registerMessages('ar', stepUpAr);
