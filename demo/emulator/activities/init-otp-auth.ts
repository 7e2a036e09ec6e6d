/**
 * init_otp_auth (ACTIVITY_TYPE_INIT_OTP_AUTH_V3): makes a code with the requested length and
 * alphabet, renders the message from the request's email fields (email-customization.ts; the
 * auth proxy fills them from its configuration), sends it to the outbox, returns its otpId.
 * Every field is checked before anything is staged. At most `otpMaxResends` OTPs per contact
 * within the configuration's window: past that, "Max number of OTPs have been initiated".
 */
import { serviceError, Grpc } from '../http/service-error.ts';
import { optionalBoolean, optionalObject, optionalString, optionalUint, requireEnum, requireString } from '../http/fields.ts';
import { OtpTypes, checkContact, contactKey } from '../identity/contact.ts';
import { generateOtpCode } from '../otp/otp-code.ts';
import { sendToOutbox } from '../otp/outbox.ts';
import { configForOrganization } from '../config/config-for-organization.ts';
import { parseEmailCustomization } from '../otp/email-customization.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const MAX_OTPS_MESSAGE = 'Max number of OTPs have been initiated';
/** Hosted: "a default of 5 minutes will be used. Maximum value is 600 seconds (10 minutes)". */
export const DEFAULT_OTP_EXPIRATION_SECONDS = 300;
export const MAX_OTP_EXPIRATION_SECONDS = 600;

export const initOtpAuth: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const otpType = requireEnum(p, 'otpType', OtpTypes, 'parameters');
    const contact = checkContact(otpType, requireString(p, 'contact', 'parameters', { max: 320 }), 'parameters.contact');
    const config = configForOrganization(ctx, tx, organization.id);
    // Hosted defaults (v1InitOtpAuthIntentV3): 9 characters, alphanumeric (Crockford base32);
    // the length 6 to 9 (the proxy configuration's range), the expiry at most 600 s.
    const length = optionalUint(p, 'otpLength', 'parameters', { min: 6, max: 9 }) ?? 9;
    const alphanumeric = optionalBoolean(p, 'alphanumeric', 'parameters') ?? true;
    const expirationSeconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 30, max: MAX_OTP_EXPIRATION_SECONDS }) ?? DEFAULT_OTP_EXPIRATION_SECONDS;
    const customization = parseEmailCustomization(p, 'parameters');
    const sms = optionalObject(p, 'smsCustomization', 'parameters');
    const smsTemplate = sms ? optionalString(sms, 'template', 'parameters.smsCustomization', { max: 1000 }) : undefined;

    const key = `${organization.id} ${contactKey(contact)}`;
    const windowStart = now - config.otpResendWindowSeconds * 1000;
    const earlier = tx.otps.findBy('contact', key);
    const recent = earlier.filter((o) => o.createdAt > windowStart);
    if (recent.length >= config.otpMaxResends) {
      throw serviceError(Grpc.RESOURCE_EXHAUSTED, 'RATE_LIMIT_EXCEEDED', MAX_OTPS_MESSAGE);
    }
    // Old OTPs of this contact (outside the window and expired) are no longer needed; the others
    // stay for the resend count, but a resend supersedes them: only the newest code works
    // (SECURITY.md D5, "resend overwrites the old code").
    for (const old of earlier) {
      if (old.createdAt <= windowStart && old.expiresAt <= now) tx.otps.delete(old.id);
      else if (!old.spent) tx.otps.put({ ...old, spent: true, updatedAt: now });
    }

    const otpId = crypto.randomUUID();
    const code = ctx.devFixedOtp ?? generateOtpCode(length, alphanumeric);
    tx.otps.put({
      id: otpId,
      organizationId: organization.id,
      otpType,
      contact: contactKey(contact),
      code,
      alphanumeric,
      expiresAt: now + expirationSeconds * 1000,
      attempts: 0,
      spent: false,
      createdAt: now,
      updatedAt: now,
    });
    sendToOutbox(ctx, tx, {
      otpId,
      organizationId: organization.id,
      channel: otpType === 'OTP_TYPE_EMAIL' ? 'EMAIL' : 'SMS',
      to: contact,
      code,
      customization,
      expiresInSeconds: expirationSeconds,
      ...(smsTemplate ? { smsTemplate } : {}),
    }, now);
    return { otpId };
  },
};
