/**
 * POST /v1/otp_verify_v2 {otpId, encryptedOtpBundle} → {verificationToken} (docs/protocol.md §9):
 * the code and the client's public key arrive sealed to the OTP's target key; the proxy passes
 * them upstream unread. The token is in the current hosted format, bound to that public key.
 */
import { requireString } from '../../http/fields.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const otpVerifyV2: ProxyEndpoint = {
  async run({ organizationId, body, upstream }) {
    const parameters = {
      otpId: requireString(body, 'otpId'),
      encryptedOtpBundle: requireString(body, 'encryptedOtpBundle', '', { max: 4096 }),
    };
    const { result } = await upstream.submit('verify_otp', organizationId, parameters);
    return { verificationToken: result.verificationToken };
  },
};
