/**
 * `<latch-approvals>`'s own strings (English, Spanish, Arabic), registered when the element's
 * module loads. An activity's type is shown as the service names it (a technical name, isolated
 * left to right), not translated.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const approvalsEn = {
  'approvals.title': 'Requests waiting for your approval',
  'approvals.signedOut': 'Log in to see the requests waiting for your approval.',
  'approvals.empty': 'Nothing is waiting for your approval.',
  'approvals.loading': 'Loading the requests…',
  'approvals.count': { one: '1 request is waiting for your approval.', other: '{count} requests are waiting for your approval.' },
  'approvals.type': 'Request',
  'approvals.requestedBy': 'Asked by',
  'approvals.requestedAt': 'Asked on',
  'approvals.fingerprint': 'Fingerprint',
  'approvals.approve': 'Approve',
  'approvals.reject': 'Reject',
  'approvals.approving': 'Approving…',
  'approvals.rejecting': 'Rejecting…',
  'approvals.approved': 'Approved: the request went through.',
  'approvals.approvedWaiting': 'Approved: the request still needs another approval.',
  'approvals.rejected': 'Rejected: the request will not go through.',
  'approvals.refresh': 'Check for requests',
  'approvals.unknownUser': 'another user',
} as const satisfies Readonly<Record<string, Message>>;

type ApprovalsCatalogue = { readonly [Key in keyof typeof approvalsEn]: Message };

declare module '../i18n/messages.ts' {
  // Augmentation: the element's keys (those of the English catalogue) join the ones t() accepts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends ApprovalsCatalogue {}
}

export const approvalsEs: ApprovalsCatalogue = {
  'approvals.title': 'Solicitudes pendientes de tu aprobación',
  'approvals.signedOut': 'Inicia sesión para ver las solicitudes pendientes de tu aprobación.',
  'approvals.empty': 'No hay nada pendiente de tu aprobación.',
  'approvals.loading': 'Cargando las solicitudes…',
  'approvals.count': { one: '1 solicitud espera tu aprobación.', other: '{count} solicitudes esperan tu aprobación.' },
  'approvals.type': 'Solicitud',
  'approvals.requestedBy': 'Pedida por',
  'approvals.requestedAt': 'Pedida el',
  'approvals.fingerprint': 'Huella',
  'approvals.approve': 'Aprobar',
  'approvals.reject': 'Rechazar',
  'approvals.approving': 'Aprobando…',
  'approvals.rejecting': 'Rechazando…',
  'approvals.approved': 'Aprobada: la solicitud se completó.',
  'approvals.approvedWaiting': 'Aprobada: la solicitud aún necesita otra aprobación.',
  'approvals.rejected': 'Rechazada: la solicitud no se completará.',
  'approvals.refresh': 'Buscar solicitudes',
  'approvals.unknownUser': 'otro usuario',
};

export const approvalsAr: ApprovalsCatalogue = {
  'approvals.title': 'طلبات بانتظار موافقتك',
  'approvals.signedOut': 'سجّل الدخول لترى الطلبات التي تنتظر موافقتك.',
  'approvals.empty': 'لا شيء ينتظر موافقتك.',
  'approvals.loading': 'جارٍ تحميل الطلبات…',
  'approvals.count': { one: 'طلب واحد ينتظر موافقتك.', two: 'طلبان ينتظران موافقتك.', other: 'عدد الطلبات التي تنتظر موافقتك: {count}.' },
  'approvals.type': 'الطلب',
  'approvals.requestedBy': 'طلبه',
  'approvals.requestedAt': 'تاريخ الطلب',
  'approvals.fingerprint': 'البصمة',
  'approvals.approve': 'موافقة',
  'approvals.reject': 'رفض',
  'approvals.approving': 'جارٍ الموافقة…',
  'approvals.rejecting': 'جارٍ الرفض…',
  'approvals.approved': 'تمت الموافقة: اكتمل الطلب.',
  'approvals.approvedWaiting': 'تمت الموافقة: ما زال الطلب يحتاج إلى موافقة أخرى.',
  'approvals.rejected': 'تم الرفض: لن يكتمل الطلب.',
  'approvals.refresh': 'البحث عن طلبات',
  'approvals.unknownUser': 'مستخدم آخر',
};

registerMessages('en', approvalsEn);
registerMessages('es', approvalsEs);
registerMessages('ar', approvalsAr);
