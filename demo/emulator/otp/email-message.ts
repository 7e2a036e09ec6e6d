/**
 * The OTP email as the emulator would send it: subject, From, Reply-To, an HTML and a text
 * body, built from the init request's customization (email-customization.ts) over the
 * configuration's. Every interpolated value is HTML-escaped (template variables come from a
 * page), URLs were checked to be https or loopback http before they got here, and the HTML
 * carries a Content-Security-Policy that allows no script, no form and no frame, so even a
 * mistake here could not run anything where the outbox is shown.
 *
 * The emulator keeps no custom email templates: a `templateId` is named in the message and the
 * `templateVariables` are listed in it, so a developer sees that both arrived.
 */
import { DEFAULT_SENDER_ADDRESS, DEFAULT_SENDER_NAME, MAGIC_LINK_PLACEHOLDER, type EmailCustomization } from './email-customization.ts';

export interface RenderedEmail {
  subject: string;
  /** `"Name" <address>`. */
  from: string;
  replyTo?: string;
  html: string;
  text: string;
  /** The magic link with the code in place (URL-encoded), when the request had a template. */
  magicLink?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes text for element content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** An RFC 5322 quoted display name (control characters were refused earlier). */
function displayName(name: string): string {
  return `"${name.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

export function magicLinkFor(template: string, code: string): string {
  return template.replace(MAGIC_LINK_PLACEHOLDER, encodeURIComponent(code));
}

const CSP = "default-src 'none'; img-src https: http://localhost:* http://127.0.0.1:* http://[::1]:*; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'";

export function renderOtpEmail(input: { code: string; expiresInSeconds: number; customization: EmailCustomization }): RenderedEmail {
  const { code, expiresInSeconds, customization: c } = input;
  const minutes = Math.max(1, Math.round(expiresInSeconds / 60));
  const expiry = `It expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  const subject = `Your ${c.appName} code`;
  const from = `${displayName(c.sendFromEmailSenderName ?? DEFAULT_SENDER_NAME)} <${c.sendFromEmailAddress ?? DEFAULT_SENDER_ADDRESS}>`;
  const magicLink = c.magicLinkTemplate ? magicLinkFor(c.magicLinkTemplate, code) : undefined;
  const variables = Object.entries(c.templateVariables ?? {});
  const e = escapeHtml;

  const text = [
    `Your ${c.appName} verification code is ${code}. ${expiry}`,
    ...(magicLink ? ['', `Or log in with this link: ${magicLink}`] : []),
    ...(c.templateId ? ['', `Template: ${c.templateId}`] : []),
    ...(variables.length ? ['', 'Template variables:', ...variables.map(([k, v]) => `  ${k}: ${v}`)] : []),
    '',
    'If you did not ask for this code, you can ignore this email.',
  ].join('\n');

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${e(CSP)}"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:system-ui,sans-serif;color:#1d1d1f">
<div style="max-width:480px;margin:0 auto;padding:24px;background:#fff;border-radius:12px">
${c.logoUrl ? `<img src="${e(c.logoUrl)}" alt="${e(c.appName)}" style="display:block;max-width:340px;max-height:124px;margin:0 0 16px">\n` : ''}<h1 style="font-size:20px;margin:0 0 16px">${e(c.appName)}</h1>
<p style="margin:0 0 8px">Your verification code is</p>
<p style="margin:0 0 16px;font:700 28px/1.2 ui-monospace,monospace;letter-spacing:4px">${e(code)}</p>
<p style="margin:0 0 16px">${e(expiry)}</p>
${magicLink ? `<p style="margin:0 0 16px"><a href="${e(magicLink)}" style="display:inline-block;padding:10px 16px;background:#0a66c2;color:#fff;border-radius:8px;text-decoration:none">Log in to ${e(c.appName)}</a></p>\n<p style="margin:0 0 16px;font-size:12px;word-break:break-all">${e(magicLink)}</p>\n` : ''}${c.templateId ? `<p style="margin:0 0 8px;font-size:12px">Template: ${e(c.templateId)}</p>\n` : ''}${variables.length ? `<dl style="margin:0 0 16px;font-size:12px">${variables.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl>\n` : ''}<p style="margin:0;font-size:12px;color:#6e6e73">If you did not ask for this code, you can ignore this email.</p>
</div></body></html>`;

  return {
    subject,
    from,
    ...(c.replyToEmailAddress ? { replyTo: c.replyToEmailAddress } : {}),
    html,
    text,
    ...(magicLink ? { magicLink } : {}),
  };
}
