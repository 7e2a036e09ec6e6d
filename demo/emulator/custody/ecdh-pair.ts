/** P-256 ECDH pairs from a stored scalar (import targets), for the core's HPKE functions. */
import { p256 } from '@noble/curves/nist.js';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { subtle } from '../../../src/crypto/webcrypto.ts';

export function newEcdhScalar(): { scalarHex: string; publicKeyHex: string } {
  const scalar = p256.utils.randomSecretKey();
  return { scalarHex: toHex(scalar), publicKeyHex: toHex(p256.getPublicKey(scalar, false)) };
}

export async function ecdhPair(scalarHex: string): Promise<CryptoKeyPair> {
  const scalar = fromHex(scalarHex);
  const point = p256.getPublicKey(scalar, false);
  const jwk = { kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)) };
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' } as const;
  return {
    privateKey: await subtle().importKey('jwk', { ...jwk, d: toBase64Url(scalar) }, algorithm, false, ['deriveBits']),
    publicKey: await subtle().importKey('jwk', jwk, algorithm, true, []),
  };
}
