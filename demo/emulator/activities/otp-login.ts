/**
 * otp_login (ACTIVITY_TYPE_OTP_LOGIN, called by the auth proxy): a verification token logs its
 * contact in; a token bound to a key needs a client signature by that key naming this session
 * key. The token works once for login. Result: a session JWT for `publicKey`.
 */
import { invalidRequest, notFound } from '../http/service-error.ts';
import { optionalBoolean, optionalUint } from '../http/fields.ts';
import { checkClientPublicKey, issueSession, MAX_SESSION_SECONDS } from '../identity/sessions.ts';
import { checkClientSignature, checkVerificationToken, consumeVerificationToken } from '../identity/verification.ts';
import { findUserByContact } from '../identity/find-users.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { LoginUsageMessage } from '../../../src/tokens/client-signature.ts';

export const otpLogin: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const publicKey = checkClientPublicKey(p.publicKey, 'parameters.publicKey');
    const expirationSeconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 1, max: MAX_SESSION_SECONDS });
    const invalidateExisting = optionalBoolean(p, 'invalidateExisting', 'parameters') ?? false;
    const claims = await checkVerificationToken(ctx, p.verificationToken);
    const signed = (await checkClientSignature(claims, p.clientSignature, 'USAGE_TYPE_LOGIN')) as LoginUsageMessage | undefined;
    if (signed && signed.login.publicKey.toLowerCase() !== publicKey) {
      throw invalidRequest('The client signature authorizes another session key.');
    }
    const user = findUserByContact(tx, organization.id, claims.verification_type, claims.contact);
    if (!user) throw notFound('USER_NOT_FOUND', 'No user of this organization has the verified contact.');
    consumeVerificationToken(tx, claims, 'LOGIN', now);
    const session = await issueSession(ctx, tx, { user, organizationId: organization.id, publicKey, invalidateExisting, origin: 'OTP', ...(expirationSeconds ? { expirationSeconds } : {}) }, now);
    return { session };
  },
};
