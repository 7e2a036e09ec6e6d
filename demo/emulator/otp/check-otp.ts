/**
 * Checking an OTP code (verify_otp and otp_auth). Every failure says "Invalid OTP code", the
 * message real clients match. A wrong code counts as an attempt even though the request is
 * refused; at the configured cap the OTP is burned and even the right code no longer works.
 */
import { serviceError, Grpc } from '../http/service-error.ts';
import { otpCodesMatch } from './otp-code.ts';
import { configForOrganization } from '../config/config-for-organization.ts';
import type { ActivityInput } from '../api/handler-types.ts';
import type { OtpRecord } from '../state/records.ts';

export const INVALID_OTP_CODE = 'Invalid OTP code';

export const invalidOtp = (detail?: string) =>
  serviceError(Grpc.INVALID_ARGUMENT, 'INVALID_OTP_CODE', detail ? `${INVALID_OTP_CODE}: ${detail}` : INVALID_OTP_CODE);

/** Stages the OTP as spent and returns it when `code` is right; otherwise refuses. */
export function consumeOtp(input: ActivityInput, otpId: string, code: string): OtpRecord {
  const { tx, ctx, organization, now } = input;
  const otp = tx.otps.get(otpId);
  if (!otp || otp.organizationId !== organization.id) throw invalidOtp('no such OTP in this organization.');
  if (otp.spent) throw invalidOtp('this OTP was already used or has had too many attempts.');
  if (otp.expiresAt <= now) throw invalidOtp('the code has expired.');
  if (!otpCodesMatch(otp.code, code)) {
    const attempts = otp.attempts + 1;
    const max = configForOrganization(ctx, tx, organization.id).otpMaxAttempts;
    tx.otps.put({ ...otp, attempts, spent: attempts >= max, updatedAt: now });
    input.keepChangesOnRefusal();
    throw invalidOtp();
  }
  const spent: OtpRecord = { ...otp, spent: true, updatedAt: now };
  tx.otps.put(spent);
  return spent;
}
