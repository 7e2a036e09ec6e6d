// What the kit's Node tests share: a real emulator on 127.0.0.1 (ephemeral ports), its trusted
// keys, the OTP outbox, the built-in OAuth provider's consent pressed with fetch, and a
// recorder of a kit's events.
import { createEmulator, type Emulator, type EmulatorUrls } from '../../../demo/emulator/emulator.ts';
import type { LatchKit, LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import type { LatchKitEventMap } from '../../../src/kit/kit-events.ts';
import type { SignupDetails } from '../../../src/flows/otp-flow.ts';
import { ActivityClient } from '../../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import type { StoredKey } from '../../../src/keys/key-store.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { latestCode } from '../../support/emulator-http.ts';

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

/** A kit's options on `t`'s `demo` configuration with its trusted keys and in-memory stores; `overrides` win. */
export function emulatorKitOptions(t: TestEmulator, overrides: Partial<LatchKitOptions> = {}): LatchKitOptions {
  return {
    proxyUrl: t.urls.proxyUrl,
    configId: 'demo',
    apiBaseUrl: t.urls.apiUrl,
    notarizerPublicKey: t.keys.notarizerPublicKey,
    enclavePublicKey: t.keys.enclavePublicKey,
    keyStore: new MemoryKeyStore(),
    sessionStore: new MemorySessionStore(),
    ...overrides,
  };
}

export { latestCode, consent } from '../../support/emulator-http.ts';

/** Logs `contact` in through the kit's email OTP flow with the outbox's code, signing up (with `signup`) when it has no account. */
export async function otpLogin(t: TestEmulator, kit: LatchKit, contact: string, signup?: SignupDetails) {
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  return kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact), ...(signup ? { signup } : {}) });
}

/** whoami stamped with `key` directly: the service's own answer, or its refusal. */
export const whoamiWith = (t: TestEmulator, key: Pick<StoredKey, 'id' | 'privateKey'>, organizationId: string) =>
  new ActivityClient({ apiBaseUrl: t.urls.apiUrl, stamper: new ApiKeyStamper(key), retries: 0 }).whoami(organizationId);

/** The service's refusal of a request stamped with a key it does not know (deleted, or never registered). */
export const refusedAsUnknownKey = (error: unknown) => isLatchError(error, 'ERR_SERVICE_UNAUTHENTICATED') && error.serviceErrorCode === 'PUBLIC_KEY_NOT_FOUND';

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
