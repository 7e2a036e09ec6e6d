/**
 * The browser half of OAuth: a popup opened synchronously inside the click, watched until the
 * provider sends it back to our redirect URI (same origin, so its URL becomes readable), and a
 * full-page redirect when the popup is blocked. Only called from event handlers: no DOM access
 * at import time.
 */
import { LatchError } from '../errors/latch-error.ts';
import { parseOAuthCallback, type OAuthCallback, type PendingOAuth, type PendingOAuthStore } from './oauth-flow.ts';

/** The few window features the flow uses; injectable for tests. */
export interface PopupHost {
  open(url: string, target: string, features: string): PopupWindow | null;
  assign(url: string): void;
}

export interface PopupWindow {
  closed: boolean;
  close(): void;
  readonly location: { href: string };
}

export function browserPopupHost(): PopupHost {
  return {
    open: (url, target, features) => globalThis.open(url, target, features) as PopupWindow | null,
    assign: (url) => globalThis.location.assign(url),
  };
}

export type OAuthLaunch = { mode: 'popup'; popup: PopupWindow } | { mode: 'redirect' };

/**
 * Opens the provider in a popup; must run synchronously inside the user's click. When the
 * browser blocks the popup, saves the attempt and navigates the page there instead.
 */
export function launchOAuth(pending: PendingOAuth, store: PendingOAuthStore, host: PopupHost = browserPopupHost()): OAuthLaunch {
  const width = 500;
  const height = 640;
  const features = `popup=yes,width=${width},height=${height}`;
  const popup = host.open(pending.url, `latchkey-oauth-${pending.provider}`, features);
  if (popup && !popup.closed) return { mode: 'popup', popup };
  store.save(pending);
  host.assign(pending.url);
  return { mode: 'redirect' };
}

export interface WaitOptions {
  /** Give up after this long (default 5 minutes). */
  timeoutMs?: number;
  pollMs?: number;
  signal?: AbortSignal;
}

/**
 * Resolves with the provider's answer once the popup is back on our redirect URI; rejects with
 * ERR_OAUTH_POPUP_CLOSED when the user closes it, ERR_NETWORK_TIMEOUT after `timeoutMs`.
 */
export function waitForOAuthPopup(popup: PopupWindow, pending: PendingOAuth, options: WaitOptions = {}): Promise<OAuthCallback> {
  const { timeoutMs = 300_000, pollMs = 200, signal } = options;
  const redirectOrigin = new URL(pending.redirectUri).origin;
  const redirectPath = new URL(pending.redirectUri).pathname;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const finish = (action: () => void) => {
      clearInterval(timer);
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = () => finish(() => {
      popup.close();
      reject(new LatchError('ERR_NETWORK_ABORTED', 'The login was cancelled.'));
    });
    signal?.addEventListener('abort', onAbort);
    const timer = setInterval(() => {
      if (popup.closed) {
        finish(() => reject(new LatchError('ERR_OAUTH_POPUP_CLOSED', 'The login window was closed before finishing.')));
        return;
      }
      if (Date.now() - started > timeoutMs) {
        finish(() => {
          popup.close();
          reject(new LatchError('ERR_NETWORK_TIMEOUT', 'The login window took too long.'));
        });
        return;
      }
      let href: string;
      try {
        href = popup.location.href; // throws while the popup is on the provider's origin
      } catch {
        return;
      }
      let here: URL;
      try {
        here = new URL(href);
      } catch {
        return;
      }
      if (here.origin !== redirectOrigin || here.pathname !== redirectPath) return;
      finish(() => {
        popup.close();
        try {
          resolve(parseOAuthCallback(href, pending.state));
        } catch (error) {
          reject(error);
        }
      });
    }, pollMs);
  });
}

/**
 * On page load after a redirect login: returns the pending attempt and the provider's answer
 * when `href` is an OAuth callback for an attempt this tab started, otherwise undefined.
 */
export function readOAuthRedirect(href: string, store: PendingOAuthStore): { pending: PendingOAuth; callback: OAuthCallback } | undefined {
  let params: URLSearchParams;
  try {
    const url = new URL(href);
    params = new URLSearchParams(url.hash.replace(/^#/, '') + '&' + url.search.replace(/^\?/, ''));
  } catch {
    return undefined;
  }
  const state = params.get('state');
  if (!state) return undefined;
  const pending = store.take(state);
  if (!pending) return undefined;
  return { pending, callback: parseOAuthCallback(href, pending.state) };
}
