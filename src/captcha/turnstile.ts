/**
 * Cloudflare Turnstile, browser only, loaded by captcha.ts when the kit's `captcha` option names a
 * site key: the script is added on the first call that needs a token (never at page load), one
 * widget is rendered with `appearance: 'interaction-only'` (hidden unless Cloudflare asks the
 * person to interact, as the hosted kit does), and each call consumes its token and resets the
 * widget, since a token is single-use. Turnstile's own failures (`error-callback`,
 * `timeout-callback`, a script that does not load) are ERR_CAPTCHA_FAILED.
 *
 * Under a Trusted Types policy list, the script URL goes through a policy named
 * `latchkey-captcha` (only where a plain URL is refused).
 */
import { LatchError } from '../errors/latch-error.ts';
import type { TurnstileCaptcha } from './captcha.ts';

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The part of Turnstile's explicit-rendering API used here. */
export interface TurnstileApi {
  render(container: HTMLElement, parameters: Record<string, unknown>): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

type Waiter = { resolve: (token: string) => void; reject: (error: unknown) => void };

interface Widget {
  id: string;
  host: HTMLElement;
  siteKey: string | undefined;
  /** A token not yet handed out. */
  token?: string;
  waiter?: Waiter;
}

const scripts = new Map<string, Promise<TurnstileApi>>();
let widget: Widget | undefined;

const failed = (message: string, cause?: unknown): LatchError => new LatchError('ERR_CAPTCHA_FAILED', message, { cause });

const api = (): TurnstileApi | undefined => (globalThis as { turnstile?: TurnstileApi }).turnstile;

/** Adds the script once per URL; resolves Turnstile's API when it has loaded. A failed load is retried by the next call. */
export function loadTurnstile(url = TURNSTILE_SCRIPT_URL): Promise<TurnstileApi> {
  const present = api();
  if (present) return Promise.resolve(present);
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<TurnstileApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.async = true;
      script.onload = () => {
        const loaded = api();
        if (loaded) resolve(loaded);
        else reject(failed('The Turnstile script loaded but defined no turnstile API.'));
      };
      script.onerror = () => reject(failed('The Turnstile script did not load.'));
      try {
        script.src = url;
      } catch {
        // Trusted Types enforced: only a policy's URL is accepted.
        const tt = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(url: string): string }): { createScriptURL(url: string): string } } }).trustedTypes;
        script.src = tt!.createPolicy('latchkey-captcha', { createScriptURL: (value) => value }).createScriptURL(url);
      }
      document.head.append(script);
    }).catch((error: unknown) => {
      scripts.delete(url);
      throw error instanceof LatchError ? error : failed('The Turnstile script could not be added.', error);
    });
    scripts.set(url, loading);
  }
  return loading;
}

/** The element the widget goes into (see TurnstileCaptcha.container). */
function hostFor(options: TurnstileCaptcha): HTMLElement {
  if (options.container) return options.container;
  const host = document.createElement('div');
  host.slot = 'captcha';
  host.dataset['latchCaptcha'] = '';
  (document.querySelector('latch-auth') ?? document.body).append(host);
  return host;
}

function settle(current: Widget, outcome: { token: string } | { error: LatchError }): void {
  const waiter = current.waiter;
  current.waiter = undefined;
  if ('error' in outcome) waiter?.reject(outcome.error);
  else if (waiter) waiter.resolve(outcome.token);
  else current.token = outcome.token;
}

/** Removes a widget (the next call renders a new one); its host too when the kit made it. */
function drop(turnstile: TurnstileApi | undefined, current: Widget): void {
  if (widget === current) widget = undefined;
  if (current.id) turnstile?.remove(current.id);
  if (current.host.dataset['latchCaptcha'] !== undefined) current.host.remove();
}

function render(turnstile: TurnstileApi, options: TurnstileCaptcha): Widget {
  const host = hostFor(options);
  const current: Widget = { id: '', host, siteKey: options.turnstileSiteKey };
  const id = turnstile.render(host, {
    sitekey: options.turnstileSiteKey,
    appearance: 'interaction-only',
    callback: (token: string) => settle(current, { token }),
    'error-callback': (code: unknown) => {
      drop(turnstile, current);
      settle(current, { error: failed(`Turnstile failed (${String(code)}).`) });
      return true; // handled: Turnstile logs nothing more
    },
    'timeout-callback': () => {
      drop(turnstile, current);
      settle(current, { error: failed('The Turnstile challenge timed out.') });
    },
    'expired-callback': () => (current.token = undefined),
  });
  if (!id) throw failed('Turnstile rendered no widget.');
  current.id = id;
  return current;
}

/**
 * A fresh Turnstile token for `options`: the token the widget already holds, or the next one it
 * makes (the person may have to interact). The widget is reset after each token is handed out,
 * so the next call gets a new one.
 */
export async function turnstileToken(options: TurnstileCaptcha, signal?: AbortSignal): Promise<string> {
  const turnstile = await loadTurnstile(options.scriptUrl);
  if (signal?.aborted) throw new LatchError('ERR_NETWORK_ABORTED', 'The request was cancelled.', { cause: signal.reason });
  let current = widget;
  if (!current || current.siteKey !== options.turnstileSiteKey || !current.host.isConnected || (options.container && options.container !== current.host)) {
    if (current) drop(turnstile, current);
    current = widget = render(turnstile, options);
  }
  const ready = current.token;
  const token =
    ready ??
    (await new Promise<string>((resolve, reject) => {
      current.waiter?.reject(failed('A newer captcha request took over.'));
      const stop = (): void => {
        current.waiter = undefined;
        reject(new LatchError('ERR_NETWORK_ABORTED', 'The request was cancelled.', { cause: signal?.reason }));
      };
      signal?.addEventListener('abort', stop, { once: true });
      current.waiter = {
        resolve: (value) => (signal?.removeEventListener('abort', stop), resolve(value)),
        reject: (error) => (signal?.removeEventListener('abort', stop), reject(error)),
      };
    }));
  current.token = undefined;
  if (widget === current) turnstile.reset(current.id);
  return token;
}

/** Removes the widget (tests; a page that no longer needs it). */
export function removeTurnstileWidget(): void {
  if (widget) drop(api(), widget);
}
