import { LatchError } from '../errors/latch-error.ts';

/** WebCrypto's SubtleCrypto, present in secure browser contexts and in Node 20+. */
export function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) {
    throw new LatchError('ERR_CRYPTO_UNAVAILABLE', 'WebCrypto is unavailable: serve the page over HTTPS or from localhost.');
  }
  return s;
}

export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

export async function sha256(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await subtle().digest('SHA-256', data.slice()));
}
