// The start of every test page: read the emulator's URLs from the test server (no inline
// script under CSP), fetch the keys the kit must trust from the emulator, and make the
// page-wide kit. Elements given the same proxy-url and config-id share this kit.
import { configure, type LatchKit, type LatchKitOptions, type OAuthProvider } from 'latchkey';
import { PAGE_CONFIG_PATH, type E2ePageConfig } from '../../support/page-config.ts';

export interface Booted {
  config: E2ePageConfig;
  kit: LatchKit;
}

declare global {
  interface Window {
    __kit?: LatchKit;
    __booted?: boolean;
    __bootError?: string;
  }
}

const PROVIDERS: OAuthProvider[] = ['google', 'apple', 'facebook', 'x', 'discord'];

export type EmulatorKeys = { notarizerPublicKey: string; enclavePublicKey: string; otpEncryptionSignerPublicKey: string };

/** The test server's page config and the emulator's keys the kit must trust. */
export async function pageSetup(): Promise<{ config: E2ePageConfig; keys: EmulatorKeys }> {
  const config = (await (await fetch(PAGE_CONFIG_PATH)).json()) as E2ePageConfig;
  const keys = (await (await fetch(`${config.apiUrl}/__keys`)).json()) as EmulatorKeys;
  return { config, keys };
}

/** A test page's kit options: the emulator's proxy, Activity API, keys and OAuth provider. */
export function pageKitOptions(config: E2ePageConfig, keys: EmulatorKeys): LatchKitOptions {
  return {
    proxyUrl: config.proxyUrl,
    configId: config.configId,
    apiBaseUrl: config.apiUrl,
    notarizerPublicKey: keys.notarizerPublicKey,
    enclavePublicKey: keys.enclavePublicKey,
    // OTP logins in the current generation: the code sealed to the emulator's enclave target.
    otpEncryptionSignerPublicKey: keys.otpEncryptionSignerPublicKey,
    // The emulator's built-in provider stands in for the real ones.
    oauthAuthorizeUrls: Object.fromEntries(PROVIDERS.map((p) => [p, `${config.oauthUrl}/${p}/authorize`])),
    oauthTokenUrls: { facebook: `${config.oauthUrl}/facebook/token` },
    // A page with no script: the popup lands there and the opener reads its URL.
    oauthRedirectUri: `${location.origin}/oauth-callback.html`,
  };
}

export async function boot(): Promise<Booted> {
  const { config, keys } = await pageSetup();
  const kit = configure(pageKitOptions(config, keys));
  window.__kit = kit;
  return { config, kit };
}

/** Runs `main` after boot; a failure is visible to the test (window.__bootError) and the console. */
export function start(main: (booted: Booted) => Promise<void> | void): void {
  boot()
    .then(main)
    .then(() => (window.__booted = true))
    .catch((error: unknown) => {
      window.__bootError = String((error as Error)?.stack ?? error);
      console.error('page boot failed', error);
    });
}
