// The production App Proof vector and helpers to tamper with it byte by byte.
import { loadVector } from '../crypto/vectors.ts';
import { fromBase64 } from '../../../src/proofs/base64.ts';
import type { AppProof, BootProof } from '../../../src/proofs/proof-types.ts';

export interface AppProofVector {
  awsNitroRootSha256: string;
  appProof: AppProof;
  bootProof: BootProof;
}

export const loadAppProofVector = (): Promise<AppProofVector> => loadVector<AppProofVector>('app-proof-1.json');

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export const decodeB64 = (text: string): Uint8Array => fromBase64(text, 'ERR_INPUT_INVALID');

/** A copy of `bytes` with the byte at `offset` XORed with `mask`. */
export function flip(bytes: Uint8Array, offset: number, mask = 0x01): Uint8Array {
  const out = bytes.slice();
  out[offset] = out[offset]! ^ mask;
  return out;
}

/** Where `needle` first occurs in `haystack` (throws when absent, so a test cannot pass vacuously). */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  throw new Error('needle not found');
}

export const withAttestation = (boot: BootProof, bytes: Uint8Array): BootProof => ({ ...boot, awsAttestationDocB64: toBase64(bytes) });
