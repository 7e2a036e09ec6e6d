/**
 * The `X-Stamp` header value (docs/protocol.md §5): base64url (no padding) of the UTF-8 JSON
 * `{publicKey, scheme, signature}`, the signature being DER hex of ECDSA P-256 SHA-256 over the
 * exact body bytes. WebCrypto and src/crypto only: this sits on the logged-in page's path.
 */
import type { StoredKey } from '../keys/key-store.ts';
import { LatchError } from '../errors/latch-error.ts';
import { rawToDerHex } from '../crypto/der.ts';
import { textToBase64Url } from '../encoding/base64url.ts';
import { withUtf8 } from '../encoding/utf8.ts';
import { signP256 } from './sign-p256.ts';

export const API_KEY_STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

const COMPRESSED_KEY_HEX = /^0[23][0-9a-fA-F]{64}$/;

/**
 * What every stamp header of one key begins with. The JSON up to the signature's value,
 * `{"publicKey":"<66 hex>","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"`, is always
 * 135 bytes, a whole number of 3-byte base64 groups, so its base64url is a prefix of every
 * header the key makes. A stamper encodes it once; each stamp then encodes only `<DER hex>"}`.
 */
export function stampHeaderPrefix(keyId: string): string {
  if (typeof keyId !== 'string' || !COMPRESSED_KEY_HEX.test(keyId)) {
    throw new LatchError('ERR_KEY_FORMAT', 'The key id must be a compressed P-256 public key in hex.');
  }
  return textToBase64Url(`{"publicKey":"${keyId}","scheme":"${API_KEY_STAMP_SCHEME}","signature":"`);
}

/** Signs `body` and completes the header that `prefix` (from stampHeaderPrefix) begins. */
export async function stampWithPrefix(prefix: string, privateKey: CryptoKey, body: string): Promise<string> {
  // signP256 hands the bytes to WebCrypto before its first await, so the shared buffer is free again.
  const raw = await withUtf8(body, (bytes) => signP256(privateKey, bytes));
  return prefix + textToBase64Url(`${rawToDerHex(raw)}"}`);
}

export async function createStamp(body: string, key: Pick<StoredKey, 'id' | 'privateKey'>): Promise<string> {
  return stampWithPrefix(stampHeaderPrefix(key.id), key.privateKey, body);
}
