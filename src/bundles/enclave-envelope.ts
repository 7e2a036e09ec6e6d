/**
 * The signed envelope the enclave wraps export bundles and import targets in (docs/protocol.md §6):
 * `{version: "v1.0.0", data: <hex of JSON>, dataSignature: <hex DER ECDSA-SHA256 over the raw
 * data bytes>, enclaveQuorumPublic: <hex uncompressed>}`. One module for both directions so
 * export and import check exactly the same things.
 */
import { LatchError } from '../errors/latch-error.ts';
import { fromHex, toHex } from '../encoding/hex.ts';
import { bytesEqual, utf8Decode, utf8Encode } from '../encoding/utf8.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { derToRaw, rawToDerHex } from '../crypto/der.ts';
import { decompressPublicKey } from '../crypto/p256.ts';
import { assertDevelopmentTrust } from '../crypto/development-trust.ts';
import type { HpkeSealed } from './hpke-suite.ts';

export const ENVELOPE_VERSION = 'v1.0.0';

/** The production enclave quorum key that signs hosted export bundles and import targets. */
export const HOSTED_ENCLAVE_PUBLIC_KEY =
  '04cf288fe433cc4e1aa0ce1632feac4ea26bf2f5a09dcfe5a42c398e06898710330f0572882f4dbdf0f5304b8fc8703acd69adca9a4bbf7f5d00d20a5e364b2569';

export interface EnvelopeSigner {
  /** ECDSA P-256 private key with the `sign` usage. */
  privateKey: CryptoKey;
  /** The matching public key, uncompressed hex. */
  publicKeyHex: string;
}

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

const malformed = (message: string, cause?: unknown): LatchError => new LatchError('ERR_BUNDLE_MALFORMED', message, cause === undefined ? {} : { cause });

/** Parses a JSON object, anything else being ERR_BUNDLE_MALFORMED. */
export function parseJsonObject(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw malformed(`The ${what} is not JSON.`, error);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw malformed(`The ${what} is not a JSON object.`);
  return value as Record<string, unknown>;
}

/** Reads a required string field, or throws ERR_BUNDLE_MALFORMED. */
export function requireString(object: Record<string, unknown>, field: string): string {
  const value = object[field];
  if (typeof value !== 'string' || value.length === 0) throw malformed(`The bundle lacks the string field ${field}.`);
  return value;
}

/** Hex → bytes, a decoding failure being a malformed bundle. */
function bundleHex(hex: string, field: string): Uint8Array {
  try {
    return fromHex(hex);
  } catch (error) {
    throw malformed(`The bundle field ${field} is not hex.`, error);
  }
}

/** A configured enclave key (compressed or uncompressed hex) → 65 bytes; bad input is a setup error. */
function uncompressedKey(hex: string): Uint8Array {
  try {
    return decompressPublicKey(fromHex(hex));
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The enclave public key is not a P-256 public key.', { cause: error });
  }
}

/** Signs `data` (serialized as JSON) into an envelope string. The emulator's side. */
export async function signEnvelope(data: Record<string, unknown>, signer: EnvelopeSigner): Promise<string> {
  const dataBytes = utf8Encode(JSON.stringify(data));
  const enclaveQuorumPublic = toHex(uncompressedKey(signer.publicKeyHex));
  let signature: Uint8Array;
  try {
    signature = new Uint8Array(await subtle().sign(ECDSA_SHA256, signer.privateKey, dataBytes.slice()));
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The enclave signer must be an ECDSA P-256 private key.', { cause: error });
  }
  return JSON.stringify({ version: ENVELOPE_VERSION, data: toHex(dataBytes), dataSignature: rawToDerHex(signature), enclaveQuorumPublic });
}

/**
 * Checks an envelope in this order: shape, version, signer == pinned key, signature over
 * the raw data bytes (high-S accepted, as WebCrypto does), then returns the parsed `data`.
 * The caller checks the organization (and user) inside it.
 */
export async function verifyEnvelope(envelope: string, enclavePublicKey: string = HOSTED_ENCLAVE_PUBLIC_KEY): Promise<Record<string, unknown>> {
  if (typeof envelope !== 'string') throw malformed('The bundle must be a JSON string.');
  const outer = parseJsonObject(envelope, 'bundle');
  if (outer.version !== ENVELOPE_VERSION) {
    throw new LatchError('ERR_BUNDLE_VERSION', 'The bundle version is not supported.');
  }
  const dataHex = requireString(outer, 'data');
  const signatureHex = requireString(outer, 'dataSignature');
  const signerHex = requireString(outer, 'enclaveQuorumPublic');

  const pinned = uncompressedKey(enclavePublicKey);
  if (!bytesEqual(pinned, fromHex(HOSTED_ENCLAVE_PUBLIC_KEY))) assertDevelopmentTrust('An enclave key');
  let signer: Uint8Array;
  try {
    signer = fromHex(signerHex);
  } catch (error) {
    throw new LatchError('ERR_BUNDLE_SIGNER', 'The bundle is not signed by the expected enclave key.', { cause: error });
  }
  // Exact bytes: the envelope carries the uncompressed form, so that is what must match.
  if (!bytesEqual(signer, pinned)) {
    throw new LatchError('ERR_BUNDLE_SIGNER', 'The bundle is not signed by the expected enclave key.');
  }

  const data = bundleHex(dataHex, 'data');
  let valid = false;
  try {
    const raw = derToRaw(fromHex(signatureHex));
    const key = await subtle().importKey('raw', pinned.slice(), ECDSA, false, ['verify']);
    valid = await subtle().verify(ECDSA_SHA256, key, raw.slice(), data.slice());
  } catch (error) {
    throw new LatchError('ERR_BUNDLE_SIGNATURE', 'The bundle signature is invalid.', { cause: error });
  }
  if (!valid) throw new LatchError('ERR_BUNDLE_SIGNATURE', 'The bundle signature is invalid.');

  let text: string;
  try {
    text = utf8Decode(data);
  } catch (error) {
    throw malformed('The bundle data is not UTF-8.', error);
  }
  return parseJsonObject(text, 'bundle data');
}

/** `{encappedPublic, ciphertext}` (hex) as carried by export data and import bundles. */
export function readSealedFields(object: Record<string, unknown>): HpkeSealed {
  const enc = bundleHex(requireString(object, 'encappedPublic'), 'encappedPublic');
  const ciphertext = bundleHex(requireString(object, 'ciphertext'), 'ciphertext');
  if (enc.length !== 65 || enc[0] !== 0x04) throw malformed('The bundle encappedPublic is not an uncompressed P-256 key.');
  return { enc, ciphertext };
}

/** Throws ERR_BUNDLE_ORGANIZATION unless `data[field]` equals `expected` exactly. */
export function requireMatch(data: Record<string, unknown>, field: 'organizationId' | 'userId', expected: string): void {
  if (typeof expected !== 'string' || expected.length === 0 || data[field] !== expected) {
    const what = field === 'userId' ? 'user' : 'organization';
    throw new LatchError('ERR_BUNDLE_ORGANIZATION', `The bundle was made for another ${what}.`);
  }
}
