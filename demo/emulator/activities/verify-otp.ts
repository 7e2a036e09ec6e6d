/**
 * verify_otp (ACTIVITY_TYPE_VERIFY_OTP), called by the auth proxy in both generations:
 * - otp_verify: `{otpId, otpCode, publicKey?}`, the code in clear; the token is in the older
 *   claim format (`exp` in seconds, no `organization_id`: a real one is in
 *   test/vectors/legacy-verification-token.json), bound to `publicKey` when given;
 * - otp_verify_v2: `{otpId, encryptedOtpBundle}`, `{otp_code, public_key}` sealed (HPKE) to the
 *   OTP's target key from init_otp; the token is in the current hosted format (every claim a
 *   string, `exp` in ms) and always bound to `public_key`.
 * Either way the code is checked once, with the same attempt cap.
 */
import { decryptImportBundle } from '../../../src/bundles/import-bundle.ts';
import { signVerificationToken } from '../../../src/tokens/verification-token.ts';
import { utf8Decode } from '../../../src/encoding/utf8.ts';
import { invalidRequest } from '../http/service-error.ts';
import { isObject, optionalString, optionalUint, requireString } from '../http/fields.ts';
import { checkClientPublicKey } from '../identity/sessions.ts';
import { ecdhPair } from '../custody/ecdh-pair.ts';
import { consumeOtp, invalidOtp } from '../otp/check-otp.ts';
import type { ActivityHandler, ActivityInput } from '../api/handler-types.ts';
import type { VerificationTokenClaims, VerificationTokenFormat } from '../../../src/tokens/verification-token.ts';

/** Long enough to sign up and log in after verifying. */
export const VERIFICATION_TOKEN_SECONDS = 600;

/** Opens a v2 bundle with the OTP's target key: `{otp_code, public_key}`. */
async function openSealedCode(input: ActivityInput, otpId: string, encryptedOtpBundle: string): Promise<{ code: string; publicKey: string }> {
  const otp = input.tx.otps.get(otpId);
  if (!otp || otp.organizationId !== input.organization.id) throw invalidOtp('no such OTP in this organization.');
  if (!otp.targetPrivateKeyHex) throw invalidRequest('This OTP was started without an encryption target (init_otp_auth): verify it with otpCode.');
  let opened: unknown;
  try {
    opened = JSON.parse(utf8Decode(await decryptImportBundle(encryptedOtpBundle, await ecdhPair(otp.targetPrivateKeyHex))));
  } catch (error) {
    throw invalidRequest('The encrypted OTP bundle does not open with this OTP\'s target key.', error);
  }
  if (!isObject(opened) || typeof opened.otp_code !== 'string' || typeof opened.public_key !== 'string') {
    throw invalidRequest('The encrypted OTP bundle must hold {otp_code, public_key}.');
  }
  return { code: opened.otp_code, publicKey: checkClientPublicKey(opened.public_key, 'encryptedOtpBundle.public_key') };
}

export const verifyOtp: ActivityHandler = {
  async run(input) {
    const p = input.parameters;
    const otpId = requireString(p, 'otpId', 'parameters');
    const seconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 60, max: 86_400 }) ?? VERIFICATION_TOKEN_SECONDS;
    const sealed = optionalString(p, 'encryptedOtpBundle', 'parameters', { max: 4096 });
    let code: string;
    let publicKey: string | undefined;
    let format: VerificationTokenFormat;
    if (sealed !== undefined) {
      if (p.otpCode !== undefined) throw invalidRequest('Send either otpCode or encryptedOtpBundle, not both.');
      ({ code, publicKey } = await openSealedCode(input, otpId, sealed));
      format = 'current';
    } else {
      code = requireString(p, 'otpCode', 'parameters', { max: 32 });
      const publicKeyIn = optionalString(p, 'publicKey', 'parameters');
      publicKey = publicKeyIn === undefined ? undefined : checkClientPublicKey(publicKeyIn, 'parameters.publicKey');
      format = 'legacy';
    }
    const otp = consumeOtp(input, otpId, code);
    // The hosted service's two generations issue two formats (test/vectors/legacy-verification-
    // token.json): the older one's tokens carry no organization_id and exp as seconds; only the
    // enclave's (v2) carry organization_id, as @turnkey/crypto's verifyOtpVerificationToken needs.
    const claims: VerificationTokenClaims = {
      id: crypto.randomUUID(),
      contact: otp.contact,
      verification_type: otp.otpType,
      exp: Math.floor(input.now / 1000) + seconds,
      ...(format === 'current' ? { organization_id: input.organization.id } : {}),
      ...(publicKey ? { public_key: publicKey } : {}),
    };
    return { verificationToken: await signVerificationToken(claims, input.ctx.keys.verificationSigner.privateKey, format) };
  },
};
