/**
 * The hosted service's wallet stamps: an `X-Stamp` (base64url JSON `{publicKey, scheme,
 * signature}`, like an API key's) whose scheme says a wallet signed the body with its own key.
 * Read from the hosted wallet stamper (`@turnkey/wallet-stamper`, and `@turnkey/core`'s web
 * wallet stamper, which makes the same header):
 * - `SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191`: an Ethereum wallet's `personal_sign` of the body
 *   text, so ECDSA secp256k1 over Keccak-256 of EIP-191's "\x19Ethereum Signed Message:\n" +
 *   byte length + the body bytes. `publicKey` is the compressed secp256k1 key (hex, 33 bytes)
 *   that the stamper recovered from the signature; `signature` is DER hex of r and s (the
 *   recovery byte is dropped). The stamper's DER keeps each 32-byte half whole: an r or s whose
 *   first byte is 0 keeps that zero (not minimal DER), so about one stamp in 128 carries a
 *   non-minimal integer, which must verify all the same.
 * - `SIGNATURE_SCHEME_TK_API_ED25519`: a Solana wallet's signMessage of the body bytes, Ed25519;
 *   `publicKey` the 32-byte key in hex, `signature` the 64-byte signature in hex.
 * High-S secp256k1 signatures are accepted (the scheme's verifier is not documented to refuse
 * them; wallets make low-S ones anyway).
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import type { ApiKeyCurve } from '../identity/api-keys.ts';

export const WALLET_STAMP_SCHEMES = {
  SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191: 'API_KEY_CURVE_SECP256K1',
  SIGNATURE_SCHEME_TK_API_ED25519: 'API_KEY_CURVE_ED25519',
} as const satisfies Record<string, ApiKeyCurve>;
export type WalletStampScheme = keyof typeof WALLET_STAMP_SCHEMES;

export const isWalletStampScheme = (scheme: unknown): scheme is WalletStampScheme =>
  typeof scheme === 'string' && Object.hasOwn(WALLET_STAMP_SCHEMES, scheme);

/** Why a wallet stamp was refused; the caller answers SIGNATURE_INVALID with it. */
export class WalletStampError extends Error {
  override name = 'WalletStampError';
}

/** The EIP-191 (`personal_sign`) digest of the body bytes. */
export function eip191Digest(body: Uint8Array): Uint8Array {
  return keccak_256(concatBytes(utf8Encode(`\x19Ethereum Signed Message:\n${body.length}`), body));
}

/** One DER INTEGER of at most 32 bytes of value; a leading zero is allowed whether or not it was needed (see above). */
function readInteger(der: Uint8Array, at: number): { value: Uint8Array; next: number } {
  if (der[at] !== 0x02) throw new WalletStampError('The signature is not DER: INTEGER expected.');
  const length = der[at + 1];
  if (length === undefined || length === 0 || length > 33 || at + 2 + length > der.length) {
    throw new WalletStampError('The signature is not DER: bad INTEGER length.');
  }
  let value = der.subarray(at + 2, at + 2 + length);
  if (value[0]! & 0x80) throw new WalletStampError('The signature is not DER: negative INTEGER.');
  while (value.length > 1 && value[0] === 0) value = value.subarray(1);
  if (value.length > 32) throw new WalletStampError('The signature is not DER: INTEGER too large.');
  const out = new Uint8Array(32);
  out.set(value, 32 - value.length);
  return { value: out, next: at + 2 + length };
}

/** DER SEQUENCE {r, s} → 64-byte r||s, exact lengths (no trailing bytes). */
export function walletDerToRaw(der: Uint8Array): Uint8Array {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) throw new WalletStampError('The signature is not a DER SEQUENCE.');
  const r = readInteger(der, 2);
  const s = readInteger(der, r.next);
  if (s.next !== der.length) throw new WalletStampError('The signature has bytes after its DER SEQUENCE.');
  return concatBytes(r.value, s.value);
}

function hexBytes(value: string, bytes: number | undefined, what: string): Uint8Array {
  if (!/^[0-9a-fA-F]*$/.test(value) || value.length % 2 !== 0 || value.length === 0 || (bytes !== undefined && value.length !== bytes * 2)) {
    throw new WalletStampError(`The stamp ${what} is not ${bytes ?? 'whole'}-byte hex.`);
  }
  return fromHex(value.toLowerCase());
}

/**
 * Verifies a wallet stamp's signature over `body`; returns the lowercase public key (the API
 * key's id) and the curve its API key must have. Throws WalletStampError otherwise.
 */
export function verifyWalletStamp(
  body: Uint8Array,
  stamp: { publicKey: string; scheme: WalletStampScheme; signature: string },
): { publicKey: string; curve: ApiKeyCurve } {
  const curve = WALLET_STAMP_SCHEMES[stamp.scheme];
  if (stamp.scheme === 'SIGNATURE_SCHEME_TK_API_ED25519') {
    const publicKey = hexBytes(stamp.publicKey, 32, 'public key');
    const signature = hexBytes(stamp.signature, 64, 'signature');
    let ok = false;
    try {
      ok = ed25519.verify(signature, body, publicKey, { zip215: false });
    } catch (cause) {
      throw new WalletStampError('The Ed25519 public key or signature is malformed.', { cause });
    }
    if (!ok) throw new WalletStampError('The Ed25519 signature does not match the body.');
    return { publicKey: stamp.publicKey.toLowerCase(), curve };
  }
  if (!/^0[23][0-9a-fA-F]{64}$/.test(stamp.publicKey)) throw new WalletStampError('The stamp public key is not a compressed secp256k1 key in hex.');
  const publicKey = fromHex(stamp.publicKey.toLowerCase());
  const signature = walletDerToRaw(hexBytes(stamp.signature, undefined, 'signature'));
  let ok = false;
  try {
    ok = secp256k1.verify(signature, eip191Digest(body), publicKey, { prehash: false, lowS: false, format: 'compact' });
  } catch (cause) {
    throw new WalletStampError('The secp256k1 public key or signature is malformed.', { cause });
  }
  if (!ok) throw new WalletStampError('The EIP-191 signature does not match the body.');
  return { publicKey: stamp.publicKey.toLowerCase(), curve };
}
