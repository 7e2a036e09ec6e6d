// What the wallet, on-ramp and tx-status element tests share: a kit logged in against the
// emulator the test runner started (email OTP, the code read from the emulator's outbox), with
// the emulator's notarizer and enclave keys, in-memory stores (nothing shared between tests),
// and the Ethereum helpers the tests check the elements' output with.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { toHex } from '../../../src/encoding/hex.ts';

export interface EmulatorUrls {
  apiUrl: string;
  proxyUrl: string;
  oauthUrl: string;
}

export const urls = (): EmulatorUrls => {
  const found = (window as unknown as { __LATCHKEY_EMULATOR__: EmulatorUrls | null }).__LATCHKEY_EMULATOR__;
  if (!found) throw new Error('the test runner started no emulator');
  return found;
};

let keys: Promise<{ notarizerPublicKey: string; enclavePublicKey: string }> | undefined;

export const ETH_ACCOUNT = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;

export interface LoggedIn {
  kit: LatchKit;
  session: SigningSession;
  walletId: string;
  contact: string;
}

/** Options of a kit over the emulator; `fetch` may be wrapped (to record calls or make them fail). */
export async function emulatorKitOptions(fetcher: typeof fetch = (...args) => fetch(...args)): Promise<LatchKitOptions> {
  const u = urls();
  keys ??= fetch(`${u.apiUrl}/__keys`).then((r) => r.json());
  const { notarizerPublicKey, enclavePublicKey } = await keys;
  return {
    proxyUrl: u.proxyUrl,
    configId: 'demo',
    apiBaseUrl: u.apiUrl,
    notarizerPublicKey,
    enclavePublicKey,
    keyStore: new MemoryKeyStore(),
    sessionStore: new MemorySessionStore(),
    sessionChannel: noSessionChannel,
    fetch: fetcher,
  };
}

/** A kit over the emulator with in-memory stores. */
export async function emulatorKit(fetcher?: typeof fetch): Promise<LatchKit> {
  return new LatchKit(await emulatorKitOptions(fetcher));
}

export async function latestCode(contact: string): Promise<string> {
  const answer = await fetch(`${urls().apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
  const { messages } = (await answer.json()) as { messages: { code: string }[] };
  if (!messages[0]) throw new Error(`no OTP delivered to ${contact}`);
  return messages[0].code;
}

/** Signs up a new user by email OTP with a wallet holding one Ethereum account, and logs in. */
export async function logIn(kit?: LatchKit): Promise<LoggedIn> {
  const k = kit ?? (await emulatorKit());
  const contact = `element.${crypto.randomUUID()}@example.com`;
  const { otpId } = await k.startOtp('OTP_TYPE_EMAIL', contact);
  const outcome = await k.completeOtp({
    otpType: 'OTP_TYPE_EMAIL',
    contact,
    otpId,
    otpCode: await latestCode(contact),
    signup: { wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT] } },
  });
  const walletId = outcome.signup?.wallet?.walletId;
  if (!walletId) throw new Error('the sign-up created no wallet');
  return { kit: k, session: outcome.session, walletId, contact };
}

/** Adds Ethereum accounts m/44'/60'/0'/0/1 … /count to the wallet. */
export async function addAccounts(session: SigningSession, walletId: string, count: number): Promise<void> {
  const accounts = Array.from({ length: count }, (_, i) => ({ ...ETH_ACCOUNT, path: `m/44'/60'/0'/0/${i + 1}` }));
  await session.submit('create_wallet_accounts', { walletId, accounts });
}

/** The Ethereum address (lower case) of a secp256k1 public key (compressed or not). */
export function ethAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `0x${toHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`;
}

/** Who signed `digest` with `{r, s, v}` (hex), as an Ethereum address. */
export function recoverEthAddress(digest: Uint8Array, signature: { r: string; s: string; v: string }): string {
  const compact = new Uint8Array(64);
  compact.set(hexBytes(signature.r.padStart(64, '0')), 0);
  compact.set(hexBytes(signature.s.padStart(64, '0')), 32);
  const point = secp256k1.Signature.fromBytes(compact, 'compact').addRecoveryBit(Number.parseInt(signature.v, 16)).recoverPublicKey(digest);
  return ethAddress(point.toBytes(true));
}

export function hexBytes(hex: string): Uint8Array {
  const digits = hex.replace(/^0x/, '');
  return Uint8Array.from(digits.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
}

/** A shadow-root node of `el` by part name (throws when missing). */
export function part<T extends HTMLElement = HTMLElement>(el: Element, name: string): T {
  const found = el.shadowRoot?.querySelector<T>(`[part~="${name}"]`);
  if (!found) throw new Error(`no part ${name}`);
  return found;
}

export function parts<T extends HTMLElement = HTMLElement>(el: Element, name: string): T[] {
  return Array.from(el.shadowRoot?.querySelectorAll<T>(`[part~="${name}"]`) ?? []);
}

export const text = (node: Element | null | undefined): string => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The polite announcer's text (without the repeat marker). */
export const announced = (el: Element): string => text(part(el, 'announcer')).replace(/\u00a0$/, '');
