/**
 * The kit's heavier parts, loaded on first use: the session (Activity client, stamper), the key
 * store, and each login flow. A page that embeds the drop-in first runs only the kit, the proxy
 * client and the stores; the rest arrives while the user reads the form, as separate chunks.
 * A failed load (a flaky network) is retried on the next call rather than cached.
 */
import type * as OAuthFlow from '../flows/oauth-flow.ts';
import type * as OAuthPopup from '../flows/oauth-popup.ts';
import type * as OAuthRedirectUri from './oauth-redirect-uri.ts';
import type * as KitAccounts from './kit-accounts.ts';
import type * as KitSessionOptions from './kit-session-options.ts';

export type OAuthModules = typeof OAuthFlow & typeof OAuthPopup & typeof OAuthRedirectUri;

function once<T>(load: () => Promise<T>): { get(): Promise<T>; loaded(): T | undefined } {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    get() {
      pending ??= load().then(
        (module) => (value = module),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

// With the options of the sessions it makes (kit-session-options.ts): no code of the first chunk.
export const accountsModule = once(async (): Promise<typeof KitAccounts & typeof KitSessionOptions> => {
  const [accounts, options] = await Promise.all([import('./kit-accounts.ts'), import('./kit-session-options.ts')]);
  return { ...accounts, ...options };
});
export const keyStoreModule = once(() => import('../keys/open-key-store.ts'));
export const otpModule = once(() => import('../flows/otp-flow.ts'));
export const passkeyModule = once(() => import('../flows/passkey-flow.ts'));
export const walletModule = once(() => import('../flows/wallet-flow.ts'));
/** Loaded by `prepareOAuth`, so the click's synchronous `launchOAuth` finds it ready. */
export const oauthModules = once(async (): Promise<OAuthModules> => {
  const [flow, popup, redirect] = await Promise.all([import('../flows/oauth-flow.ts'), import('../flows/oauth-popup.ts'), import('./oauth-redirect-uri.ts')]);
  return { ...flow, ...popup, ...redirect };
});
