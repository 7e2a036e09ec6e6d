/**
 * The flows' one way to send a proxy call that needs a captcha token (sending a code; a sign-up
 * without a verification token): with a fresh token from the captcha, else as before.
 *
 * Which captcha: the page's function, or Turnstile with the page's site key; else, as the hosted
 * client does (`@turnkey/core`'s `getClientParams`, which the hosted kit calls on start), the
 * site key the proxy hands out in `wallet_kit_client_params`. That question is asked here, before
 * the first such call (never at page load), once per proxy client; a proxy that names no key
 * asks for no captcha. captcha.ts, and Turnstile's loader, load only when there is a captcha.
 * The kit's `captcha: false` asks nothing.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { ProxyCallOptions, ProxyClient } from '../clients/proxy-client.ts';
import type { CaptchaProvider } from './captcha.ts';

export interface CaptchaDeps {
  /** The kit's `captcha` option. */
  captcha?: CaptchaProvider | false | undefined;
  signal?: AbortSignal | undefined;
  /** Asked for its site key when the page gave none. */
  proxy?: ProxyClient;
}

// What each proxy client answered: its site key, or undefined (no captcha). A failed ask is
// forgotten, so the next call asks again. The ask is shared by every caller, so it carries no
// caller's signal: one caller's cancellation must not become another's failure.
const siteKeys = new WeakMap<ProxyClient, Promise<string | undefined>>();

/** The site key `proxy` hands out, asked once; undefined when it names none or cannot say. */
function askSiteKey(proxy: ProxyClient): Promise<string | undefined> {
  let asked = siteKeys.get(proxy);
  if (!asked) {
    asked = proxy.walletKitClientParams().then(
      (params) => params.turnstileSiteKey || undefined,
      () => {
        siteKeys.delete(proxy);
        // A proxy without the endpoint, the network: the call goes without a token, and the
        // service refuses it if it needed one.
        return undefined;
      },
    );
    siteKeys.set(proxy, asked);
  }
  return asked;
}

/** Waits for the shared ask; `signal` ends this caller's wait (ERR_NETWORK_ABORTED), not the ask. */
function proxySiteKey(proxy: ProxyClient, signal: AbortSignal | undefined): Promise<string | undefined> {
  const asked = askSiteKey(proxy);
  if (!signal) return asked;
  const aborted = (): LatchError => new LatchError('ERR_NETWORK_ABORTED', 'The request was cancelled.', { cause: signal.reason });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const stop = (): void => reject(aborted());
    signal.addEventListener('abort', stop, { once: true });
    asked.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

export async function callWithCaptcha<T>(deps: CaptchaDeps, call: (options: ProxyCallOptions) => Promise<T>): Promise<T> {
  const { signal, proxy } = deps;
  let captcha = deps.captcha;
  if (captcha !== false && typeof captcha !== 'function' && !captcha?.turnstileSiteKey && proxy) {
    const turnstileSiteKey = await proxySiteKey(proxy, signal);
    captcha = turnstileSiteKey ? { ...captcha, turnstileSiteKey } : undefined;
  }
  if (!captcha) return call({ signal });
  const { withCaptcha } = await import('./captcha.ts');
  return withCaptcha(captcha, (captchaToken) => call({ signal, captchaToken }), signal);
}
