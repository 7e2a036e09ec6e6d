/**
 * ECDSA signature encodings: WebCrypto speaks raw r||s (IEEE P1363), stamps carry DER.
 * Strict DER on input (minimal integers, exact lengths), so one signature has one encoding.
 */
import { LatchError } from '../errors/latch-error.ts';
import { fromHex, toHex } from '../encoding/hex.ts';

const fail = (): never => {
  throw new LatchError('ERR_SIGNATURE_FORMAT', 'The signature is not a valid DER ECDSA signature.');
};

function readInteger(der: Uint8Array, offset: number, size: number): { value: Uint8Array; next: number } {
  if (der[offset] !== 0x02) fail();
  const length = der[offset + 1];
  if (length === undefined || length === 0 || length > size + 1 || offset + 2 + length > der.length) fail();
  const value = der.subarray(offset + 2, offset + 2 + length!);
  if (value[0]! & 0x80) fail(); // negative
  if (value.length > 1 && value[0] === 0 && !(value[1]! & 0x80)) fail(); // not minimal
  const trimmed = value[0] === 0 ? value.subarray(1) : value;
  if (trimmed.length > size) fail();
  return { value: trimmed, next: offset + 2 + length! };
}

/** DER `SEQUENCE { INTEGER r, INTEGER s }` → raw r||s of `size` bytes each (32 for P-256). */
export function derToRaw(der: Uint8Array, size = 32): Uint8Array {
  if (der.length < 8 || der[0] !== 0x30) fail();
  let offset = 2;
  let seqLength = der[1]!;
  if (seqLength === 0x81) {
    seqLength = der[2]!;
    offset = 3;
    // DER uses the long form only for lengths >= 128 (Wycheproof: BerEncodedSignature).
    if (seqLength < 0x80) fail();
  } else if (seqLength & 0x80) fail();
  if (offset + seqLength !== der.length) fail();
  const r = readInteger(der, offset, size);
  const s = readInteger(der, r.next, size);
  if (s.next !== der.length) fail();
  const out = new Uint8Array(size * 2);
  out.set(r.value, size - r.value.length);
  out.set(s.value, size * 2 - s.value.length);
  return out;
}

const byteHex = (n: number): string => n.toString(16).padStart(2, '0');

/** One half of r||s (big-endian hex) as a DER INTEGER: minimal, with 00 before a high bit. */
function integerHex(hex: string): string {
  let start = 0;
  while (start < hex.length - 2 && hex.startsWith('00', start)) start += 2;
  const value = parseInt(hex[start]!, 16) >= 8 ? `00${hex.slice(start)}` : hex.slice(start);
  return `02${byteHex(value.length / 2)}${value}`;
}

/**
 * Raw r||s → DER, as hex: the form stamps and envelopes carry. Built as text from one hex
 * conversion, with no byte buffers in between; this runs on every stamp.
 */
export function rawToDerHex(raw: Uint8Array): string {
  if (raw.length === 0 || raw.length % 2 !== 0 || raw.length > 240) fail();
  const hex = toHex(raw);
  const body = integerHex(hex.slice(0, raw.length)) + integerHex(hex.slice(raw.length));
  const length = body.length / 2;
  // DER uses the long form (0x81 n) only for lengths of 128 and more.
  return `30${length < 0x80 ? '' : '81'}${byteHex(length)}${body}`;
}

/** Raw r||s → DER. */
export const rawToDer = (raw: Uint8Array): Uint8Array => fromHex(rawToDerHex(raw));
