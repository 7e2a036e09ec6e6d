/**
 * Where OTP messages go instead of email and SMS: the `outbox` table (`GET /__outbox`) and one
 * console line each (naming where to read the code, never the code), unless quiet. Only the
 * newest messages are kept. An email is kept as rendered (subject, From, Reply-To, HTML and
 * text bodies, the magic link), with what it was made of beside it.
 */
import type { EmulatorContext } from '../context.ts';
import type { Tx } from '../state/store.ts';
import type { OutboxRecord } from '../state/records.ts';
import type { EmailCustomization } from './email-customization.ts';
import { renderOtpEmail } from './email-message.ts';

export const OUTBOX_LIMIT = 1000;

export interface OutgoingMessage {
  otpId: string;
  organizationId: string;
  channel: 'EMAIL' | 'SMS';
  to: string;
  code: string;
  smsTemplate?: string;
  expiresInSeconds: number;
  /** What the email is made of (app name, logo, sender, magic link…); SMS use its app name. */
  customization: EmailCustomization;
}

type Rendered = Omit<OutboxRecord, 'id' | 'otpId' | 'organizationId' | 'channel' | 'to' | 'code' | 'createdAt' | 'updatedAt'>;

function render(message: OutgoingMessage): Rendered {
  const { customization: c } = message;
  if (message.channel === 'SMS') {
    const template = message.smsTemplate ?? '{{.AppName}}: your code is {{.OtpCode}}';
    return { appName: c.appName, text: template.replaceAll('{{.OtpCode}}', message.code).replaceAll('{{.AppName}}', c.appName) };
  }
  const email = renderOtpEmail({ code: message.code, expiresInSeconds: message.expiresInSeconds, customization: c });
  return {
    ...email,
    appName: c.appName,
    ...(c.logoUrl ? { logoUrl: c.logoUrl } : {}),
    ...(c.templateId ? { templateId: c.templateId } : {}),
    ...(c.templateVariables ? { templateVariables: c.templateVariables } : {}),
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
    expiresAt: now + message.expiresInSeconds * 1000,
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
