// A whole App Proof world made in the test, so that each field of the attestation, of its
// certificates and of the App Proof can be changed and signed again: a P-384 root, an
// intermediate and a leaf (real X.509 DER, signed by @noble/curves), a COSE_Sign1 ES384
// attestation, a QOS manifest and a P-256 App Proof. The production vector cannot be
// re-signed; this can, so each refusal below is the check under test and not a broken
// signature. Node's own X.509 parser (OpenSSL) is the outside check that these certificates
// are what they claim (synthetic-proof.node.test.ts).
import { p256, p384 } from '@noble/curves/nist.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { bitString, boolean, explicit, integer, octetString, oid, sequence, set, time, utf8String } from '../../../demo/emulator/proofs/der-writer.ts';
import { encodeQosManifest } from '../../../demo/emulator/proofs/qos-manifest-writer.ts';
import { encodeCbor } from '../../../src/proofs/cbor.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';
import type { CborMap, CborValue } from '../../../src/proofs/cbor.ts';
import type { AppProof, BootProof } from '../../../src/proofs/proof-types.ts';

export type Curve = 'P-256' | 'P-384';
export type Hash = 'SHA-256' | 'SHA-384' | 'SHA-512';

export interface KeyPair {
  curve: Curve;
  secretKey: Uint8Array;
  /** Uncompressed point. */
  publicKey: Uint8Array;
}

const LIB = { 'P-256': p256, 'P-384': p384 } as const;
export const OID = {
  'ecdsa-with-SHA256': '2a8648ce3d040302',
  'ecdsa-with-SHA384': '2a8648ce3d040303',
  'ecdsa-with-SHA512': '2a8648ce3d040304',
  ecPublicKey: '2a8648ce3d0201',
  'P-256': '2a8648ce3d030107',
  'P-384': '2b81040022',
  secp256k1: '2b8104000a',
  basicConstraints: '551d13',
  keyUsage: '551d0f',
  commonName: '550403',
} as const;
const HASH = { 'SHA-256': sha256, 'SHA-384': sha384, 'SHA-512': sha512 } as const;

/** A key from a label, the same on every run. */
export function keyPair(curve: Curve, label: string): KeyPair {
  // noble takes a seed of the order's size plus 16 bytes (48 for P-256, 72 for P-384).
  const seed = concatBytes(sha512(utf8Encode(`latchkey synthetic proof ${label}`)), sha512(utf8Encode(label))).slice(0, curve === 'P-256' ? 48 : 72);
  const secretKey = LIB[curve].utils.randomSecretKey(seed);
  return { curve, secretKey, publicKey: LIB[curve].getPublicKey(secretKey, false) };
}

/** ECDSA over `hash(message)` with `key`, DER or raw r||s. */
export function signWith(key: KeyPair, hash: Hash, message: Uint8Array, format: 'der' | 'compact'): Uint8Array {
  return LIB[key.curve].sign(HASH[hash](message), key.secretKey, { prehash: false, format });
}

export const name = (commonName: string): Uint8Array => sequence(set(sequence(oid(OID.commonName), utf8String(commonName))));

export const basicConstraints = (ca: boolean | 'omitted'): Uint8Array =>
  sequence(oid(OID.basicConstraints), boolean(true), octetString(ca === 'omitted' ? sequence() : sequence(boolean(ca))));

export interface CertSpec {
  subject: string;
  issuer: string;
  key: KeyPair;
  signer: KeyPair;
  notBefore: number;
  notAfter: number;
  /** The basicConstraints cA flag; null leaves the extension out (and the [3] extensions with it). */
  ca: boolean | 'omitted' | null;
  hash?: Hash;
  /** Extra extensions written before basicConstraints. */
  extensionsBefore?: Uint8Array[];
  /** Replaces the signature algorithm inside and outside tbsCertificate. */
  algorithm?: Uint8Array;
  /** Replaces the signature algorithm outside tbsCertificate (inside stays the signed one). */
  outerAlgorithm?: Uint8Array;
  /** Replaces the signatureValue BIT STRING. */
  signatureValue?: Uint8Array;
  /** Replaces the SubjectPublicKeyInfo. */
  spki?: Uint8Array;
  /** Leaves out the [0] version (an X.509 v1 layout). */
  noVersion?: boolean;
  /** Replaces the Validity SEQUENCE. */
  validity?: Uint8Array;
  /** tbsCertificate fields written before the [3] extensions (issuerUniqueID and the like). */
  beforeExtensions?: Uint8Array[];
  /** Replaces the whole basicConstraints extension. */
  basicConstraints?: Uint8Array;
}

