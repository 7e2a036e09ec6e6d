/**
 * Captcha tokens for the auth proxy calls that need one. Loaded only when a page configured a
 * captcha provider (ProxyClient imports it on the first such call), so a login page without
 * one loads none of this.
 *
 * The calls are the hosted client's (`@turnkey/core`: `proxyInitOtp`, `proxyInitOtpV2`,
 * `proxySignup`, `proxySignupV2` take a `captchaToken` and send it as `X-Captcha-Token`; the
 * hosted configuration's `captchaEnabled` is "required on sign up & otp init"). A sign-up that
 * carries an OTP verification token sends none: its code was asked for with one, and the hosted
 * service skips the check there. Turnstile tokens are single-use, so each call asks for a fresh one.
 */
import { LatchError, isLatchError } from '../errors/latch-error.ts';

/** Cloudflare Turnstile, loaded by the kit on first use (see turnstile.ts). */
export interface TurnstileCaptcha {
  /**
   * The widget's site key. Default: the one the proxy hands out in `wallet_kit_client_params`
   * (asked before the first call that needs a token; see captcha-call.ts).
   */
  turnstileSiteKey?: string;
  /**
   * Where the Turnstile script is loaded from. Default Cloudflare's
   * (`https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit`); a test serves a
   * stand-in of its own.
   */
  scriptUrl?: string;
  /**
   * The element the widget goes into. Default: a `<div slot="captcha">` added to the page's first
   * `<latch-auth>` (its `captcha` slot), else to `document.body`.
   */
  container?: HTMLElement;
}

/** A function resolving a fresh token (any captcha service), or Cloudflare Turnstile by site key. */
export type CaptchaProvider = (() => Promise<string>) | TurnstileCaptcha;

/** A fresh token from `captcha`; ERR_CAPTCHA_FAILED when it gives none (an abort stays ERR_NETWORK_ABORTED). */
export async function captchaToken(captcha: CaptchaProvider, signal?: AbortSignal): Promise<string> {
  let token: unknown;
  try {
    token = typeof captcha === 'function' ? await captcha() : await (await import('./turnstile.ts')).turnstileToken(captcha, signal);
  } catch (error) {
    if (isLatchError(error) && (error.code === 'ERR_NETWORK_ABORTED' || error.code === 'ERR_CAPTCHA_FAILED')) throw error;
    throw new LatchError('ERR_CAPTCHA_FAILED', 'The captcha provider gave no token.', { cause: error });
  }
  if (typeof token !== 'string' || !token) throw new LatchError('ERR_CAPTCHA_FAILED', 'The captcha provider gave no token.');
  return token;
}

/**
 * Sends a call with a fresh token from `captcha`. A refusal that names the captcha (a 4xx whose
 * message says "captcha", as the emulator's does) becomes ERR_CAPTCHA_REFUSED, the service's
 * answer kept as its `cause` and on the error.
 */
export async function withCaptcha<T>(captcha: CaptchaProvider, send: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const token = await captchaToken(captcha, signal);
  try {
    return await send(token);
  } catch (error) {
    if (isLatchError(error) && error.status !== undefined && error.status < 500 && /captcha/i.test(error.message)) {
      const { status, serviceCode, serviceErrorCode } = error;
      throw new LatchError('ERR_CAPTCHA_REFUSED', 'The service refused the captcha token.', { cause: error, status, serviceCode, serviceErrorCode });
    }
    throw error;
  }
}
