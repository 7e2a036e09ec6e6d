/**
 * OTP codes: uniform over the configured alphabet (rejection sampling, no modulo bias).
 * Alphanumeric codes use Crockford's base32 alphabet, as the hosted service says of its own
 * (`alphanumeric`: "Crockford's Base32"): digits and capitals without I, L, O and U, so no
 * code holds a character a person would misread.
 */
import { randomBytes } from '../../../src/crypto/webcrypto.ts';

export const DIGITS = '0123456789';
export const ALPHANUMERIC = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function generateOtpCode(length: number, alphanumeric: boolean): string {
  const alphabet = alphanumeric ? ALPHANUMERIC : DIGITS;
  const limit = 256 - (256 % alphabet.length);
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && code.length < length) code += alphabet[byte % alphabet.length];
    }
  }
  return code;
}

/** Alphanumeric codes are compared case-insensitively (people type them by hand). */
export function otpCodesMatch(expected: string, given: string): boolean {
  const a = expected.toUpperCase();
  const b = given.toUpperCase();
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
