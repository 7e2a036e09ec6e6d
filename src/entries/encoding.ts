/**
 * `latchkey/encoding`: hex, base64url, base58check, P-256 point compression and DER ⇄ raw r‖s.
 * No kit and nothing loaded lazily: what a page imports from here is all it pays for.
 */
export { toHex, fromHex } from '../encoding/hex.ts';
export { toBase64Url, fromBase64Url } from '../encoding/base64url.ts';
export { toBase58Check, fromBase58Check } from '../encoding/base58check.ts';
export { compressPublicKey, decompressPublicKey, toCompressedHex } from '../crypto/p256.ts';
export { derToRaw, rawToDer, rawToDerHex } from '../crypto/der.ts';
