/**
 * init_otp (ACTIVITY_TYPE_INIT_OTP_V3, called by the auth proxy's otp_init_v2): an OTP exactly
 * as init_otp_auth makes it, plus a fresh HPKE receiver key for it, handed out as an
 * enclave-signed `otpEncryptionTargetBundle` (the envelope of docs/protocol.md §6 with data
 * `{targetPublic, organizationId}`). The client seals `{otp_code, public_key}` to that key, so
 * the code crosses the proxy only encrypted; verify_otp opens it with the stored scalar.
 * (The hosted service signs this bundle with its TLS-fetcher key; the emulator with its one
 * enclave key, published in `/__keys` as `otpEncryptionSignerPublicKey`.)
 */
import { signEnvelope } from '../../../src/bundles/enclave-envelope.ts';
import { newEcdhScalar } from '../custody/ecdh-pair.ts';
import { initOtpAuth } from './init-otp-auth.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const initOtp: ActivityHandler = {
  async run(input) {
    const { otpId } = (await initOtpAuth.run(input)) as { otpId: string };
    const otp = input.tx.otps.get(otpId)!;
    const { scalarHex, publicKeyHex } = newEcdhScalar();
    input.tx.otps.put({ ...otp, targetPrivateKeyHex: scalarHex });
    const otpEncryptionTargetBundle = await signEnvelope({ targetPublic: publicKeyHex, organizationId: input.organization.id }, input.ctx.keys.enclave);
    return { otpId, otpEncryptionTargetBundle };
  },
};
