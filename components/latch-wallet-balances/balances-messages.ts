/**
 * `<latch-wallet-balances>`'s own strings (English, Spanish, Arabic), loaded with the element (a
 * lazy chunk of `<latch-wallet>`). Registered on import; config `copy` may replace any by key.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const balancesEn = {
  'wallet.balances.title': 'Balances',
  'wallet.balances.refresh': 'Refresh balances',
  'wallet.balances.loading': 'Reading balances…',
  'wallet.balances.updated': 'Balances updated.',
  'wallet.balances.failed': 'The balances could not be read.',
  'wallet.balances.none': 'No Ethereum or Solana account to show balances for.',
  'wallet.balances.of': 'Balances of {account}',
  'wallet.balances.receive': 'Receive',
  'wallet.balances.hideReceive': 'Hide',
} as const satisfies Readonly<Record<string, Message>>;

type BalancesKey = keyof typeof balancesEn;

declare module '../i18n/messages.ts' {
  // Augmentation: the element's keys join the ones t() accepts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends Record<BalancesKey, Message> {}
}

export const balancesEs: Readonly<Record<BalancesKey, Message>> = {
  'wallet.balances.title': 'Saldos',
  'wallet.balances.refresh': 'Actualizar saldos',
  'wallet.balances.loading': 'Leyendo los saldos…',
  'wallet.balances.updated': 'Saldos actualizados.',
  'wallet.balances.failed': 'No se pudieron leer los saldos.',
  'wallet.balances.none': 'No hay ninguna cuenta de Ethereum o Solana de la que mostrar saldos.',
  'wallet.balances.of': 'Saldos de {account}',
  'wallet.balances.receive': 'Recibir',
  'wallet.balances.hideReceive': 'Ocultar',
};

export const balancesAr: Readonly<Record<BalancesKey, Message>> = {
  'wallet.balances.title': 'الأرصدة',
  'wallet.balances.refresh': 'تحديث الأرصدة',
  'wallet.balances.loading': 'جارٍ قراءة الأرصدة…',
  'wallet.balances.updated': 'تم تحديث الأرصدة.',
  'wallet.balances.failed': 'تعذّرت قراءة الأرصدة.',
  'wallet.balances.none': 'لا يوجد حساب إيثريوم أو سولانا لعرض أرصدته.',
  'wallet.balances.of': 'أرصدة {account}',
  'wallet.balances.receive': 'استلام',
  'wallet.balances.hideReceive': 'إخفاء',
};

registerMessages('en', balancesEn);
registerMessages('es', balancesEs);
registerMessages('ar', balancesAr);
