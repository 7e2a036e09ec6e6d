/**
 * The emulator's P-256 signing keys: a raw scalar (hex, what the data file keeps) turned into
 * a WebCrypto signing key. WebCrypto cannot derive a public point from a scalar, so the point
 * comes from @noble/curves (the emulator may use it; the kit's signing path may not).
 */
import { p256 } from '@noble/curves/nist.js';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { subtle } from '../../../src/crypto/webcrypto.ts';

export interface P256Signer {
  privateKey: CryptoKey;
  /** 65-byte uncompressed public key, hex. */
  publicKeyHex: string;
  /** 33-byte compressed public key, hex: the key's id on the wire. */
  compressedHex: string;
  /** The private scalar, hex (kept in the data file). */
  scalarHex: string;
  /** Public JWK (kty, crv, x, y). */
  publicJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
}

export function newP256Scalar(): string {
  return toHex(p256.utils.randomSecretKey());
}

export async function p256Signer(scalarHex: string): Promise<P256Signer> {
  const scalar = fromHex(scalarHex);
  const point = p256.getPublicKey(scalar, false);
  const publicJwk = { kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)) } as const;
  const privateKey = await subtle().importKey(
    'jwk',
    { ...publicJwk, d: toBase64Url(scalar), ext: false },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  return {
    privateKey,
    publicKeyHex: toHex(point),
    compressedHex: toHex(p256.getPublicKey(scalar, true)),
    scalarHex,
    publicJwk,
  };
}

/** ECDSA P-256 SHA-256, raw r||s (WebCrypto's format). */
export async function signRaw(signer: P256Signer, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().sign({ name: 'ECDSA', hash: 'SHA-256' }, signer.privateKey, data.slice()));
}
