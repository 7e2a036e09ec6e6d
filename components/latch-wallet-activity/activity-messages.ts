/**
 * `<latch-wallet-activity>`'s own strings (English, Spanish, Arabic), loaded with the element (a
 * lazy chunk of `<latch-wallet>`). Registered on import; config `copy` may replace any by key.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const activityEn = {
  'wallet.activity.title': 'Recent activity',
  'wallet.activity.refresh': 'Refresh activity',
  'wallet.activity.loading': 'Reading recent activity…',
  'wallet.activity.empty': 'Nothing sent yet.',
  'wallet.activity.failed': 'The recent activity could not be read.',
  'wallet.activity.sentEth': 'Sent {amount} to {to}',
  'wallet.activity.call': 'Contract call to {to}',
  'wallet.activity.sentSol': 'Solana transaction from {from}',
  'wallet.activity.status.INCLUDED': 'Included in a block',
  'wallet.activity.status.CONFIRMED': 'Confirmed',
  'wallet.activity.status.FAILED': 'Failed',
  'wallet.activity.status.PENDING': 'Pending',
  'wallet.activity.status.REJECTED': 'Rejected',
  'wallet.activity.status.CONSENSUS_NEEDED': 'Waiting for approval',
} as const satisfies Readonly<Record<string, Message>>;

export type ActivityKey = keyof typeof activityEn;

declare module '../i18n/messages.ts' {
  // Augmentation: the element's keys join the ones t() accepts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends Record<ActivityKey, Message> {}
}

export const activityEs: Readonly<Record<ActivityKey, Message>> = {
  'wallet.activity.title': 'Actividad reciente',
  'wallet.activity.refresh': 'Actualizar actividad',
  'wallet.activity.loading': 'Leyendo la actividad reciente…',
  'wallet.activity.empty': 'Aún no has enviado nada.',
  'wallet.activity.failed': 'No se pudo leer la actividad reciente.',
  'wallet.activity.sentEth': 'Enviado {amount} a {to}',
  'wallet.activity.call': 'Llamada a un contrato en {to}',
  'wallet.activity.sentSol': 'Transacción de Solana desde {from}',
  'wallet.activity.status.INCLUDED': 'Incluida en un bloque',
  'wallet.activity.status.CONFIRMED': 'Confirmada',
  'wallet.activity.status.FAILED': 'Fallida',
  'wallet.activity.status.PENDING': 'Pendiente',
  'wallet.activity.status.REJECTED': 'Rechazada',
  'wallet.activity.status.CONSENSUS_NEEDED': 'Esperando aprobación',
};

export const activityAr: Readonly<Record<ActivityKey, Message>> = {
  'wallet.activity.title': 'النشاط الأخير',
  'wallet.activity.refresh': 'تحديث النشاط',
  'wallet.activity.loading': 'جارٍ قراءة النشاط الأخير…',
  'wallet.activity.empty': 'لم يُرسَل شيء بعد.',
  'wallet.activity.failed': 'تعذّرت قراءة النشاط الأخير.',
  'wallet.activity.sentEth': 'أُرسل {amount} إلى {to}',
  'wallet.activity.call': 'استدعاء عقد في {to}',
  'wallet.activity.sentSol': 'معاملة سولانا من {from}',
  'wallet.activity.status.INCLUDED': 'مُدرجة في كتلة',
  'wallet.activity.status.CONFIRMED': 'مؤكَّدة',
  'wallet.activity.status.FAILED': 'فشلت',
  'wallet.activity.status.PENDING': 'قيد الانتظار',
  'wallet.activity.status.REJECTED': 'مرفوضة',
  'wallet.activity.status.CONSENSUS_NEEDED': 'بانتظار الموافقة',
};

registerMessages('en', activityEn);
registerMessages('es', activityEs);
registerMessages('ar', activityAr);
