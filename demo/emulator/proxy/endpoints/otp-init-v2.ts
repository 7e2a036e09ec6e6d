/**
 * POST /v1/otp_init_v2 {otpType, contact, emailCustomization?} → {otpId, otpEncryptionTargetBundle}
 * (docs/protocol.md §9): as otp_init, upstream init_otp, whose target bundle the client seals the
 * code to before otp_verify_v2.
 */
import { otpInitParameters } from './otp-init.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const otpInitV2: ProxyEndpoint = {
  async run({ config, organizationId, body, upstream }) {
    const { result } = await upstream.submit('init_otp', organizationId, otpInitParameters(config, body));
    return { otpId: result.otpId, otpEncryptionTargetBundle: result.otpEncryptionTargetBundle };
  },
};
