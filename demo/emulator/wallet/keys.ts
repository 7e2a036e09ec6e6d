/**
 * Raw key checks and conversions per curve. Public keys travel compressed (33-byte SEC1 for
 * secp256k1 and P-256, as the service shows them) or as the 32-byte Ed25519 point.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Curve, assertCurve } from './wallet-enums.ts';
import { WalletError } from './wallet-error.ts';

function weierstrass(curve: Curve) {
  return curve === Curve.P256 ? p256 : secp256k1;
}

/** Throws PRIVATE_KEY_INVALID unless `privateKey` is a usable 32-byte secret on `curve`. */
export function assertPrivateKey(curve: Curve, privateKey: Uint8Array): void {
  const checkedCurve = assertCurve(curve);
  if (!(privateKey instanceof Uint8Array) || privateKey.length !== 32) {
    throw new WalletError('PRIVATE_KEY_INVALID', 'A private key is 32 bytes.');
  }
  // Any 32 bytes seed an Ed25519 key; ECDSA scalars must lie in [1, n - 1].
  if (checkedCurve !== Curve.ED25519 && !weierstrass(checkedCurve).utils.isValidSecretKey(privateKey)) {
    throw new WalletError('PRIVATE_KEY_INVALID', 'The private key is not a valid scalar of the curve.');
  }
}

/** The public key of a private key: compressed for secp256k1 / P-256, 32 bytes for Ed25519. */
export function publicKeyFromPrivateKey(curve: Curve, privateKey: Uint8Array): Uint8Array {
  assertPrivateKey(curve, privateKey);
  return curve === Curve.ED25519 ? ed25519.getPublicKey(privateKey) : weierstrass(curve).getPublicKey(privateKey, true);
}

/**
 * Checks a public key and returns it in the canonical form above. ECDSA curves accept
 * compressed or uncompressed SEC1 points; Ed25519 takes its 32-byte encoding.
 */
export function normalizePublicKey(curve: Curve, publicKey: Uint8Array): Uint8Array {
  const checkedCurve = assertCurve(curve);
  if (!(publicKey instanceof Uint8Array)) throw new WalletError('PUBLIC_KEY_INVALID', 'The public key must be bytes.');
  try {
    if (checkedCurve === Curve.ED25519) {
      if (publicKey.length !== 32) throw new RangeError('length');
      ed25519.Point.fromBytes(publicKey);
      return publicKey.slice();
    }
    return weierstrass(checkedCurve).Point.fromBytes(publicKey).toBytes(true);
  } catch (cause) {
    throw new WalletError('PUBLIC_KEY_INVALID', 'The public key is not a point of the curve.', { cause });
  }
}

/** The 65-byte uncompressed SEC1 form (0x04 || x || y) of a secp256k1 or P-256 public key. */
export function uncompressedPublicKey(curve: Curve, publicKey: Uint8Array): Uint8Array {
  if (curve === Curve.ED25519) {
    throw new WalletError('CURVE_MISMATCH', 'Ed25519 public keys have no uncompressed form.');
  }
  const normalized = normalizePublicKey(curve, publicKey);
  return weierstrass(curve).Point.fromBytes(normalized).toBytes(false);
}
