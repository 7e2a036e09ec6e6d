/**
 * Compile-time conformance of the kit's OTP init request with the hosted proxy types
 * (`@turnkey/sdk-types`): what the kit sends to /v1/otp_init and /v1/otp_init_v2 is assignable
 * to `ProxyTInitOtpBody` / `ProxyTInitOtpV2Body`, whose emailCustomization is
 * `v1ProxyEmailCustomizationParams` ({templateId} only: the logo, the magic link and the rest
 * of the email come from the proxy configuration, not from a page). The kit's init_otp_auth
 * parameters are checked against the hosted V3 intent in activity-wire-types.ts.
 */
import type * as Hosted from '@turnkey/sdk-types';
import type { OtpInitRequest } from '../../../src/clients/proxy-types.ts';

/** Compiles only when `A` is assignable to `B`. */
type Assignable<A extends B, B> = [A, B];

export type ProxyOtpInitConformance = [
  Assignable<OtpInitRequest, Hosted.ProxyTInitOtpBody>,
  Assignable<OtpInitRequest, Hosted.ProxyTInitOtpV2Body>,
  Assignable<Required<Hosted.v1ProxyEmailCustomizationParams>, NonNullable<OtpInitRequest['emailCustomization']>>,
];

// The proxy request cannot carry a magic-link template: the hosted type refuses it, so must ours.
// @ts-expect-error magicLinkTemplate is not a field of the proxy's emailCustomization
export const hostedRefuses: Hosted.ProxyTInitOtpBody = { otpType: 'OTP_TYPE_EMAIL', contact: 'a@example.com', emailCustomization: { magicLinkTemplate: 'https://x.example/%s' } };
// @ts-expect-error nor does the kit's
export const kitRefuses: OtpInitRequest = { otpType: 'OTP_TYPE_EMAIL', contact: 'a@example.com', emailCustomization: { magicLinkTemplate: 'https://x.example/%s' } };
