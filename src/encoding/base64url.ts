import { LatchError } from '../errors/latch-error.ts';
import { utf8Encode } from './utf8.ts';

// One pass from the standard alphabet to the URL-safe one, padding dropped.
const urlSafe = (base64: string): string => base64.replace(/[+/=]/g, (c) => (c === '+' ? '-' : c === '/' ? '_' : ''));

/** base64url without padding (RFC 4648 §5), as stamps, JWTs and WebAuthn use it. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return urlSafe(btoa(binary));
}

/**
 * base64url of the UTF-8 bytes of `text`. ASCII text (stamps, JWT headers: hex and fixed keys)
 * is already its own UTF-8, so it goes straight to btoa; this is on every stamp's path.
 */
export function textToBase64Url(text: string): string {
  return /^[\0-\x7f]*$/.test(text) ? urlSafe(btoa(text)) : toBase64Url(utf8Encode(text));
}

/** Accepts base64url with or without padding; standard `+/` characters are refused. */
export function fromBase64Url(text: string): Uint8Array {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw new LatchError('ERR_ENCODING_BASE64URL', 'Expected a base64url string.');
  }
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  // Unpadded is fine: atob is WHATWG forgiving-base64, which reads a length of 2 or 3 mod 4 as
  // padded (1 mod 4 is refused above).
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
