/**
 * otp_auth (ACTIVITY_TYPE_OTP_AUTH): the OTP's contact logs in to this organization; the result
 * is a new API key in a credential bundle encrypted to targetPublicKey.
 */
import { notFound } from '../http/service-error.ts';
import { optionalBoolean, optionalString, optionalUint, requireString } from '../http/fields.ts';
import { issueCredential, MAX_SESSION_SECONDS } from '../identity/sessions.ts';
import { checkTargetPublicKey } from '../custody/target-key.ts';
import { findUserByContact } from '../identity/find-users.ts';
import { consumeOtp } from '../otp/check-otp.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const otpAuth: ActivityHandler = {
  async run(input) {
    const { ctx, tx, organization, parameters: p, now } = input;
    const otpId = requireString(p, 'otpId', 'parameters');
    const otpCode = requireString(p, 'otpCode', 'parameters', { max: 32 });
    checkTargetPublicKey(p.targetPublicKey, 'parameters.targetPublicKey');
    const targetPublicKey = p.targetPublicKey as string;
    const apiKeyName = optionalString(p, 'apiKeyName', 'parameters', { max: 256 });
    const expirationSeconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 1, max: MAX_SESSION_SECONDS });
    const invalidateExisting = optionalBoolean(p, 'invalidateExisting', 'parameters') ?? false;
    const otp = tx.otps.get(otpId);
    const user = otp && findUserByContact(tx, organization.id, otp.otpType, otp.contact);
    const checked = consumeOtp(input, otpId, otpCode);
    if (!user || checked.id !== otp?.id) throw notFound('USER_NOT_FOUND', 'No user of this organization has the OTP contact.');
    const credential = await issueCredential(ctx, tx, { user, organizationId: organization.id, targetPublicKey, invalidateExisting, origin: 'OTP', ...(apiKeyName ? { apiKeyName } : {}), ...(expirationSeconds ? { expirationSeconds } : {}) }, now);
    return { userId: user.id, ...credential };
  },
};
