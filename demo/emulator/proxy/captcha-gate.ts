/**
 * The captcha mode of a proxy configuration (ours; the hosted dashboard's "captchaEnabled":
 * "required on sign up & otp init"). The calls that need a token are the ones the hosted client
 * sends one with (`@turnkey/core`'s proxyInitOtp, proxyInitOtpV2, proxySignup, proxySignupV2),
 * less a sign-up that carries an OTP verification token: its code was asked for with a captcha,
 * and the hosted service skips the check there. The token is `X-Captcha-Token`.
 *
 * The emulator never calls Cloudflare: it accepts only Turnstile's published test secrets and
 * answers as Cloudflare's siteverify does for them: the always-pass secret
 * `1x0000000000000000000000000000000AA` accepts the dummy token `XXXX.DUMMY.TOKEN.XXXX` (what
 * the test site keys hand out), the always-fail secret `2x0000000000000000000000000000000AA`
 * refuses every token, and `3x0000000000000000000000000000000AA` refuses every token as spent.
 * A refusal is `403 {code: 7, message: "captcha verification failed: …", details: [{turnkeyErrorCode:
 * "FORBIDDEN"}]}`, the shape of the proxy's other refusals, before anything runs: nothing changes.
 */
import { forbidden } from '../http/service-error.ts';
import type { JsonObject } from '../http/fields.ts';
import type { ProxyCaptcha } from '../config/proxy-config.ts';

export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** Turnstile's test secret keys and the site keys that go with them (Cloudflare's testing page). */
export const TURNSTILE_TEST_KEYS = {
  pass: { secret: '1x0000000000000000000000000000000AA', siteKey: '1x00000000000000000000AA' },
  fail: { secret: '2x0000000000000000000000000000000AA', siteKey: '2x00000000000000000000AB' },
  spent: { secret: '3x0000000000000000000000000000000AA', siteKey: '1x00000000000000000000AA' },
} as const;

/** The proxy endpoints that need a token, by whether this request does. */
const NEEDS_CAPTCHA: Record<string, (body: JsonObject) => boolean> = {
  otp_init: () => true,
  otp_init_v2: () => true,
  signup: (body) => !body.verificationToken,
  signup_v2: (body) => !body.verificationToken,
};

export function needsCaptcha(endpoint: string, body: JsonObject): boolean {
  return NEEDS_CAPTCHA[endpoint]?.(body) ?? false;
}

/** Throws the refusal unless `token` passes under the configuration's secret. */
export function requireCaptcha(captcha: ProxyCaptcha, token: string | undefined): void {
  if (!token) throw forbidden('captcha verification failed: the X-Captcha-Token header is missing.');
  if (captcha.turnstileSecretKey === TURNSTILE_TEST_KEYS.fail.secret) throw forbidden('captcha verification failed: the token is not valid.');
  if (captcha.turnstileSecretKey === TURNSTILE_TEST_KEYS.spent.secret) throw forbidden('captcha verification failed: the token was already used.');
  if (token !== TURNSTILE_DUMMY_TOKEN) throw forbidden('captcha verification failed: the token is not valid.');
}
