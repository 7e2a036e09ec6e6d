/**
 * POST /v1/otp_init {otpType, contact, emailCustomization?: {templateId?}} → {otpId}. Code
 * length, alphabet, expiry and the message (app name, logo, magic link, template variables,
 * sender, reply-to) come from the configuration; the request may only pick the template
 * (`ProxyTInitOtpBody`: its emailCustomization is `v1ProxyEmailCustomizationParams`, a
 * templateId). Other fields in it are ignored, not taken: a page cannot choose where the
 * email's link points.
 */
import { optionalObject, optionalString, requireEnum, requireString, type JsonObject } from '../../http/fields.ts';
import { OtpTypes } from '../../identity/contact.ts';
import { requireProvider } from '../provider-gate.ts';
import type { ProxyConfig } from '../../config/proxy-config.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

/** The upstream init parameters of both generations (otp_init and otp_init_v2). */
export function otpInitParameters(config: ProxyConfig, body: JsonObject): Record<string, unknown> {
  const otpType = requireEnum(body, 'otpType', OtpTypes);
  const contact = requireString(body, 'contact', '', { max: 320 });
  requireProvider(config, otpType === 'OTP_TYPE_EMAIL' ? 'email' : 'sms');
  const parameters: Record<string, unknown> = {
    otpType,
    contact,
    otpLength: config.otpLength,
    alphanumeric: config.otpAlphanumeric,
    expirationSeconds: String(config.otpExpirationSeconds),
    appName: config.appName,
  };
  const templateId = optionalString(optionalObject(body, 'emailCustomization') ?? {}, 'templateId', 'emailCustomization', { max: 128 });
  const email = { ...config.emailCustomization, ...(templateId ? { templateId } : {}) };
  if (Object.keys(email).length) parameters.emailCustomization = email;
  if (config.smsCustomization) parameters.smsCustomization = config.smsCustomization;
  for (const key of ['sendFromEmailAddress', 'sendFromEmailSenderName', 'replyToEmailAddress'] as const) {
    if (config[key]) parameters[key] = config[key];
  }
  return parameters;
}

export const otpInit: ProxyEndpoint = {
  async run({ config, organizationId, body, upstream }) {
    const { result } = await upstream.submit('init_otp_auth', organizationId, otpInitParameters(config, body));
    return { otpId: result.otpId };
  },
};
