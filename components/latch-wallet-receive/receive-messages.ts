/**
 * `<latch-wallet-receive>`'s own strings (English, Spanish, Arabic), loaded with the element (a
 * lazy chunk of `<latch-wallet>`). Registered on import; config `copy` may replace any by key.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const receiveEn = {
  'wallet.receive.title': 'Receive',
  'wallet.receive.hint': 'Send only {chain} assets to this address.',
  'wallet.receive.qr': 'QR code of the address',
  'wallet.receive.copy': 'Copy address',
  'wallet.receive.copied': 'Address copied.',
  'wallet.receive.copyFailed': 'The address could not be copied. Select it and copy it yourself.',
  'wallet.receive.qrFailed': 'The QR code could not be drawn. Copy the address instead.',
} as const satisfies Readonly<Record<string, Message>>;

type ReceiveKey = keyof typeof receiveEn;

declare module '../i18n/messages.ts' {
  // Augmentation: the element's keys join the ones t() accepts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends Record<ReceiveKey, Message> {}
}

export const receiveEs: Readonly<Record<ReceiveKey, Message>> = {
  'wallet.receive.title': 'Recibir',
  'wallet.receive.hint': 'Envía a esta dirección solo activos de {chain}.',
  'wallet.receive.qr': 'Código QR de la dirección',
  'wallet.receive.copy': 'Copiar dirección',
  'wallet.receive.copied': 'Dirección copiada.',
  'wallet.receive.copyFailed': 'No se pudo copiar la dirección. Selecciónala y cópiala tú.',
  'wallet.receive.qrFailed': 'No se pudo dibujar el código QR. Copia la dirección.',
};

export const receiveAr: Readonly<Record<ReceiveKey, Message>> = {
  'wallet.receive.title': 'استلام',
  'wallet.receive.hint': 'أرسل إلى هذا العنوان أصول {chain} فقط.',
  'wallet.receive.qr': 'رمز QR للعنوان',
  'wallet.receive.copy': 'نسخ العنوان',
  'wallet.receive.copied': 'تم نسخ العنوان.',
  'wallet.receive.copyFailed': 'تعذّر نسخ العنوان. حدّده وانسخه بنفسك.',
  'wallet.receive.qrFailed': 'تعذّر رسم رمز QR. انسخ العنوان بدلًا من ذلك.',
};

registerMessages('en', receiveEn);
registerMessages('es', receiveEs);
registerMessages('ar', receiveAr);
