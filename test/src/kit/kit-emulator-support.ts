// What the kit's Node tests share: a real emulator on 127.0.0.1 (ephemeral ports), its trusted
// keys, the OTP outbox, the built-in OAuth provider's consent pressed with fetch, and a
// recorder of a kit's events.
import assert from 'node:assert/strict';
import { createEmulator, type Emulator, type EmulatorUrls } from '../../../demo/emulator/emulator.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import type { LatchKitEventMap } from '../../../src/kit/kit-events.ts';

export interface TestEmulator {
  emulator: Emulator;
  urls: EmulatorUrls;
  keys: { notarizerPublicKey: string; enclavePublicKey: string };
}

/** A configuration with fewer methods, for the "only what is enabled" checks. */
export const NARROW_CONFIG = { id: 'narrow', enabledProviders: ['wallet', 'discord', 'email', 'google'] };

export async function startEmulator(): Promise<TestEmulator> {
  const emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, proxyConfigs: [NARROW_CONFIG] });
  const urls = await emulator.start();
  const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as TestEmulator['keys'];
  return { emulator, urls, keys };
}

export async function latestCode(urls: EmulatorUrls, contact: string): Promise<string> {
  const answer = await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
  const { messages } = (await answer.json()) as { messages: { code: string }[] };
  assert.ok(messages[0], `no OTP delivered to ${contact}`);
  return messages[0].code;
}

/** Presses "allow" on the emulator provider's consent page; returns where it redirects (not followed). */
export async function consent(authorizeUrl: string, email: string): Promise<string> {
  const page = await fetch(authorizeUrl);
  assert.equal(page.status, 200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(name!, value!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
  }
  form.set('email', email);
  form.set('decision', 'allow');
  const action = new URL(authorizeUrl);
  action.pathname = action.pathname.replace(/authorize$/, 'consent');
  action.search = '';
  const answer = await fetch(action, { method: 'POST', body: form, redirect: 'manual' });
  assert.equal(answer.status, 302);
  return answer.headers.get('location')!;
}

export type Recorded = { [K in keyof LatchKitEventMap]: { type: K; detail: LatchKitEventMap[K]['detail'] } }[keyof LatchKitEventMap];

/** Every event the kit dispatches, in order. */
export function record(kit: LatchKit): Recorded[] {
  const seen: Recorded[] = [];
  for (const type of ['login', 'logout', 'session-expiring', 'error'] as const) {
    kit.addEventListener(type, (event) => seen.push({ type, detail: event.detail } as Recorded));
  }
  return seen;
}

export const ETH_WALLET = {
  walletName: 'Main',
  accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
} as const;
