/**
 * The phone field's strings (en, es, ar), registered when the phone field's chunk loads: they come
 * with it, never with the drop-in's first paint.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

const en = {
  'phone.country': 'Country or region: {country}',
  'phone.search': 'Search countries and regions',
  'phone.countries': 'Countries and regions',
  'phone.noMatch': 'No country or region matches.',
  'phone.invalid': 'Enter a valid phone number for {country}, for example {example}.',
  'phone.invalidIn': 'Enter a valid phone number for {country}.',
} as const satisfies Readonly<Record<string, Message>>;

type PhoneCatalogue = { readonly [Key in keyof typeof en]: Message };

declare module '../i18n/messages.ts' {
  // Augmentation: these keys join the ones t() accepts once this module is part of the program.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends PhoneCatalogue {}
}

const es: PhoneCatalogue = {
  'phone.country': 'País o región: {country}',
  'phone.search': 'Buscar países y regiones',
  'phone.countries': 'Países y regiones',
  'phone.noMatch': 'Ningún país o región coincide.',
  'phone.invalid': 'Introduce un número de teléfono válido de {country}, por ejemplo {example}.',
  'phone.invalidIn': 'Introduce un número de teléfono válido de {country}.',
};

const ar: PhoneCatalogue = {
  'phone.country': 'البلد أو المنطقة: {country}',
  'phone.search': 'ابحث عن بلد أو منطقة',
  'phone.countries': 'البلدان والمناطق',
  'phone.noMatch': 'لا يوجد بلد أو منطقة مطابقة.',
  'phone.invalid': 'أدخل رقم هاتف صالحًا في {country}، مثل {example}.',
  'phone.invalidIn': 'أدخل رقم هاتف صالحًا في {country}.',
};

// A few hundred bytes together: not worth a chunk per language.
registerMessages('en', en);
registerMessages('es', es);
registerMessages('ar', ar);
