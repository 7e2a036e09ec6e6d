/** Standard base64 (RFC 4648 §4, `+/`, padding optional), as boot proofs carry their blobs. */
import { LatchError } from '../errors/latch-error.ts';
import type { LatchErrorCode } from '../errors/latch-error.ts';

/** Decodes strictly; anything else is a LatchError with `code` (the check the blob belongs to). */
export function fromBase64(text: unknown, code: LatchErrorCode): Uint8Array {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1 || (text.includes('=') && text.length % 4 !== 0)) {
    throw new LatchError(code, 'Expected a standard base64 string.');
  }
  const binary = atob(text.replace(/=+$/, ''));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
