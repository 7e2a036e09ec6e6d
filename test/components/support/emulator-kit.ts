// What the tests of the elements that use a kit share (session, sign-up, proof badge, and through
// ../latch-wallet/kit-login.ts wallet, on-ramp and tx-status): kits against the emulator the test
// runner started (window.__LATCHKEY_EMULATOR__), its published keys, the OTP outbox, and a
// sign-up with a wallet driven through the kit directly.
import { LatchKit, type LatchKitOptions, type LoginOutcome } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import type { WalletParams } from '../../../src/clients/activity-types.ts';

declare global {
  interface Window {
    __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string; oauthUrl: string } | null;
  }
}

export interface EmulatorKeys {
  notarizerPublicKey: string;
  enclavePublicKey: string;
  /** SHA-256 of the emulator's App Proof test root. */
  proofRootSha256: string;
}

export function emulatorUrls(): { apiUrl: string; proxyUrl: string; oauthUrl: string } {
  const urls = window.__LATCHKEY_EMULATOR__;
  if (!urls) throw new Error('the test runner started no emulator');
  return urls;
}

let keys: Promise<EmulatorKeys> | undefined;

export function emulatorKeys(): Promise<EmulatorKeys> {
  keys ??= fetch(`${emulatorUrls().apiUrl}/__keys`).then((answer) => answer.json() as Promise<EmulatorKeys>);
  return keys;
}

/**
 * Options of a kit of its own against the emulator's `demo` configuration: the emulator's keys,
 * fresh memory stores, and no channel between tabs (so one test's logout never ends another
 * test's session); `extra` wins (a wrapped `fetch` to record calls or make them fail…).
 */
export async function emulatorKitOptions(extra: Partial<LatchKitOptions> = {}): Promise<LatchKitOptions> {
  const { notarizerPublicKey, enclavePublicKey } = await emulatorKeys();
  const urls = emulatorUrls();
  return {
    proxyUrl: urls.proxyUrl,
    configId: 'demo',
    apiBaseUrl: urls.apiUrl,
    notarizerPublicKey,
    enclavePublicKey,
    keyStore: new MemoryKeyStore(),
    sessionStore: new MemorySessionStore(),
    sessionChannel: noSessionChannel,
    ...extra,
  };
}

const kits: LatchKit[] = [];

/** A kit of its own against the emulator (`emulatorKitOptions`), stopped by `disposeKits`. */
export async function testKit(extra: Partial<LatchKitOptions> = {}): Promise<LatchKit> {
  const kit = new LatchKit(await emulatorKitOptions(extra));
  kits.push(kit);
  return kit;
}

/** Stops every kit made by `testKit` (timers), without logging out. */
export function disposeKits(): void {
  for (const kit of kits.splice(0)) kit.dispose();
}

let contacts = 0;

/** A fresh email address for one test. */
export function uniqueEmail(label: string): string {
  return `${label}.${++contacts}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The newest one-time code the emulator "sent" to `contact`. */
export async function latestCode(contact: string): Promise<string> {
  const answer = await fetch(`${emulatorUrls().apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
  const { messages } = (await answer.json()) as { messages: { code: string }[] };
  const code = messages[0]?.code;
  if (!code) throw new Error(`no code was sent to ${contact}`);
  return code;
}

/** Waits until the emulator has sent `contact` at least `count` codes; returns the newest. */
export async function codeNumber(contact: string, count: number): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await fetch(`${emulatorUrls().apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
    const { messages } = (await answer.json()) as { messages: { code: string }[] };
    if (messages.length >= count && messages[0]) return messages[0].code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${contact} did not receive ${count} codes`);
}

export const ETH_ACCOUNT = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;
export const SOL_ACCOUNT = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const;

/** An email OTP sign-up (and login) through the kit, with `wallet` when given. */
export async function signUpWithKit(kit: LatchKit, options: { email?: string; wallet?: WalletParams } = {}): Promise<LoginOutcome> {
  const contact = options.email ?? uniqueEmail('element');
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  return kit.completeOtp({
    otpType: 'OTP_TYPE_EMAIL',
    contact,
    otpId,
    otpCode: await latestCode(contact),
    ...(options.wallet ? { signup: { wallet: options.wallet } } : {}),
  });
}
