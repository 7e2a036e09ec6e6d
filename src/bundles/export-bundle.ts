/**
 * Export bundles (docs/protocol.md §6), results of export_private_key and export_wallet: a signed
 * enclave envelope whose data is `{encappedPublic, ciphertext, organizationId}`, sealed to
 * the caller's target key. Plaintext: a UTF-8 mnemonic or 32 raw private key bytes.
 */
import { LatchError } from '../errors/latch-error.ts';
import { fromHex, toHex } from '../encoding/hex.ts';
import { utf8Decode } from '../encoding/utf8.ts';
import { hpkeOpen, hpkeSeal } from './hpke-suite.ts';
import { readSealedFields, requireMatch, signEnvelope, verifyEnvelope, type EnvelopeSigner } from './enclave-envelope.ts';

export { HOSTED_ENCLAVE_PUBLIC_KEY } from './enclave-envelope.ts';
export type { EnvelopeSigner } from './enclave-envelope.ts';

export interface DecryptExportOptions {
  /** The ECDH pair whose public key was sent as `targetPublicKey`. */
  target: CryptoKeyPair;
  /** The organization the export was requested in; the bundle must name the same one. */
  organizationId: string;
  /** Pinned enclave key, hex. Defaults to the hosted service's; the emulator has its own. */
  enclavePublicKey?: string;
}

/** Verifies and decrypts an export bundle; returns the plaintext bytes (caller zeroes them). */
export async function decryptExportBundle(exportBundle: string, options: DecryptExportOptions): Promise<Uint8Array> {
  const data = await verifyEnvelope(exportBundle, options.enclavePublicKey);
  requireMatch(data, 'organizationId', options.organizationId);
  return hpkeOpen(readSealedFields(data), options.target);
}

/** The plaintext of export_wallet: the mnemonic, UTF-8. */
export function decodeExportedMnemonic(bytes: Uint8Array): string {
  try {
    return utf8Decode(bytes);
  } catch (error) {
    throw new LatchError('ERR_BUNDLE_MALFORMED', 'The exported wallet is not a UTF-8 mnemonic.', { cause: error });
  }
}

/** The plaintext of export_private_key: raw key bytes, shown as lowercase hex. */
export function decodeExportedPrivateKey(bytes: Uint8Array): string {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) {
    throw new LatchError('ERR_BUNDLE_MALFORMED', 'The exported private key is empty.');
  }
  return toHex(bytes);
}

/** The service's side (used by the emulator): seals `plaintext` and signs the envelope. */
export async function createExportBundle(plaintext: Uint8Array, targetPublicKeyHex: string, signer: EnvelopeSigner, organizationId: string): Promise<string> {
  let target: Uint8Array;
  try {
    target = fromHex(targetPublicKeyHex);
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The target public key must be hex.', { cause: error });
  }
  const { enc, ciphertext } = await hpkeSeal(plaintext, target);
  return signEnvelope({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext), organizationId }, signer);
}
