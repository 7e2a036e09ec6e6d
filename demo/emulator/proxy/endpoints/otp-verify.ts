/** POST /v1/otp_verify {otpId, otpCode, publicKey?} → {verificationToken}, bound to publicKey when given. */
import { optionalString, requireString } from '../../http/fields.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const otpVerify: ProxyEndpoint = {
  async run({ organizationId, body, upstream }) {
    const parameters: Record<string, unknown> = {
      otpId: requireString(body, 'otpId'),
      otpCode: requireString(body, 'otpCode', '', { max: 32 }),
    };
    const publicKey = optionalString(body, 'publicKey');
    if (publicKey) parameters.publicKey = publicKey;
    const { result } = await upstream.submit('verify_otp', organizationId, parameters);
    return { verificationToken: result.verificationToken };
  },
};
