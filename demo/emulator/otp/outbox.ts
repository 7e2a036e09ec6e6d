/**
 * Where OTP messages go instead of email and SMS: the `outbox` table (`GET /__outbox`) and one
 * console line each (naming where to read the code, never the code), unless quiet. Only the
 * newest messages are kept.
 */
import type { EmulatorContext } from '../context.ts';
import type { Tx } from '../state/store.ts';
import type { OutboxRecord } from '../state/records.ts';

export const OUTBOX_LIMIT = 1000;

export interface OutgoingMessage {
  otpId: string;
  organizationId: string;
  channel: 'EMAIL' | 'SMS';
  to: string;
  code: string;
  appName: string;
  smsTemplate?: string;
  expiresInSeconds: number;
}

function render(message: OutgoingMessage): { subject?: string; text: string } {
  if (message.channel === 'SMS') {
    const template = message.smsTemplate ?? '{{.AppName}}: your code is {{.OtpCode}}';
    return { text: template.replaceAll('{{.OtpCode}}', message.code).replaceAll('{{.AppName}}', message.appName) };
  }
  const minutes = Math.max(1, Math.round(message.expiresInSeconds / 60));
  return {
    subject: `Your ${message.appName} code`,
    text: `Your ${message.appName} verification code is ${message.code}. It expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  };
}

export function sendToOutbox(ctx: EmulatorContext, tx: Tx, message: OutgoingMessage, now: number): OutboxRecord {
  const record: OutboxRecord = {
    id: crypto.randomUUID(),
    otpId: message.otpId,
    organizationId: message.organizationId,
    channel: message.channel,
    to: message.to,
    code: message.code,
    ...render(message),
    createdAt: now,
    updatedAt: now,
  };
  tx.outbox.put(record);
  // The oldest messages go first (the table keeps the order they were sent in).
  let excess = tx.outbox.size - OUTBOX_LIMIT;
  for (const old of tx.outbox.inOrder()) {
    if (excess-- <= 0) break;
    tx.outbox.delete(old.id);
  }
  // Never the code itself (SECURITY.md E7, OWASP: do not log OTP values): where to read it.
  if (!ctx.quiet) ctx.log(`OTP ${message.channel.toLowerCase()} to ${message.to}: in the outbox, ${ctx.urls.apiUrl}/__outbox?to=${encodeURIComponent(message.to)}`);
  return record;
}
