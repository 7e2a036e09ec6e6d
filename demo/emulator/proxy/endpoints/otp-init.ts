/** POST /v1/otp_init {otpType, contact} → {otpId}. Code length, alphabet and messages come from the configuration. */
import { requireEnum, requireString, type JsonObject } from '../../http/fields.ts';
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
  if (config.emailCustomization) parameters.emailCustomization = config.emailCustomization;
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
