/** `targetPublicKey` of export activities: a P-256 public key in hex (uncompressed or compressed). */
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { decompressPublicKey } from '../../../src/crypto/p256.ts';
import { invalidRequest } from '../http/service-error.ts';

export function checkTargetPublicKey(value: unknown, where: string): string {
  try {
    if (typeof value !== 'string') throw new TypeError('not a string');
    return toHex(decompressPublicKey(fromHex(value)));
  } catch (error) {
    throw invalidRequest(`${where} must be a P-256 public key in hex.`, error);
  }
}
