/**
 * The `X-Stamp` header value (PROTOCOL.md §5): base64url (no padding) of the UTF-8 JSON
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

export async function createStamp(body: string, key: Pick<StoredKey, 'id' | 'privateKey'>): Promise<string> {
  if (typeof key.id !== 'string' || !COMPRESSED_KEY_HEX.test(key.id)) {
    throw new LatchError('ERR_KEY_FORMAT', 'The key id must be a compressed P-256 public key in hex.');
  }
  // signP256 hands the bytes to WebCrypto before its first await, so the shared buffer is free again.
  const raw = await withUtf8(body, (bytes) => signP256(key.privateKey, bytes));
  const stamp = { publicKey: key.id, scheme: API_KEY_STAMP_SCHEME, signature: rawToDerHex(raw) };
  // All ASCII (hex and a constant), so textToBase64Url skips the UTF-8 step: a third of what
  // stamping cost besides the signature itself.
  return textToBase64Url(JSON.stringify(stamp));
}
