/**
 * The emulator's stand-in for the AWS Nitro certificate chain: a P-384 root (self-signed), an
 * intermediate, and short-lived leaves (about three hours, like AWS's) for attestation
 * signing keys. Real X.509 DER, ecdsa-with-SHA384, basicConstraints on every certificate.
 * Keys come from a seed and signatures are deterministic (RFC 6979), so the same emulator
 * state always yields the same root: a developer who trusted it keeps trusting it.
 */
import { p384 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { bitString, boolean, explicit, integer, octetString, oid, sequence, set, time, utf8String } from './der-writer.ts';

const ECDSA_WITH_SHA384 = '2a8648ce3d040303';
const EC_PUBLIC_KEY = '2a8648ce3d0201';
const SECP384R1 = '2b81040022';
const COMMON_NAME = '550403';
const ORGANIZATION = '55040a';
const BASIC_CONSTRAINTS = '551d13';

/** Root and intermediate validity: long, fixed dates, so the root's bytes never change. */
const CA_NOT_BEFORE = Date.UTC(2000, 0, 1);
const CA_NOT_AFTER = Date.UTC(2099, 11, 31, 23, 59, 59);

export interface P384Key {
  secretKey: Uint8Array;
  /** 97-byte uncompressed point. */
  publicKey: Uint8Array;
}

/** 72 bytes of seed → a P-384 key (noble reduces the seed into the scalar field). */
export function p384KeyFromSeed(seed: Uint8Array): P384Key {
  const secretKey = p384.utils.randomSecretKey(seed);
  return { secretKey, publicKey: p384.getPublicKey(secretKey, false) };
}

function distinguishedName(commonName: string): Uint8Array {
  const attribute = (type: string, value: string) => set(sequence(oid(type), utf8String(value)));
  return sequence(attribute(ORGANIZATION, 'Latchkey emulator (not AWS)'), attribute(COMMON_NAME, commonName));
}

interface CertificateSpec {
  issuer: Uint8Array;
  subject: Uint8Array;
  notBefore: number;
  notAfter: number;
  publicKey: Uint8Array;
  ca: boolean;
  signer: Uint8Array;
}

function certificate(spec: CertificateSpec): Uint8Array {
  const algorithm = sequence(oid(ECDSA_WITH_SHA384));
  // A positive 16-byte serial number that differs between certificates.
  const serial = sha256(new Uint8Array([...spec.subject, ...spec.publicKey, ...utf8Encode(String(spec.notBefore))])).slice(0, 16);
  serial[0] = serial[0]! & 0x7f;
  const basicConstraints = sequence(oid(BASIC_CONSTRAINTS), boolean(true), octetString(spec.ca ? sequence(boolean(true)) : sequence()));
  const tbs = sequence(
    explicit(0, integer(Uint8Array.of(2))),
    integer(serial),
    algorithm,
    spec.issuer,
    sequence(time(spec.notBefore), time(spec.notAfter)),
    spec.subject,
    sequence(sequence(oid(EC_PUBLIC_KEY), oid(SECP384R1)), bitString(spec.publicKey)),
    explicit(3, sequence(basicConstraints)),
  );
  const signature = p384.sign(tbs, spec.signer, { format: 'der' });
  return sequence(tbs, algorithm, bitString(signature));
}

export class TestCertificateAuthority {
  readonly root: Uint8Array;
  readonly intermediate: Uint8Array;
  /** SHA-256 of the root's DER, lowercase hex: what a verifier pins. */
  readonly rootSha256: string;
  private readonly intermediateKey: P384Key;
  private readonly intermediateName = distinguishedName('Latchkey emulator attestation intermediate');

  constructor(rootKey: P384Key, intermediateKey: P384Key) {
    const rootName = distinguishedName('Latchkey emulator attestation root');
    this.intermediateKey = intermediateKey;
    const ca = { notBefore: CA_NOT_BEFORE, notAfter: CA_NOT_AFTER, ca: true, signer: rootKey.secretKey };
    this.root = certificate({ ...ca, issuer: rootName, subject: rootName, publicKey: rootKey.publicKey });
    this.intermediate = certificate({ ...ca, issuer: rootName, subject: this.intermediateName, publicKey: intermediateKey.publicKey });
    this.rootSha256 = toHex(sha256(this.root));
  }

  /** A leaf for an attestation signing key, valid from `notBefore` to `notAfter` (ms). */
  issueLeaf(publicKey: Uint8Array, commonName: string, notBefore: number, notAfter: number): Uint8Array {
    return certificate({ issuer: this.intermediateName, subject: distinguishedName(commonName), notBefore, notAfter, publicKey, ca: false, signer: this.intermediateKey.secretKey });
  }
}
