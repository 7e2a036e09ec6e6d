/** The few DER encodings the emulator's test certificates need (X.690 definite, minimal). */
import { fromHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';

export function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const body = concatBytes(...contents);
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return concatBytes(Uint8Array.of(tag, ...length), body);
}

export const sequence = (...items: Uint8Array[]): Uint8Array => tlv(0x30, ...items);
export const set = (...items: Uint8Array[]): Uint8Array => tlv(0x31, ...items);
export const oid = (hex: string): Uint8Array => tlv(0x06, fromHex(hex));
export const octetString = (bytes: Uint8Array): Uint8Array => tlv(0x04, bytes);
export const bitString = (bytes: Uint8Array): Uint8Array => tlv(0x03, Uint8Array.of(0), bytes);
export const utf8String = (text: string): Uint8Array => tlv(0x0c, utf8Encode(text));
export const boolean = (value: boolean): Uint8Array => tlv(0x01, Uint8Array.of(value ? 0xff : 0));
export const explicit = (n: number, inner: Uint8Array): Uint8Array => tlv(0xa0 + n, inner);

/** A positive INTEGER from big-endian bytes (leading zeros dropped, a sign byte added when needed). */
export function integer(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const body = bytes.subarray(start);
  return tlv(0x02, body[0]! & 0x80 ? concatBytes(Uint8Array.of(0), body) : body);
}

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 §4.1.2.5). */
export function time(ms: number): Uint8Array {
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = iso.slice(0, 19).replace(/[-T:]/g, '') + 'Z';
  const year = Number(iso.slice(0, 4));
  return year < 2050 ? tlv(0x17, utf8Encode(digits.slice(2))) : tlv(0x18, utf8Encode(digits));
}
