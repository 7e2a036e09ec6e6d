/**
 * ECDSA signature encodings: WebCrypto speaks raw r||s (IEEE P1363), stamps carry DER.
 * Strict DER on input (minimal integers, exact lengths), so one signature has one encoding.
 */
import { LatchError } from '../errors/latch-error.ts';

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

function encodeInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const body = bytes.subarray(start);
  const pad = body[0]! & 0x80 ? 1 : 0;
  const out = new Uint8Array(2 + pad + body.length);
  out[0] = 0x02;
  out[1] = pad + body.length;
  out.set(body, 2 + pad);
  return out;
}

/** Raw r||s → DER. */
export function rawToDer(raw: Uint8Array): Uint8Array {
  if (raw.length === 0 || raw.length % 2 !== 0) fail();
  const half = raw.length / 2;
  const r = encodeInteger(raw.subarray(0, half));
  const s = encodeInteger(raw.subarray(half));
  const bodyLength = r.length + s.length;
  const header = bodyLength < 0x80 ? [0x30, bodyLength] : [0x30, 0x81, bodyLength];
  const out = new Uint8Array(header.length + bodyLength);
  out.set(header, 0);
  out.set(r, header.length);
  out.set(s, header.length + r.length);
  return out;
}
