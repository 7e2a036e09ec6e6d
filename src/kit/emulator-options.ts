/**
 * `emulator` (LatchKitOptions): a development page names the local emulator once, and the kit
 * reads what it must trust from the emulator's `/__keys` (its addresses, notarizer, enclave and
 * OTP signer keys, App Proof root). Keys fetched at run time are trusted only from this machine,
 * by a page on this machine: the URL must be loopback (localhost, 127.0.0.0/8, [::1]) and so must
 * the page's host (assertDevelopmentTrust's rule), both checked before anything is fetched. A
 * production page given this option fails closed; it can never be told to trust such keys.
 * Loaded only when the option is set.
 */
import { LatchError } from '../errors/latch-error.ts';
import { LOOPBACK } from '../crypto/development-trust.ts';
import type { LatchKitOptions } from './latch-kit-options.ts';

/** What the URL's host may be: `localhost` and the IPv4 / IPv6 loopback, as the URL parser writes them. */
const EMULATOR_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

const OAUTH_PROVIDERS = ['google', 'apple', 'facebook', 'x', 'discord'] as const;

function loopbackUrl(value: unknown): URL | undefined {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    return undefined;
  }
  // The parser has already written 127.1 and 0x7f.0.0.1 as 127.0.0.1 and [0::1] as [::1].
  const fine = (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && EMULATOR_HOST.test(url.hostname);
  return fine ? url : undefined;
}

/**
 * The emulator's Activity API URL, without a trailing slash. Throws ERR_CONFIG_INVALID for a URL
 * that is not loopback, or on a page that is not: nothing has been fetched then.
 */
export function emulatorUrl(emulator: string): string {
  const url = loopbackUrl(emulator);
  if (!url) {
    throw new LatchError(
      'ERR_CONFIG_INVALID',
      'The emulator option takes the local emulator on this machine (http://localhost:8787, http://127.0.0.1:8787 or http://[::1]:8787). Keys fetched at run time are never trusted from another host: for the hosted service, leave the option out.',
    );
  }
  const page = (globalThis as { location?: { hostname?: string } }).location?.hostname;
  if (page !== undefined && !LOOPBACK.test(page)) {
    throw new LatchError('ERR_CONFIG_INVALID', `The emulator option works only on a page served from this machine (localhost), not on ${page}: remove it for production.`);
  }
  return url.href.replace(/\/+$/, '');
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Reads the emulator's `/__keys` and returns the options it stands for: `proxyUrl`,
 * `apiBaseUrl`, `notarizerPublicKey`, `enclavePublicKey`, `otpEncryptionSignerPublicKey`,
 * `proofTrust.trustedRootSha256` and the built-in OAuth provider's URLs. Throws
 * ERR_CONFIG_INVALID (see emulatorUrl; or an answer that is not the emulator's) and
 * ERR_NETWORK_FAILED (no emulator answered).
 */
export async function emulatorOptions(emulator: string, fetcher: typeof fetch = (...a) => fetch(...a)): Promise<Partial<LatchKitOptions>> {
  const api = emulatorUrl(emulator);
  let keys: Record<string, unknown>;
  try {
    const response = await fetcher(`${api}/__keys`);
    if (!response.ok) throw new Error(String(response.status));
    keys = (await response.json()) as Record<string, unknown>;
  } catch (cause) {
    throw new LatchError('ERR_NETWORK_FAILED', `No Latchkey emulator answered at ${api}/__keys. Start it (npx latchkey-emulator) or fix the emulator option.`, { cause });
  }
  const proxy = loopbackUrl(keys.proxyUrl);
  const notarizer = text(keys.notarizerPublicKey);
  const enclave = text(keys.enclavePublicKey);
  if (!proxy || !notarizer || !enclave) {
    throw new LatchError('ERR_CONFIG_INVALID', `${api}/__keys is not a Latchkey emulator's keys (proxyUrl on this machine, notarizerPublicKey, enclavePublicKey): is the emulator option the emulator's Activity API URL?`);
  }
  const oauth = loopbackUrl(keys.oauthUrl)?.href.replace(/\/+$/, '');
  const signer = text(keys.otpEncryptionSignerPublicKey);
  const root = text(keys.proofRootSha256);
  return {
    proxyUrl: proxy.href.replace(/\/+$/, ''),
    apiBaseUrl: loopbackUrl(keys.apiUrl)?.href.replace(/\/+$/, '') ?? api,
    notarizerPublicKey: notarizer,
    enclavePublicKey: enclave,
    ...(signer ? { otpEncryptionSignerPublicKey: signer } : {}),
    ...(root ? { proofTrust: { trustedRootSha256: root } } : {}),
    // The emulator's built-in provider stands in for every OAuth provider.
    ...(oauth
      ? {
          oauthAuthorizeUrls: Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, `${oauth}/${p}/authorize`])),
          oauthTokenUrls: { facebook: `${oauth}/facebook/token` },
        }
      : {}),
  };
}

/** `options` with what its `emulator`'s /__keys stands for; the options given there win. */
export async function withEmulator(options: Readonly<LatchKitOptions>): Promise<Readonly<LatchKitOptions>> {
  const found = await emulatorOptions(options.emulator ?? '', options.fetch);
  const given = Object.entries(options).filter(([, value]) => value !== undefined);
  return Object.freeze({ ...found, ...Object.fromEntries(given) } as LatchKitOptions);
}
