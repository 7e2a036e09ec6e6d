/** A P-256 signing key from a vector's raw private key hex (the public key comes with the vector). */
import { fromHex } from '../../../src/encoding/hex.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { decompressPublicKey } from '../../../src/crypto/p256.ts';
import type { TestKey } from './emulator-fixture.ts';

export async function importVectorKey(privateKeyHex: string, publicKeyCompressedHex: string): Promise<TestKey> {
  const point = decompressPublicKey(fromHex(publicKeyCompressedHex));
  const jwk = { kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)) };
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  return {
    id: publicKeyCompressedHex,
    privateKey: await crypto.subtle.importKey('jwk', { ...jwk, d: toBase64Url(fromHex(privateKeyHex)) }, algorithm, false, ['sign']),
    publicKey: await crypto.subtle.importKey('jwk', jwk, algorithm, true, ['verify']),
  };
}
