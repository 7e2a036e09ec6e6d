/**
 * `<latch-signup>`'s own strings (English, Spanish, Arabic), registered when the element's module
 * loads. The core catalogue already has the email field, "Send code", "We sent a code to …",
 * "Creating your wallet…" and "Your wallet is ready".
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const signupEn = {
  'signup.title': 'Create your account',
  'signup.changeEmail': 'Use a different email',
  'signup.sending': 'Sending your code…',
  'signup.codeResent': 'We sent a new code.',
  'signup.accountReady': 'Your account is ready',
  'signup.existingAccount': 'You already have an account with this email: you are now logged in.',
  'signup.addresses': 'Your addresses',
  'signup.address': 'Address {index}',
  'signup.copyAddress': 'Copy the {chain} address',
  'signup.proofs': 'Proof that the enclave created these addresses',
} as const satisfies Readonly<Record<string, Message>>;

type SignupCatalogue = { readonly [Key in keyof typeof signupEn]: Message };

declare module '../i18n/messages.ts' {
  // Augmentation: the element's keys (those of the English catalogue) join the ones t() accepts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends SignupCatalogue {}
}

export const signupEs: SignupCatalogue = {
  'signup.title': 'Crea tu cuenta',
  'signup.changeEmail': 'Usar otro correo electrónico',
  'signup.sending': 'Enviando tu código…',
  'signup.codeResent': 'Enviamos un código nuevo.',
  'signup.accountReady': 'Tu cuenta está lista',
  'signup.existingAccount': 'Ya tienes una cuenta con este correo: has iniciado sesión.',
  'signup.addresses': 'Tus direcciones',
  'signup.address': 'Dirección {index}',
  'signup.copyAddress': 'Copiar la dirección de {chain}',
  'signup.proofs': 'Prueba de que el enclave creó estas direcciones',
};

export const signupAr: SignupCatalogue = {
  'signup.title': 'أنشئ حسابك',
  'signup.changeEmail': 'استخدام بريد إلكتروني آخر',
  'signup.sending': 'جارٍ إرسال الرمز…',
  'signup.codeResent': 'أرسلنا رمزًا جديدًا.',
  'signup.accountReady': 'حسابك جاهز',
  'signup.existingAccount': 'لديك حساب بهذا البريد الإلكتروني بالفعل: لقد سجّلت الدخول الآن.',
  'signup.addresses': 'عناوينك',
  'signup.address': 'العنوان {index}',
  'signup.copyAddress': 'نسخ عنوان {chain}',
  'signup.proofs': 'إثبات أن البيئة المعزولة أنشأت هذه العناوين',
};

registerMessages('en', signupEn);
registerMessages('es', signupEs);
registerMessages('ar', signupAr);
