/**
 * The hosted email flows that mail a credential instead of a code: email_auth
 * (ACTIVITY_TYPE_EMAIL_AUTH_V3, a login) and init_user_email_recovery
 * (ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2, the first half of a recovery). Both find the user
 * of the organization with the email address, make an expiring API key for them, and send its
 * credential bundle (encrypted to the request's targetPublicKey, as the hosted service does) to
 * the outbox as the message's code: the page decrypts it with the key only it holds. The
 * activity's answer carries no bundle, so the mailbox is the proof of the address. Every field
 * is checked before anything is staged.
 */
import { notFound } from '../http/service-error.ts';
import { optionalBoolean, optionalString, optionalUint, requireObject, requireString } from '../http/fields.ts';
import { checkEmail } from '../identity/contact.ts';
import { findUserByContact } from '../identity/find-users.ts';
import { issueCredential, DEFAULT_SESSION_SECONDS, MAX_SESSION_SECONDS } from '../identity/sessions.ts';
import { checkTargetPublicKey } from '../custody/target-key.ts';
import { parseEmailCustomization } from '../otp/email-customization.ts';
import { sendToOutbox } from '../otp/outbox.ts';
import type { ActivityHandler, ActivityInput } from '../api/handler-types.ts';

async function mailCredential(input: ActivityInput, options: { apiKeyName?: string; invalidateExisting: boolean }): Promise<{ userId: string; apiKeyId: string }> {
  const { ctx, tx, organization, parameters: p, now } = input;
  const email = checkEmail(requireString(p, 'email', 'parameters', { max: 320 }), 'parameters.email');
  checkTargetPublicKey(p.targetPublicKey, 'parameters.targetPublicKey');
  const expirationSeconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 1, max: MAX_SESSION_SECONDS }) ?? DEFAULT_SESSION_SECONDS;
  // The V2/V3 intents carry appName inside emailCustomization (required there).
  const appName = requireString(requireObject(p, 'emailCustomization', 'parameters'), 'appName', 'parameters.emailCustomization', { max: 256 });
  const customization = parseEmailCustomization({ ...p, appName }, 'parameters');
  const user = findUserByContact(tx, organization.id, 'OTP_TYPE_EMAIL', email);
  if (!user) throw notFound('USER_NOT_FOUND', 'No user of this organization has this email address.');
  const { apiKeyId, credentialBundle } = await issueCredential(
    ctx,
    tx,
    { user, organizationId: organization.id, targetPublicKey: p.targetPublicKey as string, invalidateExisting: options.invalidateExisting, origin: 'OTP', expirationSeconds, ...(options.apiKeyName ? { apiKeyName: options.apiKeyName } : {}) },
    now,
  );
  sendToOutbox(ctx, tx, { otpId: apiKeyId, organizationId: organization.id, channel: 'EMAIL', to: email, code: credentialBundle, customization, expiresInSeconds: expirationSeconds }, now);
  return { userId: user.id, apiKeyId };
}

export const emailAuth: ActivityHandler = {
  async run(input) {
    const apiKeyName = optionalString(input.parameters, 'apiKeyName', 'parameters', { max: 256 });
    const invalidateExisting = optionalBoolean(input.parameters, 'invalidateExisting', 'parameters') ?? false;
    return mailCredential(input, { invalidateExisting, ...(apiKeyName ? { apiKeyName } : {}) });
  },
};

export const initUserEmailRecovery: ActivityHandler = {
  async run(input) {
    const { userId } = await mailCredential(input, { apiKeyName: `Recovery - ${new Date(input.now).toISOString()}`, invalidateExisting: false });
    return { userId };
  },
};
