/**
 * Import (docs/protocol.md §6): the service hands out a signed target (the enclave envelope with
 * data `{targetPublic, organizationId, userId}`), the client seals the key material to
 * `targetPublic` and sends `{"encappedPublic": hex, "ciphertext": hex}` as `encryptedBundle`.
 */
import { LatchError } from '../errors/latch-error.ts';
import { fromHex, toHex } from '../encoding/hex.ts';
import { decompressPublicKey } from '../crypto/p256.ts';
import { hpkeOpen, hpkeSeal } from './hpke-suite.ts';
import { parseJsonObject, readSealedFields, requireMatch, requireString, signEnvelope, verifyEnvelope, type EnvelopeSigner } from './enclave-envelope.ts';

export interface ImportTargetData {
  /** The enclave's ECDH target public key, compressed or uncompressed hex (sent uncompressed). */
  targetPublicKeyHex: string;
  organizationId: string;
  userId: string;
}

export interface EncryptToTargetOptions {
  organizationId: string;
  userId: string;
  /** Pinned enclave key, hex. Defaults to the hosted service's; the emulator has its own. */
  enclavePublicKey?: string;
}

function publicKeyBytes(hex: string, code: 'ERR_KEY_FORMAT' | 'ERR_BUNDLE_MALFORMED'): Uint8Array {
  try {
    return decompressPublicKey(fromHex(hex));
  } catch (error) {
    throw new LatchError(code, 'The import target is not a P-256 public key.', { cause: error });
  }
}

/** The service's side (used by the emulator): the signed import target. */
export async function createImportTarget(target: ImportTargetData, signer: EnvelopeSigner): Promise<string> {
  const targetPublic = toHex(publicKeyBytes(target.targetPublicKeyHex, 'ERR_KEY_FORMAT'));
  return signEnvelope({ targetPublic, organizationId: target.organizationId, userId: target.userId }, signer);
}

/**
 * Verifies the import target (signer, signature, organization, user) and seals `plaintext`
 * to it. Returns the `encryptedBundle` string for import_private_key / import_wallet.
 */
export async function encryptToTarget(plaintext: Uint8Array, importBundle: string, options: EncryptToTargetOptions): Promise<string> {
  const data = await verifyEnvelope(importBundle, options.enclavePublicKey);
  requireMatch(data, 'organizationId', options.organizationId);
  requireMatch(data, 'userId', options.userId);
  const targetPublic = publicKeyBytes(requireString(data, 'targetPublic'), 'ERR_BUNDLE_MALFORMED');
  const { enc, ciphertext } = await hpkeSeal(plaintext, targetPublic);
  return JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext) });
}

/** The service's side (used by the emulator): opens an `encryptedBundle` with the target pair. */
export async function decryptImportBundle(encryptedBundle: string, target: CryptoKeyPair): Promise<Uint8Array> {
  if (typeof encryptedBundle !== 'string') throw new LatchError('ERR_BUNDLE_MALFORMED', 'The encrypted bundle must be a JSON string.');
  return hpkeOpen(readSealedFields(parseJsonObject(encryptedBundle, 'encrypted bundle')), target);
}
