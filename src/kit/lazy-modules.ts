/**
 * The kit's heavier parts, loaded on first use: the session (Activity client, stamper), the key
 * store, and each login flow. A page that embeds the drop-in first runs only the kit, the proxy
 * client and the stores; the rest arrives while the user reads the form, as separate chunks.
 * A failed load (a flaky network) is retried on the next call rather than cached.
 */
import type * as OAuthFlow from '../flows/oauth-flow.ts';
import type * as OAuthPopup from '../flows/oauth-popup.ts';

export type OAuthModules = typeof OAuthFlow & typeof OAuthPopup;

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

export const accountsModule = once(() => import('./kit-accounts.ts'));
export const keyStoreModule = once(() => import('../keys/open-key-store.ts'));
export const otpModule = once(() => import('../flows/otp-flow.ts'));
export const passkeyModule = once(() => import('../flows/passkey-flow.ts'));
export const walletModule = once(() => import('../flows/wallet-flow.ts'));
/** Loaded by `prepareOAuth`, so the click's synchronous `launchOAuth` finds it ready. */
export const oauthModules = once(async (): Promise<OAuthModules> => {
  const [flow, popup] = await Promise.all([import('../flows/oauth-flow.ts'), import('../flows/oauth-popup.ts')]);
  return { ...flow, ...popup };
});
