/**
 * The login flows a `LatchKit` runs: the steps `$flow` reports for each, and what a page passes
 * to the kit's OTP, OAuth and passkey methods.
 */
import type { OtpType } from '../clients/proxy-types.ts';
import type { SignupDetails } from '../flows/otp-flow.ts';

export interface CompleteOtpOptions {
  otpType: OtpType;
  contact: string;
  otpId: string;
  otpCode: string;
  /** A magic link's attempt: the key made when the code was sent (see `finishMagicLink`). */
  keyId?: string;
  /** A magic link's attempt: the current generation's target, when another tab sent the code. */
  otpEncryptionTargetBundle?: string;
  /** Used only when the contact has no account yet (a sign-up). */
  signup?: SignupDetails;
  /** Sign up when there is no account (default true); false makes that an ERR_FLOW_STATE. */
  signupIfMissing?: boolean;
  /**
   * Step-up (ERR_STEP_UP_REQUIRED): a fresh login of the user who is logged in, which then
   * replaces their session. Never signs up; another account's login is refused with
   * ERR_STEP_UP_USER, and the current session stays.
   */
  reauthenticate?: boolean;
  signal?: AbortSignal;
}

export interface FinishOAuthOptions {
  signup?: SignupDetails;
  signupIfMissing?: boolean;
  signal?: AbortSignal;
}

export interface PasskeySignupOptions {
  /** The account name the user sees in their passkey manager. */
  userName: string;
  signup?: SignupDetails;
  authenticatorName?: string;
  userEmail?: string;
  signal?: AbortSignal;
}

/** The flows `$flow` reports, and their steps. */
export const KitFlows = {
  otp: ['sending', 'code-sent', 'verifying'],
  oauth: ['popup', 'redirecting', 'verifying'],
  passkey: ['creating', 'authenticating'],
  wallet: ['signing'],
} as const;

export type KitFlow = keyof typeof KitFlows;
