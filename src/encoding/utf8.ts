const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export const utf8Encode = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);
export const utf8Decode = (bytes: Uint8Array): string => decoder.decode(bytes);

// Shared by withUtf8 calls. Texts whose UTF-8 might pass SCRATCH_LIMIT get a buffer of their
// own, so one huge body does not stay allocated for the life of the page.
const SCRATCH_LIMIT = 48 * 1024;
let scratch = new Uint8Array(4096);
let scratchBusy = false;

/**
 * Calls `use` with the UTF-8 bytes of `text`, written into a buffer that is reused and zeroed
 * as soon as `use` returns. For WebCrypto, which copies its input when called (WebCrypto §14:
 * "getting a copy of the bytes" is a synchronous step), this spares an ArrayBuffer allocation
 * per call, a measurable part of each stamp. `use` must not keep the bytes past returning.
 */
export function withUtf8<T>(text: string, use: (bytes: Uint8Array<ArrayBuffer>) => T): T {
  if (scratchBusy || text.length * 3 > SCRATCH_LIMIT) return use(encoder.encode(text));
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  scratchBusy = true;
  try {
    return use(scratch.subarray(0, written));
  } finally {
    scratch.fill(0, 0, written);
    scratchBusy = false;
  }
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** A copy backed by its own ArrayBuffer, as WebCrypto's BufferSource typing wants. */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}
