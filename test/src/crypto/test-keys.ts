// WebCrypto keys for tests: the published fixture keys (imported from hex) and fresh ones.
import { p256 } from '@noble/curves/nist.js';
import { compressPublicKey } from '../../../src/crypto/p256.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';

export interface TestKey {
  id: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** 65-byte uncompressed public key. */
  publicKeyBytes: Uint8Array;
}

/** Imports a raw 32-byte private key (hex) as a non-extractable WebCrypto ECDSA P-256 pair. */
export async function importPrivateKeyHex(privateKeyHex: string, algorithm: 'ECDSA' | 'ECDH' = 'ECDSA'): Promise<TestKey> {
  const d = fromHex(privateKeyHex);
  const publicKeyBytes = p256.getPublicKey(d, false);
  const jwk: JsonWebKey = {
    kty: 'EC',
    crv: 'P-256',
    d: toBase64Url(d),
    x: toBase64Url(publicKeyBytes.subarray(1, 33)),
    y: toBase64Url(publicKeyBytes.subarray(33)),
  };
  const usages: KeyUsage[] = algorithm === 'ECDSA' ? ['sign'] : ['deriveBits'];
  const privateKey = await crypto.subtle.importKey('jwk', jwk, { name: algorithm, namedCurve: 'P-256' }, false, usages);
  const { d: _d, ...publicJwk } = jwk;
  const publicKey = await crypto.subtle.importKey('jwk', publicJwk, { name: algorithm, namedCurve: 'P-256' }, true, algorithm === 'ECDSA' ? ['verify'] : []);
  return { id: toHex(compressPublicKey(publicKeyBytes)), privateKey, publicKey, publicKeyBytes };
}

/** A fresh non-extractable ECDSA P-256 key, shaped like a StoredKey's signing parts. */
export async function generateTestKey(): Promise<TestKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const publicKeyBytes = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { id: toHex(compressPublicKey(publicKeyBytes)), privateKey: pair.privateKey, publicKey: pair.publicKey, publicKeyBytes };
}
