/**
 * The flows' one way to send a proxy call that needs a captcha token (sending a code; a sign-up
 * without a verification token): with a fresh token from `captcha` when the page configured
 * one (captcha.ts, and Turnstile's loader, load only then), else as before.
 */
import type { ProxyCallOptions } from '../clients/proxy-client.ts';
import type { CaptchaProvider } from './captcha.ts';

export interface CaptchaDeps {
  /** The kit's `captcha` option. */
  captcha?: CaptchaProvider | undefined;
  signal?: AbortSignal | undefined;
}

export async function callWithCaptcha<T>(deps: CaptchaDeps, call: (options: ProxyCallOptions) => Promise<T>): Promise<T> {
  const { captcha, signal } = deps;
  if (!captcha) return call({ signal });
  const { withCaptcha } = await import('./captcha.ts');
  return withCaptcha(captcha, (captchaToken) => call({ signal, captchaToken }), signal);
}
