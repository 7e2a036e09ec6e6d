/**
 * POST /v1/otp_login {verificationToken, publicKey, invalidateExisting?, organizationId?,
 * clientSignature?} → {session}. Without organizationId the account is found from the token's
 * contact. The session lasts the configuration's sessionExpirationSeconds.
 */
import { parseVerificationToken } from '../../../../src/tokens/verification-token.ts';
import { unauthenticated } from '../../http/service-error.ts';
import { optionalBoolean, optionalString, requireString } from '../../http/fields.ts';
import { findSubOrganization } from './sub-org-lookup.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const otpLogin: ProxyEndpoint = {
  async run({ config, organizationId, body, upstream }) {
    const verificationToken = requireString(body, 'verificationToken', '', { max: 4096 });
    const publicKey = requireString(body, 'publicKey');
    const invalidateExisting = optionalBoolean(body, 'invalidateExisting') ?? false;
    let target = optionalString(body, 'organizationId');
    if (!target) {
      let claims;
      try {
        claims = parseVerificationToken(verificationToken);
      } catch (error) {
        throw unauthenticated('UNAUTHENTICATED', 'The verification token is not valid.', error);
      }
      target = await findSubOrganization(upstream, organizationId, claims.verification_type === 'OTP_TYPE_SMS' ? 'PHONE_NUMBER' : 'EMAIL', claims.contact);
    }
    const parameters: Record<string, unknown> = {
      verificationToken,
      publicKey,
      invalidateExisting,
      expirationSeconds: String(config.sessionExpirationSeconds),
    };
    if (body.clientSignature !== undefined) parameters.clientSignature = body.clientSignature;
    const { result } = await upstream.submit('otp_login', target, parameters);
    return { session: result.session };
  },
};
