/**
 * `<latch-wallet-send>`'s strings for the fee and the refusal before asking (English, Spanish,
 * Arabic), loaded with the quote (send-quote.ts) so the element's first chunk does not carry them.
 * Registered on import; config `copy` may replace any by key.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const sendEn = {
  'send.feeLabel': 'Network fee',
  'send.fee': 'Network fee: up to {fee}',
  'send.short': 'Not enough {symbol}: the balance is {have}, and this send needs {need} with the network fee. Nothing was sent.',
  'error.ERR_SEND_INSUFFICIENT_FUNDS': 'The balance cannot cover the amount plus the network fee. Nothing was sent.',
  'error.ERR_SEND_ESTIMATE_FAILED': 'The network would not price this send. Check the recipient and the amount.',
} as const satisfies Readonly<Record<string, Message>>;

type SendKey = keyof typeof sendEn;

declare module '../i18n/messages.ts' {
  // Augmentation: the element's keys join the ones t() accepts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends Record<SendKey, Message> {}
}

export const sendEs: Readonly<Record<SendKey, Message>> = {
  'send.feeLabel': 'Comisión de red',
  'send.fee': 'Comisión de red: hasta {fee}',
  'send.short': 'No hay suficiente {symbol}: el saldo es {have} y este envío necesita {need} con la comisión de red. No se envió nada.',
  'error.ERR_SEND_INSUFFICIENT_FUNDS': 'El saldo no cubre el importe más la comisión de red. No se envió nada.',
  'error.ERR_SEND_ESTIMATE_FAILED': 'La red no pudo calcular el coste de este envío. Revisa el destinatario y el importe.',
};

export const sendAr: Readonly<Record<SendKey, Message>> = {
  'send.feeLabel': 'رسوم الشبكة',
  'send.fee': 'رسوم الشبكة: حتى {fee}',
  'send.short': 'لا يكفي رصيد {symbol}: الرصيد {have}، وهذا الإرسال يحتاج إلى {need} مع رسوم الشبكة. لم يُرسَل شيء.',
  'error.ERR_SEND_INSUFFICIENT_FUNDS': 'الرصيد لا يغطي المبلغ مع رسوم الشبكة. لم يُرسَل شيء.',
  'error.ERR_SEND_ESTIMATE_FAILED': 'تعذّر على الشبكة تقدير تكلفة هذا الإرسال. تحقّق من المستلم والمبلغ.',
};

registerMessages('en', sendEn);
registerMessages('es', sendEs);
registerMessages('ar', sendAr);
