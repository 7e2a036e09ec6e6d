// What the login elements' browser tests share: kits on the emulator the test runner started
// (with its trusted keys, in-memory stores and the built-in OAuth provider), the OTP outbox,
// the provider's consent pressed with fetch, and shortcuts into shadow roots.
import { memoryPendingOtpStore } from '../../../src/flows/magic-link.ts';
import { expect } from '@open-wc/testing';
import type { WalletKitConfig } from '../../../src/clients/proxy-types.ts';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import type { PopupWindow } from '../../../src/flows/oauth-popup.ts';
import { mapStorage } from '../../support/storage-stand-ins.ts';
import { translate } from '../../../components/i18n/translate.ts';

declare global {
  interface Window {
    __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string; oauthUrl: string } | null;
  }
}

export const urls = window.__LATCHKEY_EMULATOR__!;

let keys: Promise<{ notarizerPublicKey: string; enclavePublicKey: string }> | undefined;

function emulatorKeys(): Promise<{ notarizerPublicKey: string; enclavePublicKey: string }> {
  return (keys ??= fetch(`${urls.apiUrl}/__keys`).then((answer) => answer.json()));
}

const PROVIDERS = ['google', 'apple', 'facebook', 'x', 'discord'] as const;

/** The options of a kit on the emulator's `demo` configuration; `extra` wins. */
export async function kitOptions(extra: Partial<LatchKitOptions> = {}): Promise<LatchKitOptions> {
  expect(urls, 'the test runner started an emulator').to.not.equal(null);
  const { notarizerPublicKey, enclavePublicKey } = await emulatorKeys();
  return {
    proxyUrl: urls.proxyUrl,
    configId: 'demo',
    apiBaseUrl: urls.apiUrl,
    notarizerPublicKey,
    enclavePublicKey,
    keyStore: new MemoryKeyStore(),
    sessionStore: new MemorySessionStore(),
    sessionChannel: noSessionChannel,
    // OTP attempts in memory beside the in-memory keys (see latch-kit.browser.test.ts): not the
    // origin's IndexedDB store, which other test pages share (WebKit can leave its upgrade waiting).
    otpAttempts: memoryPendingOtpStore(),
    oauthAuthorizeUrls: Object.fromEntries(PROVIDERS.map((p) => [p, `${urls.oauthUrl}/${p}/authorize`])),
    oauthTokenUrls: { facebook: `${urls.oauthUrl}/facebook/token` },
    // Each kit its own kept config (none yet): the origin's localStorage is shared by every test
    // page, whose kits edit the `demo` answer each its own way (latch-auth-kept-config tests it).
    configCache: memoryStorage(),
    ...extra,
  };
}

/**
 * Whether the captcha errors' texts (their own chunk) are in the catalogue yet: until then the
 * message's key is all that translate() has for it.
 */
export const captchaTextsLoaded = (): boolean => translate('en', 'error.ERR_CAPTCHA_FAILED') !== 'error.ERR_CAPTCHA_FAILED';

/**
 * `<latch-auth>` waiting for its config's answer: nothing shown yet (a first load's first moments),
 * or the loading state (busy) once they are over; never the frame without its busy state.
 */
export function waitingForConfig(el: HTMLElement): boolean {
  const root = el.shadowRoot!;
  const base = root.querySelector('[part~="base"]');
  if (!base) return root.childElementCount === 0;
  return base.getAttribute('aria-busy') === 'true' && root.querySelector('[part~="loading"]') !== null;
}

/** A Storage-like map, for a kit's kept config. */
export const memoryStorage = mapStorage;

/** A kit on the emulator's `demo` configuration (every method enabled). */
export async function testKit(extra: Partial<LatchKitOptions> = {}): Promise<LatchKit> {
  return new LatchKit(await kitOptions(extra));
}

/**
 * A fetch to the real emulator that edits its wallet_kit_config answer (fewer methods, another
 * OTP shape): the emulator starts only the `demo` configuration, which enables everything.
 */
export function editingConfig(edit: Partial<WalletKitConfig> & Record<string, unknown>): typeof fetch {
  return async (input, init) => {
    const answer = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/wallet_kit_config') || !answer.ok) return answer;
    const body = { ...(await answer.json()), ...edit };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

/** The newest one-time code sent to `contact`. */
export async function latestCode(contact: string): Promise<string> {
  const answer = await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
  const { messages } = (await answer.json()) as { messages: { code: string }[] };
  expect(messages[0], `an OTP for ${contact}`).to.not.equal(undefined);
  return messages[0]!.code;
}

/** A unique address for one test. */
export const uniqueEmail = (label: string): string => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Presses "allow" on the emulator provider's consent page for `authorizeUrl` as `email`, and
 * follows the provider's redirect: resolves with the URL it lands on (redirect URI + answer). The
 * redirect URI must answer CORS (the emulator's own `/__keys` does); the answer must be in the
 * query (a code), since fetch drops fragments.
 */
export async function consent(authorizeUrl: string, email: string): Promise<string> {
  const page = await (await fetch(authorizeUrl)).text();
  const form = new URLSearchParams();
  for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    const decoded = new DOMParser().parseFromString(`<p>${value}</p>`, 'text/html').body.textContent ?? '';
    form.set(name!, decoded);
  }
  form.set('email', email);
  form.set('decision', 'allow');
  const action = new URL(authorizeUrl);
  action.pathname = action.pathname.replace(/authorize$/, 'consent');
  action.search = '';
  const landed = await fetch(action, { method: 'POST', body: form });
  expect(landed.ok, `consent landed on ${landed.url}`).to.equal(true);
  return landed.url;
}

/** A popup window as the kit sees it: cross-origin (unreadable) until `land(url)`. */
export interface FakePopup extends PopupWindow {
  land(url: string): void;
  url: string;
}

export function fakePopup(url: string): FakePopup {
  let landed: string | undefined;
  return {
    url,
    closed: false,
    close() {
      this.closed = true;
    },
    get location() {
      if (landed === undefined) throw new DOMException('Blocked a frame with origin from accessing a cross-origin frame.', 'SecurityError');
      return { href: landed };
    },
    land(to: string) {
      landed = to;
    },
  };
}

export { part, parts, text } from '../support/shadow.ts';
