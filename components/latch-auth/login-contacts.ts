/**
 * The contact methods `<latch-auth>` logs in with by a one-time code (email and SMS): how each is
 * asked for and checked. Plain data, shared by the drop-in's forms and its sending of the code.
 */
import type { LoginMethod } from '../../src/kit/latch-kit.ts';

export type ContactMethod = 'email' | 'sms';

/** How each contact method is asked for and checked (the same rules as the OTP flow's, so nothing invalid is sent). */
export const CONTACTS = {
  email: { otpType: 'OTP_TYPE_EMAIL', pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, type: 'email', label: 'login.email', invalid: 'login.emailInvalid' },
  sms: { otpType: 'OTP_TYPE_SMS', pattern: /^\+[1-9]\d{6,14}$/, type: 'tel', label: 'login.phone', invalid: 'login.phoneInvalid' },
} as const;

export const isContact = (method: LoginMethod): method is ContactMethod => method === 'email' || method === 'sms';
