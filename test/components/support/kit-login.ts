// What the wallet, on-ramp and tx-status element tests share: a kit logged in against the
// emulator (built on ../latch-proof-badge/emulator-kit.ts: its keys, in-memory stores, the OTP
// outbox), and the Ethereum helpers the tests check the elements' output with.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { ETH_ACCOUNT, emulatorKitOptions, latestCode } from './emulator-kit.ts';
import { part, text } from './shadow.ts';

export { ETH_ACCOUNT, emulatorKitOptions, emulatorUrls } from './emulator-kit.ts';

export interface LoggedIn {
  kit: LatchKit;
  session: SigningSession;
  walletId: string;
  contact: string;
}

/** A kit over the emulator with in-memory stores; `fetcher` may wrap fetch (to record calls or make them fail). */
export async function emulatorKit(fetcher?: typeof fetch): Promise<LatchKit> {
  const extra: Partial<LatchKitOptions> = fetcher ? { fetch: fetcher } : {};
  return new LatchKit(await emulatorKitOptions(extra));
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

export { part, parts, text } from './shadow.ts';

/** The polite announcer's text (without the repeat marker). */
export const announced = (el: Element): string => text(part(el, 'announcer')).replace(/\u00a0$/, '');
