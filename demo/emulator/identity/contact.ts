/** Contacts (email addresses and E.164 phone numbers): checks and the form they are compared in. */
import { invalidRequest } from '../http/service-error.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/;
const E164 = /^\+[1-9]\d{1,14}$/;

export const OtpTypes = ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS'] as const;
export type OtpType = (typeof OtpTypes)[number];

export const isEmail = (value: string): boolean => EMAIL.test(value);
export const isE164 = (value: string): boolean => E164.test(value);

/** Emails compare case-insensitively; phone numbers exactly. */
export function contactKey(contact: string): string {
  return contact.includes('@') ? contact.trim().toLowerCase() : contact.trim();
}

export function checkEmail(value: string, where: string): string {
  if (!isEmail(value)) throw invalidRequest(`${where} is not an email address.`);
  return value.trim();
}

export function checkPhone(value: string, where: string): string {
  if (!isE164(value)) throw invalidRequest(`${where} must be a phone number in E.164 format (+15551234567).`);
  return value;
}

export function checkContact(otpType: OtpType, contact: string, where: string): string {
  return otpType === 'OTP_TYPE_EMAIL' ? checkEmail(contact, where) : checkPhone(contact, where);
}