const SIGNATURE_OID = { 'SHA-256': OID['ecdsa-with-SHA256'], 'SHA-384': OID['ecdsa-with-SHA384'], 'SHA-512': OID['ecdsa-with-SHA512'] } as const;
export const algorithmOf = (hash: Hash): Uint8Array => sequence(oid(SIGNATURE_OID[hash]));
export const spkiOf = (key: KeyPair): Uint8Array => sequence(sequence(oid(OID.ecPublicKey), oid(OID[key.curve])), bitString(key.publicKey));

/** tbsCertificate and the certificate around it. */
export function certificate(spec: CertSpec): { der: Uint8Array; tbs: Uint8Array } {
  const hash = spec.hash ?? (spec.signer.curve === 'P-384' ? 'SHA-384' : 'SHA-256');
  const algorithm = spec.algorithm ?? algorithmOf(hash);
  const serial = sha256(utf8Encode(`${spec.subject} ${spec.notBefore}`)).slice(0, 12);
  serial[0] = serial[0]! & 0x7f;
  const extensions = [...(spec.extensionsBefore ?? []), ...(spec.basicConstraints ? [spec.basicConstraints] : spec.ca === null ? [] : [basicConstraints(spec.ca)])];
  const tbs = sequence(
    ...(spec.noVersion ? [] : [explicit(0, integer(Uint8Array.of(2)))]),
    integer(serial),
    algorithm,
    name(spec.issuer),
    spec.validity ?? sequence(time(spec.notBefore), time(spec.notAfter)),
    name(spec.subject),
    spec.spki ?? spkiOf(spec.key),
    ...(spec.beforeExtensions ?? []),
    ...(extensions.length > 0 ? [explicit(3, sequence(...extensions))] : []),
  );
  const signatureValue = spec.signatureValue ?? bitString(signWith(spec.signer, hash, tbs, 'der'));
  return { der: sequence(tbs, spec.outerAlgorithm ?? algorithm, signatureValue), tbs };
}

/** The proof's time, and validity periods around it. */
export const PROOF_TIME = Date.UTC(2025, 8, 16, 21, 39, 23, 571);
export const CA_VALIDITY = { notBefore: Date.UTC(2020, 0, 1), notAfter: Date.UTC(2040, 0, 1) } as const;
export const LEAF_VALIDITY = { notBefore: PROOF_TIME - 3_600_000, notAfter: PROOF_TIME + 2 * 3_600_000 } as const;

export const KEYS = {
  root: keyPair('P-384', 'root'),
  intermediate: keyPair('P-384', 'intermediate'),
  leaf: keyPair('P-384', 'leaf'),
  encryption: keyPair('P-256', 'enclave encryption'),
  signing: keyPair('P-256', 'enclave signing'),
};

export const rootSpec = (): CertSpec => ({ subject: 'Synthetic root', issuer: 'Synthetic root', key: KEYS.root, signer: KEYS.root, ca: true, ...CA_VALIDITY });
export const intermediateSpec = (): CertSpec => ({ subject: 'Synthetic intermediate', issuer: 'Synthetic root', key: KEYS.intermediate, signer: KEYS.root, ca: true, ...CA_VALIDITY });
export const leafSpec = (): CertSpec => ({ subject: 'i-synthetic-enc0123456789abcdef', issuer: 'Synthetic intermediate', key: KEYS.leaf, signer: KEYS.intermediate, ca: false, ...LEAF_VALIDITY });

export const PCRS: Uint8Array[] = Array.from({ length: 16 }, (_, i) => (i < 4 ? sha384(utf8Encode(`synthetic PCR${i}`)) : new Uint8Array(48)));
export const EPHEMERAL_KEY = concatBytes(KEYS.encryption.publicKey, KEYS.signing.publicKey);

export function manifestBytes(pcrs: Uint8Array[] = PCRS, namespace = 'synthetic/signer'): Uint8Array {
  return encodeQosManifest({
    namespace,
    nonce: 7,
    quorumKey: EPHEMERAL_KEY,
    pivotHash: sha256(utf8Encode('pivot')),
    pivotArgs: ['--flag'],
    operator: { alias: 'operator', publicKey: EPHEMERAL_KEY },
    pcrs: [pcrs[0]!, pcrs[1]!, pcrs[2]!, pcrs[3]!],
    rootCertificate: certificate(rootSpec()).der,
    qosCommit: 'synthetic',
  });
}

