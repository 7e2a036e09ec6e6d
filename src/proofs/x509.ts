/**
 * The parts of an X.509 certificate (RFC 5280) a signature-only chain check reads: the signed
 * bytes, the algorithm and signature, issuer and subject names (raw, compared byte for byte),
 * validity, an EC public key (P-256 or P-384) and the basicConstraints CA flag.
 */
import { toHex } from '../encoding/hex.ts';
import { DerTag, derChildren, derMalformed, expectTag, readDer } from './der-reader.ts';
import type { DerNode } from './der-reader.ts';

export type EcCurve = 'P-256' | 'P-384';

export interface Certificate {
  der: Uint8Array;
  /** The DER of tbsCertificate: what the issuer signed. */
  tbs: Uint8Array;
  signatureHash: 'SHA-256' | 'SHA-384';
  /** The DER ECDSA signature from the signatureValue BIT STRING. */
  signature: Uint8Array;
  issuer: Uint8Array;
  subject: Uint8Array;
  notBefore: number;
  notAfter: number;
  curve: EcCurve;
  /** Uncompressed public point. */
  publicKey: Uint8Array;
  /** basicConstraints cA; undefined when the extension is absent. */
  isCa: boolean | undefined;
}

// OID contents, hex.
const ECDSA_WITH_SHA256 = '2a8648ce3d040302';
const ECDSA_WITH_SHA384 = '2a8648ce3d040303';
const EC_PUBLIC_KEY = '2a8648ce3d0201';
const CURVES: Record<string, { curve: EcCurve; size: number }> = {
  '2a8648ce3d030107': { curve: 'P-256', size: 65 },
  '2b81040022': { curve: 'P-384', size: 97 },
};
const BASIC_CONSTRAINTS = '551d13';

function signatureHashOf(algorithm: DerNode): 'SHA-256' | 'SHA-384' {
  // ecdsa-with-SHA* AlgorithmIdentifiers carry no parameters (RFC 5758 §3.2).
  const [oid, ...rest] = derChildren(expectTag(algorithm, DerTag.SEQUENCE));
  const id = toHex(expectTag(oid, DerTag.OID).value);
  if (rest.length > 0) derMalformed();
  if (id === ECDSA_WITH_SHA256) return 'SHA-256';
  if (id === ECDSA_WITH_SHA384) return 'SHA-384';
  return derMalformed();
}

/** UTCTime YYMMDDHHMMSSZ or GeneralizedTime YYYYMMDDHHMMSSZ (the only forms RFC 5280 allows). */
export function parseTime(node: DerNode): number {
  const text = String.fromCharCode(...node.value);
  const match =
    node.tag === DerTag.UTC_TIME ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text) : node.tag === DerTag.GENERALIZED_TIME ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text) : null;
  if (!match) return derMalformed();
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const year = node.tag === DerTag.UTC_TIME ? (y! < 50 ? 2000 + y! : 1900 + y!) : y!;
  const time = Date.UTC(year, mo! - 1, d!, h!, mi!, s!);
  const check = new Date(time);
  // Date.UTC rolls 31 February over into March: refuse dates that are not on the calendar.
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59 || s! > 59) derMalformed();
  return time;
}

function publicKeyOf(spki: DerNode): { curve: EcCurve; publicKey: Uint8Array } {
  const [algorithm, key] = derChildren(expectTag(spki, DerTag.SEQUENCE));
  const [oid, params, ...rest] = derChildren(expectTag(algorithm, DerTag.SEQUENCE));
  if (toHex(expectTag(oid, DerTag.OID).value) !== EC_PUBLIC_KEY || rest.length > 0) derMalformed();
  const curve = CURVES[toHex(expectTag(params, DerTag.OID).value)] ?? derMalformed();
  const bits = expectTag(key, DerTag.BIT_STRING).value;
  if (bits[0] !== 0 || bits.length !== curve.size + 1 || bits[1] !== 0x04) derMalformed();
  return { curve: curve.curve, publicKey: bits.slice(1) };
}

function isCaOf(extensions: DerNode | undefined): boolean | undefined {
  if (!extensions) return undefined;
  for (const extension of derChildren(expectTag(derChildren(extensions)[0], DerTag.SEQUENCE))) {
    const parts = derChildren(expectTag(extension, DerTag.SEQUENCE));
    if (toHex(expectTag(parts[0], DerTag.OID).value) !== BASIC_CONSTRAINTS) continue;
    const value = expectTag(parts[parts.length - 1], DerTag.OCTET_STRING).value;
    const [ca] = derChildren(expectTag(readDer(value), DerTag.SEQUENCE));
    // DER omits cA when it is FALSE (its DEFAULT).
    return ca?.tag === DerTag.BOOLEAN ? ca.value.length === 1 && ca.value[0] === 0xff : false;
  }
  return undefined;
}

/** Parses a DER certificate; malformed input is ERR_PROOF_CERT_CHAIN. */
export function parseCertificate(der: Uint8Array): Certificate {
  const [tbs, algorithm, signatureValue, ...extra] = derChildren(expectTag(readDer(der), DerTag.SEQUENCE));
  if (extra.length > 0) derMalformed();
  const fields = derChildren(expectTag(tbs, DerTag.SEQUENCE));
  // [0] EXPLICIT version is present in every v3 certificate.
  let index = fields[0]?.tag === 0xa0 ? 1 : 0;
  expectTag(fields[index++], DerTag.INTEGER); // serialNumber
  const innerAlgorithm = fields[index++]!;
  const issuer = expectTag(fields[index++], DerTag.SEQUENCE);
  const [notBefore, notAfter, ...moreTimes] = derChildren(expectTag(fields[index++], DerTag.SEQUENCE));
  const subject = expectTag(fields[index++], DerTag.SEQUENCE);
  const { curve, publicKey } = publicKeyOf(fields[index++]!);
  const extensions = fields.slice(index).find((f) => f.tag === 0xa3);
  if (!notBefore || !notAfter || moreTimes.length > 0) derMalformed();
  const signatureHash = signatureHashOf(algorithm!);
  // The signed algorithm must be the one outside the signed part (RFC 5280 §4.1.1.2).
  if (signatureHashOf(innerAlgorithm) !== signatureHash || toHex(innerAlgorithm.bytes) !== toHex(algorithm!.bytes)) derMalformed();
  const bits = expectTag(signatureValue, DerTag.BIT_STRING).value;
  if (bits[0] !== 0) derMalformed();
  return {
    der,
    tbs: tbs!.bytes,
    signatureHash,
    signature: bits.subarray(1),
    issuer: issuer.bytes,
    subject: subject.bytes,
    notBefore: parseTime(notBefore!),
    notAfter: parseTime(notAfter!),
    curve,
    publicKey,
    isCa: isCaOf(extensions),
  };
}
