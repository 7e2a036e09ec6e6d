/**
 * AWS Nitro attestation documents: a COSE_Sign1 (RFC 9052) signed with ES384, whose payload is
 * a CBOR map (module_id, digest, timestamp, pcrs, certificate, cabundle, public_key,
 * user_data, nonce). Parsing checks shapes only; signatures are checked by the verifier.
 */
import { LatchError } from '../errors/latch-error.ts';
import { decodeCbor, encodeCbor } from './cbor.ts';
import type { CborMap, CborValue } from './cbor.ts';

export interface CoseSign1 {
  /** The protected header exactly as sent (a bstr holding a CBOR map). */
  protectedHeader: Uint8Array;
  payload: Uint8Array;
  /** Raw r||s, 96 bytes for ES384. */
  signature: Uint8Array;
}

export interface AttestationDocument {
  moduleId: string;
  digest: string;
  /** Milliseconds since the epoch, when the Nitro Secure Module signed. */
  timestamp: number;
  /** PCR index → 48-byte SHA-384 measurement. */
  pcrs: Map<number, Uint8Array>;
  /** The leaf certificate (DER). */
  certificate: Uint8Array;
  /** Root first, then intermediates (DER); the leaf's issuer is the last one. */
  cabundle: Uint8Array[];
  publicKey: Uint8Array;
  userData: Uint8Array;
  nonce: Uint8Array | null;
}

const COSE_ALG = 1;
const ES384 = -35;
/** CBOR tag 18 (COSE_Sign1) as its one-byte head. */
const COSE_SIGN1_TAG = 0xd2;

const invalid = (message: string): never => {
  throw new LatchError('ERR_PROOF_ATTESTATION_FORMAT', message);
};

const isBytes = (value: CborValue | undefined): value is Uint8Array => value instanceof Uint8Array;

/** COSE_Sign1 = [protected: bstr, unprotected: map, payload: bstr, signature: bstr], optionally tagged 18. */
export function parseCoseSign1(bytes: Uint8Array): CoseSign1 {
  const value = decodeCbor(bytes[0] === COSE_SIGN1_TAG ? bytes.subarray(1) : bytes);
  if (!Array.isArray(value) || value.length !== 4) return invalid('The attestation is not a COSE_Sign1 array.');
  const [protectedHeader, unprotected, payload, signature] = value;
  if (!isBytes(protectedHeader) || !(unprotected instanceof Map) || !isBytes(payload) || !isBytes(signature)) {
    return invalid('The COSE_Sign1 fields have the wrong types.');
  }
  const header = decodeCbor(protectedHeader);
  if (!(header instanceof Map) || header.get(COSE_ALG) !== ES384) return invalid('The attestation is not signed with ES384.');
  if (signature.length !== 96) return invalid('An ES384 signature is 96 bytes.');
  return { protectedHeader, payload, signature };
}

/** Sig_structure = ["Signature1", protected, external_aad = h'', payload] (RFC 9052 §4.4). */
export function coseSigStructure(cose: CoseSign1): Uint8Array {
  return encodeCbor(['Signature1', cose.protectedHeader, new Uint8Array(0), cose.payload]);
}

function field(map: CborMap, name: string): CborValue {
  const value = map.get(name);
  return value === undefined ? invalid('The attestation document lacks a required field.') : value;
}

function bytesField(map: CborMap, name: string, min: number, max: number): Uint8Array {
  const value = field(map, name);
  if (!isBytes(value) || value.length < min || value.length > max) return invalid('An attestation document field has the wrong type or size.');
  return value;
}

/** Parses the payload; AWS's shapes (its attestation document specification), a 48-byte PCR per index 0..15. */
export function parseAttestationDocument(payload: Uint8Array): AttestationDocument {
  const map = decodeCbor(payload);
  if (!(map instanceof Map)) return invalid('The attestation payload is not a CBOR map.');
  const moduleId = field(map, 'module_id');
  const digest = field(map, 'digest');
  const timestamp = field(map, 'timestamp');
  const pcrMap = field(map, 'pcrs');
  const cabundle = field(map, 'cabundle');
  const nonce = map.get('nonce') ?? null;
  if (typeof moduleId !== 'string' || moduleId === '' || digest !== 'SHA384') return invalid('The attestation document names no module or a digest other than SHA384.');
  if (typeof timestamp !== 'number' || timestamp <= 0) return invalid('The attestation timestamp is not a positive integer.');
  if (!(pcrMap instanceof Map) || pcrMap.size < 16 || pcrMap.size > 32) return invalid('The attestation document has no PCRs 0 to 15.');
  const pcrs = new Map<number, Uint8Array>();
  for (const [index, value] of pcrMap) {
    if (typeof index !== 'number' || index > 31 || !isBytes(value) || value.length !== 48) return invalid('A PCR is not a 48-byte SHA-384 value.');
    pcrs.set(index, value);
  }
  for (let i = 0; i < 16; i++) if (!pcrs.has(i)) invalid('The attestation document has no PCRs 0 to 15.');
  if (!Array.isArray(cabundle) || cabundle.length === 0 || !cabundle.every((c) => isBytes(c) && c.length > 0 && c.length <= 1024)) {
    return invalid('The attestation cabundle is not a list of certificates.');
  }
  if (nonce !== null && (!isBytes(nonce) || nonce.length > 512)) return invalid('The attestation nonce is not a byte string.');
  return {
    moduleId,
    digest,
    timestamp,
    pcrs,
    certificate: bytesField(map, 'certificate', 1, 1024),
    cabundle: cabundle as Uint8Array[],
    publicKey: bytesField(map, 'public_key', 1, 1024),
    userData: bytesField(map, 'user_data', 32, 32),
    nonce,
  };
}
