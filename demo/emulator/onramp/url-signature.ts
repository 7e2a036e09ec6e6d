/**
 * onRampUrlSignature: the way the second provider's widget verifies a URL signed by its
 * integrator. Base64 (standard, padded) of HMAC-SHA256 over the UTF-8 of the URL's query string
 * (`?` included; empty when the URL has none), keyed with the organization's on-ramp
 * credential secret. The emulator's sandbox page checks it the same way (sandbox-page.ts).
 */
import { fromHex } from '../../../src/encoding/hex.ts';
import { toArrayBuffer, utf8Encode } from '../../../src/encoding/utf8.ts';

async function hmacKey(secretHex: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', toArrayBuffer(fromHex(secretHex)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** The signed part of a URL: its query string, as the URL parser normalizes it. */
export function signedPartOf(url: URL): string {
  return url.search;
}

export async function signOnRampUrl(secretHex: string, url: URL): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secretHex), toArrayBuffer(utf8Encode(signedPartOf(url))));
  return toBase64(new Uint8Array(mac));
}

/** Constant-time check (WebCrypto's HMAC verify) of a base64 signature over `url`'s query. */
export async function verifyOnRampUrl(secretHex: string, url: URL, signature: string): Promise<boolean> {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return false;
  const mac = new Uint8Array(Buffer.from(signature, 'base64'));
  return crypto.subtle.verify('HMAC', await hmacKey(secretHex), toArrayBuffer(mac), toArrayBuffer(utf8Encode(signedPartOf(url))));
}