/** The attestation payload's fields, in the Nitro Secure Module's order. */
export function attestationDocument(cabundle: Uint8Array[], leaf: Uint8Array, manifest: Uint8Array): CborMap {
  return new Map<string, CborValue>([
    ['module_id', 'i-synthetic-enc0123456789abcdef'],
    ['digest', 'SHA384'],
    ['timestamp', LEAF_VALIDITY.notBefore],
    ['pcrs', new Map(PCRS.map((pcr, i) => [i, pcr]))],
    ['certificate', leaf],
    ['cabundle', cabundle],
    ['public_key', EPHEMERAL_KEY],
    ['user_data', sha256(manifest)],
    ['nonce', null],
  ]);
}

export interface CoseParts {
  header?: CborValue;
  unprotected?: CborValue;
  /** Replaces the signature after signing. */
  signature?: CborValue;
  tagged?: boolean;
  signer?: KeyPair;
  /** Any other top-level value instead of the four-element array. */
  replaceArray?: (parts: CborValue[]) => CborValue;
}

/** COSE_Sign1 over `payload` (RFC 9052 §4.4: Sig_structure written out here, not the kit's). */
export function coseSign1(payload: CborValue, parts: CoseParts = {}): Uint8Array {
  const header = parts.header ?? encodeCbor(new Map([[1, -35]]));
  const payloadBytes = payload instanceof Uint8Array ? payload : encodeCbor(payload);
  const toSign = encodeCbor(['Signature1', header, new Uint8Array(0), payloadBytes]);
  const signature = parts.signature ?? signWith(parts.signer ?? KEYS.leaf, 'SHA-384', toSign, 'compact');
  const array: CborValue[] = [header, parts.unprotected ?? new Map(), payloadBytes, signature];
  const encoded = encodeCbor(parts.replaceArray ? parts.replaceArray(array) : array);
  return parts.tagged ? concatBytes(Uint8Array.of(0xd2), encoded) : encoded;
}

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

export interface World {
  root: Uint8Array;
  intermediate: Uint8Array;
  leaf: Uint8Array;
  manifest: Uint8Array;
  rootSha256: string;
  /** A fresh copy of the default attestation payload. */
  document(): CborMap;
  /** A boot proof whose attestation signs `document` (default: the default one). */
  bootProof(document?: CborMap, parts?: CoseParts, manifest?: Uint8Array): BootProof;
  /** An App Proof signed by the enclave's signing key over `payload` (default: an address derivation). */
  appProof(payload?: unknown, key?: Uint8Array): AppProof;
  defaultPayload(): Record<string, unknown>;
}

export function makeWorld(): World {
  const root = certificate(rootSpec()).der;
  const intermediate = certificate(intermediateSpec()).der;
  const leaf = certificate(leafSpec()).der;
  const manifest = manifestBytes();
  const document = () => attestationDocument([root, intermediate], leaf, manifest);
  const defaultPayload = () => ({
    type: 'APP_PROOF_TYPE_ADDRESS_DERIVATION',
    timestampMs: String(PROOF_TIME),
    addressDerivationProof: { organizationId: 'org-1', walletId: 'wallet-1', derivationPath: "m/44'/60'/0'/0/0", address: '0x0000000000000000000000000000000000000abc' },
  });
  return {
    root,
    intermediate,
    leaf,
    manifest,
    rootSha256: toHex(sha256(root)),
    document,
    defaultPayload,
    bootProof: (doc = document(), parts = {}, manifestOverride = manifest) => ({
      ephemeralPublicKeyHex: toHex(EPHEMERAL_KEY),
      awsAttestationDocB64: toBase64(coseSign1(doc, parts)),
      qosManifestB64: toBase64(manifestOverride),
      qosManifestEnvelopeB64: toBase64(concatBytes(manifestOverride, new Uint8Array(8))),
      deploymentLabel: 'synthetic',
      enclaveApp: 'signer',
      owner: 'tests',
      createdAt: { seconds: String(Math.floor(LEAF_VALIDITY.notBefore / 1000)), nanos: '0' },
    }) as unknown as BootProof,
    appProof: (payload = defaultPayload(), key = EPHEMERAL_KEY) => {
      const proofPayload = typeof payload === 'string' ? payload : JSON.stringify(payload);
      return {
        scheme: 'SIGNATURE_SCHEME_EPHEMERAL_KEY_P256',
        publicKey: toHex(key),
        proofPayload,
        signature: toHex(signWith(KEYS.signing, 'SHA-256', utf8Encode(proofPayload), 'compact')),
      };
    },
  };
}
