/**
 * Credential bundles (docs/protocol.md §6): what otp_auth, oauth and create_read_write_session
 * return. base58check(33-byte compressed enc || ciphertext); the plaintext is the raw
 * 32-byte P-256 private key of a new API key, which becomes a NON-extractable ECDSA key.
 */
import { LatchError } from '../errors/latch-error.ts';
import { fromHex, toHex } from '../encoding/hex.ts';
import { fromBase64Url, toBase64Url } from '../encoding/base64url.ts';
import { fromBase58Check, toBase58Check } from '../encoding/base58check.ts';
import { concatBytes, toArrayBuffer } from '../encoding/utf8.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { compressPublicKey } from '../crypto/p256.ts';
import type { KeyMetadata, KeyStore, StoredKey } from '../keys/key-store.ts';
import { hpkeOpen, hpkeSeal } from './hpke-suite.ts';

const ENC_LENGTH = 33;
const KEY_LENGTH = 32;
const TAG_LENGTH = 16;

export interface DecryptCredentialOptions {
  /** When given, the imported pair is stored with `store.put(keyPair, metadata)`. */
  store?: KeyStore;
  metadata?: KeyMetadata;
  /** Also return the raw private key bytes (otherwise they are zeroed). For tests and export. */
  returnRawKey?: boolean;
}

export interface DecryptedCredential {
  /** Compressed public key of the API key, lowercase hex: its id. */
  publicKeyHex: string;
  /** ECDSA P-256; the private key is non-extractable. */
  keyPair: CryptoKeyPair;
  storedKey?: StoredKey;
  rawPrivateKey?: Uint8Array;
}

// PKCS #8 wrapping of a bare RFC 5915 ECPrivateKey on P-256 with no public key in it: WebCrypto
// derives the public point natively, which is several times faster than doing it in JavaScript.
const PKCS8_P256_PREFIX = fromHex('3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420');

/** The public point (as JWK x, y) of a raw private key, derived by WebCrypto from a bare PKCS #8 key. */
async function publicPointFromPkcs8(raw: Uint8Array, algorithm: EcKeyImportParams): Promise<JsonWebKey> {
  const pkcs8 = concatBytes(PKCS8_P256_PREFIX, raw);
  try {
    // Only to read the public point: this short-lived extractable copy holds nothing the page
    // does not already hold (the decrypted bytes), and is dropped at once.
    const probe = await subtle().importKey('pkcs8', toArrayBuffer(pkcs8), algorithm, true, ['sign']);
    return await subtle().exportKey('jwk', probe);
  } finally {
    pkcs8.fill(0);
  }
}

/** The same JWK with the point computed in JavaScript: for Firefox, which refuses a PKCS #8 key without its point. */
async function publicPointInScript(raw: Uint8Array): Promise<JsonWebKey> {
  const { p256PublicKey } = await import('../crypto/p256-public-key.ts');
  const point = p256PublicKey(raw);
  return { kty: 'EC', crv: 'P-256', d: toBase64Url(raw), x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)) };
}

/** Imports a raw P-256 private key as a non-extractable ECDSA pair (public key extractable). */
async function importSigningKey(raw: Uint8Array): Promise<{ keyPair: CryptoKeyPair; publicKey: Uint8Array }> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  let jwk: JsonWebKey;
  try {
    try {
      jwk = await publicPointFromPkcs8(raw, algorithm);
    } catch {
      // Firefox refuses the format itself; a scalar out of range is refused by both paths.
      jwk = await publicPointInScript(raw);
    }
    if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string') throw new Error('no public point');
  } catch (error) {
    throw new LatchError('ERR_BUNDLE_MALFORMED', 'The bundle does not hold a valid P-256 private key.', { cause: error });
  }
  const { x, y } = jwk as { x: string; y: string };
  try {
    // The JWK, which now carries the public point, imports faster than the bare PKCS #8 again:
    // WebCrypto checks the point against the scalar instead of deriving it a second time. The
    // two halves do not depend on each other, so WebCrypto gets both at once.
    const [privateKey, publicCryptoKey] = await Promise.all([
      subtle().importKey('jwk', { ...jwk, ext: false, key_ops: ['sign'] }, algorithm, false, ['sign']),
      subtle().importKey('jwk', { kty: 'EC', crv: 'P-256', x, y, ext: true }, algorithm, true, ['verify']),
    ]);
    const publicKey = concatBytes(Uint8Array.of(0x04), fromBase64Url(x), fromBase64Url(y));
    return { keyPair: { privateKey, publicKey: publicCryptoKey }, publicKey };
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The decrypted key could not be imported.', { cause: error });
  }
}

/**
 * Decrypts a credential bundle with the ECDH target pair whose public key was sent as
 * `targetPublicKey`, and imports the API key it carries.
 */
export async function decryptCredentialBundle(bundle: string, target: CryptoKeyPair, options: DecryptCredentialOptions = {}): Promise<DecryptedCredential> {
  if (typeof bundle !== 'string' || bundle.length === 0) {
    throw new LatchError('ERR_BUNDLE_MALFORMED', 'The credential bundle must be a non-empty string.');
  }
  const bytes = fromBase58Check(bundle); // ERR_ENCODING_BASE58 / ERR_ENCODING_CHECKSUM
  if (bytes.length !== ENC_LENGTH + KEY_LENGTH + TAG_LENGTH || (bytes[0] !== 0x02 && bytes[0] !== 0x03)) {
    throw new LatchError('ERR_BUNDLE_MALFORMED', 'The credential bundle has the wrong length or shape.');
  }
  // The enc stays compressed: the suite has WebCrypto uncompress it where it can (an x that is
  // not on the curve, an altered enc, is ERR_BUNDLE_DECRYPT there like any failure to open).
  const raw = await hpkeOpen({ enc: bytes.subarray(0, ENC_LENGTH), ciphertext: bytes.subarray(ENC_LENGTH) }, target, 'compressed');
  try {
    // raw is 32 bytes: the length check above leaves 48 bytes of AES-256-GCM, 32 of them plaintext.
    const { keyPair, publicKey } = await importSigningKey(raw);
    const result: DecryptedCredential = { publicKeyHex: toHex(compressPublicKey(publicKey)), keyPair };
    if (options.returnRawKey) result.rawPrivateKey = raw.slice();
    if (options.store) result.storedKey = await options.store.put(keyPair, options.metadata);
    return result;
  } finally {
    raw.fill(0);
  }
}

/**
 * The service's side (used by the emulator): seals a 32-byte private key to a target
 * public key given in compressed or uncompressed hex.
 */
export async function encryptCredentialBundle(privateKey: Uint8Array, targetPublicKeyHex: string): Promise<string> {
  if (!(privateKey instanceof Uint8Array) || privateKey.length !== KEY_LENGTH) {
    throw new LatchError('ERR_KEY_FORMAT', 'A credential bundle carries a 32-byte private key.');
  }
  let target: Uint8Array;
  try {
    target = fromHex(targetPublicKeyHex);
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The target public key must be hex.', { cause: error });
  }
  const { enc, ciphertext } = await hpkeSeal(privateKey, target);
  return toBase58Check(concatBytes(compressPublicKey(enc), ciphertext));
}
