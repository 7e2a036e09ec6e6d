/**
 * verify_otp (ACTIVITY_TYPE_VERIFY_OTP, called by the auth proxy's otp_verify): checks the code
 * and returns a verification token signed by the emulator, bound to `publicKey` when given.
 */
import { signVerificationToken } from '../../../src/tokens/verification-token.ts';
import { optionalString, optionalUint, requireString } from '../http/fields.ts';
import { checkClientPublicKey } from '../identity/sessions.ts';
import { consumeOtp } from '../otp/check-otp.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { VerificationTokenClaims } from '../../../src/tokens/verification-token.ts';

/** Long enough to sign up and log in after verifying. */
export const VERIFICATION_TOKEN_SECONDS = 600;

export const verifyOtp: ActivityHandler = {
  async run(input) {
    const p = input.parameters;
    const otpId = requireString(p, 'otpId', 'parameters');
    const otpCode = requireString(p, 'otpCode', 'parameters', { max: 32 });
    const publicKeyIn = optionalString(p, 'publicKey', 'parameters');
    const publicKey = publicKeyIn === undefined ? undefined : checkClientPublicKey(publicKeyIn, 'parameters.publicKey');
    const seconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 60, max: 86_400 }) ?? VERIFICATION_TOKEN_SECONDS;
    const otp = consumeOtp(input, otpId, otpCode);
    const claims: VerificationTokenClaims = {
      id: crypto.randomUUID(),
      contact: otp.contact,
      verification_type: otp.otpType,
      exp: Math.floor(input.now / 1000) + seconds,
      organization_id: input.organization.id,
      ...(publicKey ? { public_key: publicKey } : {}),
    };
    return { verificationToken: await signVerificationToken(claims, input.ctx.keys.verificationSigner.privateKey) };
  },
};
