// The DER walker and the X.509 reader at their edges: lengths at the short/long-form border,
// certificates in layouts RFC 5280 allows (no version, issuerUniqueID, non-critical
// basicConstraints, GeneralizedTime) read as Node's X.509 parser (OpenSSL) reads them, and
// the layouts the kit refuses on purpose (other algorithms, curves and key forms).
import { X509Certificate } from 'node:crypto';
import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { derChildren, expectTag, readDer } from '../../../src/proofs/der-reader.ts';
import { parseCertificate, parseTime } from '../../../src/proofs/x509.ts';
import { verifyCertificateChain } from '../../../src/proofs/cert-chain.ts';
import { toHex, fromHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';
import { bitString, boolean, integer, octetString, oid, sequence, time, tlv } from '../../../demo/emulator/proofs/der-writer.ts';
import { KEYS, OID, PROOF_TIME, algorithmOf, certificate, keyPair, leafSpec, makeWorld } from './synthetic-proof.ts';
import type { CertSpec } from './synthetic-proof.ts';

const CHAIN = 'ERR_PROOF_CERT_CHAIN';
const ID_EC_DH = '2b8104010c';
const openssl = (der: Uint8Array) => new X509Certificate(Buffer.from(der));
const build = (change: Partial<CertSpec>) => certificate({ ...leafSpec(), ...change }).der;

describe('DER walker at its edges', () => {
  it('long-form lengths: 128 is the first that needs one; 1 to 3 length bytes, minimal', async () => {
    const node128 = readDer(concatBytes(Uint8Array.of(0x04, 0x81, 0x80), new Uint8Array(128).fill(7)));
    expect([node128.tag, node128.value.length, node128.bytes.length]).to.deep.equal([0x04, 128, 131]);
    expect(readDer(concatBytes(Uint8Array.of(0x04, 0x82, 0x01, 0x00), new Uint8Array(256))).value.length).to.equal(256);
    expect(readDer(concatBytes(Uint8Array.of(0x04, 0x83, 0x01, 0x00, 0x00), new Uint8Array(65536))).value.length).to.equal(65536);
    expect(readDer(Uint8Array.of(0x04, 0x7f, ...new Uint8Array(127))).value.length).to.equal(127);
    const refused = {
      '127 in long form': concatBytes(Uint8Array.of(0x04, 0x81, 0x7f), new Uint8Array(127)),
      'a leading zero length byte': concatBytes(Uint8Array.of(0x04, 0x82, 0x00, 0x80), new Uint8Array(128)),
      'four length bytes': concatBytes(Uint8Array.of(0x04, 0x84, 0x01, 0x00, 0x00, 0x00), new Uint8Array(0x1000000)),
      'indefinite length': Uint8Array.of(0x30, 0x80, 0x00, 0x00),
      'length bytes cut off': Uint8Array.of(0x04, 0x82, 0x01),
      'a tag alone': Uint8Array.of(0x30),
      'one byte short': concatBytes(Uint8Array.of(0x04, 0x81, 0x80), new Uint8Array(127)),
    };
    for (const [name, bytes] of Object.entries(refused)) {
      await expectCode(() => readDer(bytes), CHAIN).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
  });

  it('children: a primitive node has none; a child whose length bytes are cut off is refused (no endless walk)', async () => {
    const seq = readDer(fromHex('3006020101020102'));
    expect(derChildren(seq).map((c) => toHex(c.bytes))).to.deep.equal(['020101', '020102']);
    expect(derChildren(readDer(fromHex('3000')))).to.deep.equal([]);
    // An OCTET STRING whose contents happen to be a well-formed INTEGER is still primitive.
    await expectCode(() => derChildren(readDer(fromHex('0403020105'))), CHAIN);
    await expectCode(() => derChildren(readDer(fromHex('3003048201'))), CHAIN);
    await expectCode(() => derChildren(readDer(fromHex('30020401'))), CHAIN);
    // A lone identifier octet at the end of the contents: no length to read.
    await expectCode(() => derChildren(readDer(fromHex('300104'))), CHAIN);
    // Tag numbers up to 30 fit the identifier octet; 31 announces a high tag number.
    expect(readDer(fromHex('1e00')).tag).to.equal(0x1e);
    await expectCode(() => readDer(fromHex('3f00')), CHAIN);
    await expectCode(() => expectTag(undefined, 0x30), CHAIN);
    await expectCode(() => expectTag(readDer(fromHex('3100')), 0x30), CHAIN);
    expect(expectTag(readDer(fromHex('3100')), 0x31).tag).to.equal(0x31);
  });
});

describe('X.509 layouts, read as OpenSSL reads them', () => {
  const agree = (der: Uint8Array) => {
    const ours = parseCertificate(der);
    const theirs = openssl(der);
    expect(ours.notBefore).to.equal(Date.parse(theirs.validFrom));
    expect(ours.notAfter).to.equal(Date.parse(theirs.validTo));
    expect(ours.isCa ?? false).to.equal(theirs.ca);
    const jwk = theirs.publicKey.export({ format: 'jwk' });
    expect(toHex(ours.publicKey)).to.equal('04' + Buffer.from(jwk.x!, 'base64url').toString('hex') + Buffer.from(jwk.y!, 'base64url').toString('hex'));
    return ours;
  };

  it('a v1 certificate (no [0] version), a P-256 key, GeneralizedTime after 2049, an issuerUniqueID', () => {
    const v1 = agree(build({ noVersion: true, ca: null }));
    expect(v1.isCa).to.equal(undefined);
    expect(agree(build({ key: keyPair('P-256', 'p256 subject') })).curve).to.equal('P-256');
    const long = agree(build({ notBefore: Date.UTC(1950, 0, 1), notAfter: Date.UTC(2060, 5, 30, 12) }));
    expect(long.notAfter).to.equal(Date.UTC(2060, 5, 30, 12));
    expect(long.notBefore).to.equal(Date.UTC(1950, 0, 1));
    const unique = agree(build({ beforeExtensions: [Uint8Array.of(0x81, 0x02, 0x00, 0x01)], ca: true }));
    expect(unique.isCa).to.equal(true);
  });

  it('basicConstraints: non-critical, cA FALSE written out, only a path length, or after another extension', () => {
    const nonCritical = sequence(oid(OID.basicConstraints), octetString(sequence(boolean(true))));
    expect(agree(build({ basicConstraints: nonCritical })).isCa).to.equal(true);
    expect(agree(build({ ca: false })).isCa).to.equal(false);
    expect(agree(build({ ca: 'omitted' })).isCa).to.equal(false);
    const pathOnly = sequence(oid(OID.basicConstraints), boolean(true), octetString(sequence(integer(Uint8Array.of(0)))));
    expect(agree(build({ basicConstraints: pathOnly })).isCa).to.equal(false);
    const other = sequence(oid(OID.keyUsage), boolean(true), octetString(Uint8Array.of(0x03, 0x02, 0x01, 0x06)));
    expect(agree(build({ extensionsBefore: [other], ca: true })).isCa).to.equal(true);
    expect(agree(build({ extensionsBefore: [other], ca: null })).isCa).to.equal(undefined);
  });

  it('a cA BOOLEAN that is not one 0xFF byte is not TRUE', () => {
    for (const value of [Uint8Array.of(0xff, 0xff), Uint8Array.of(0x01), Uint8Array.of(0x00)]) {
      const bc = sequence(oid(OID.basicConstraints), boolean(true), octetString(sequence(tlv(0x01, value))));
      expect(parseCertificate(build({ basicConstraints: bc })).isCa, toHex(value)).to.equal(false);
    }
  });

  it('refuses other signature algorithms, algorithm parameters and a signature with unused bits', async () => {
    const withNull = concatBytes(Uint8Array.of(0x30, 0x0c), oid(OID['ecdsa-with-SHA384']), Uint8Array.of(0x05, 0x00));
    const sha512 = sequence(oid(OID['ecdsa-with-SHA512']));
    const cases: Record<string, Uint8Array> = {
      'outer algorithm with NULL parameters': build({ outerAlgorithm: withNull }),
      'NULL parameters inside and outside alike': build({ algorithm: withNull }),
      'ecdsa-with-SHA512 outside': build({ outerAlgorithm: sha512 }),
      'RSA outside': build({ outerAlgorithm: sequence(oid('2a864886f70d01010b'), Uint8Array.of(0x05, 0x00)) }),
      'signature with an unused-bits count': build({ signatureValue: tlv(0x03, Uint8Array.of(1), Uint8Array.of(0x30, 0x00)) }),
      'signature not a BIT STRING': build({ signatureValue: octetString(Uint8Array.of(0x30, 0x00)) }),
    };
    for (const [name, der] of Object.entries(cases)) {
      await expectCode(() => parseCertificate(der), CHAIN).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
  });

  it('refuses ecdsa-with-SHA512 named inside and out, though the issuer signed it over SHA-384', async () => {
    // Signed as the kit would check an ecdsa-with-SHA384 certificate: only the algorithm's
    // OID can refuse it, and the chain must not read an unknown OID as SHA-384.
    const w = makeWorld();
    const der = build({ algorithm: sequence(oid(OID['ecdsa-with-SHA512'])), hash: 'SHA-384' });
    await expectCode(() => parseCertificate(der), CHAIN);
    await expectCode(() => verifyCertificateChain(der, [w.root, w.intermediate], PROOF_TIME, w.rootSha256), CHAIN);
    // The control: the same certificate naming ecdsa-with-SHA384 passes the chain.
    expect((await verifyCertificateChain(build({ hash: 'SHA-384' }), [w.root, w.intermediate], PROOF_TIME, w.rootSha256)).signatureHash).to.equal('SHA-384');
    // And one truly signed over SHA-512 is a valid certificate (OpenSSL verifies it with the
    // intermediate's key) that the chain still refuses: the two hashes the kit knows, no other.
    const sha512 = build({ hash: 'SHA-512' });
    expect(openssl(sha512).verify(openssl(w.intermediate).publicKey), 'OpenSSL verifies it').to.equal(true);
    expect(openssl(der).verify(openssl(w.intermediate).publicKey), 'OpenSSL reads SHA-512 too: the SHA-384 one does not verify').to.equal(false);
    await expectCode(() => verifyCertificateChain(sha512, [w.root, w.intermediate], PROOF_TIME, w.rootSha256), CHAIN);
  });

  it('a tbsCertificate that is an empty SEQUENCE: ERR_PROOF_CERT_CHAIN, not a TypeError', async () => {
    await expectCode(() => parseCertificate(sequence(sequence(), algorithmOf('SHA-384'), bitString(Uint8Array.of(0x30, 0x00)))), CHAIN);
  });

  it('refuses keys that are not uncompressed P-256 or P-384 points', async () => {
    const point = KEYS.leaf.publicKey;
    const spki = (algorithm: Uint8Array, bits: Uint8Array) => sequence(algorithm, bits);
    const ec = (curveOid: string) => sequence(oid(OID.ecPublicKey), oid(curveOid));
    const cases: Record<string, Uint8Array> = {
      secp256k1: spki(ec(OID.secp256k1), bitString(keyPair('P-256', 'k').publicKey)),
      'an RSA key': spki(sequence(oid('2a864886f70d010101'), Uint8Array.of(0x05, 0x00)), bitString(point)),
      'EC with an extra parameter': spki(sequence(oid(OID.ecPublicKey), oid(OID['P-384']), Uint8Array.of(0x05, 0x00)), bitString(point)),
      'the curve not an OID': spki(sequence(oid(OID.ecPublicKey), Uint8Array.of(0x05, 0x00)), bitString(point)),
      compressed: spki(ec(OID['P-384']), bitString(concatBytes(Uint8Array.of(0x02 | (point[96]! & 1)), point.subarray(1, 49)))),
      'a P-256 point under P-384': spki(ec(OID['P-384']), bitString(keyPair('P-256', 'k').publicKey)),
      'one byte more': spki(ec(OID['P-384']), bitString(concatBytes(point, Uint8Array.of(0)))),
      'prefix 05': spki(ec(OID['P-384']), bitString(concatBytes(Uint8Array.of(0x05), point.subarray(1)))),
      'unused bits': spki(ec(OID['P-384']), tlv(0x03, Uint8Array.of(1), point)),
      // A curve the kit reads, under an algorithm that is not id-ecPublicKey (id-ecDH, 1.3.132.1.12).
      'id-ecDH, P-384': spki(sequence(oid(ID_EC_DH), oid(OID['P-384'])), bitString(point)),
      'id-ecDH, P-256': spki(sequence(oid(ID_EC_DH), oid(OID['P-256'])), bitString(keyPair('P-256', 'k').publicKey)),
      'EC P-256 with an extra parameter': spki(sequence(oid(OID.ecPublicKey), oid(OID['P-256']), Uint8Array.of(0x05, 0x00)), bitString(keyPair('P-256', 'k').publicKey)),
    };
    for (const [name, key] of Object.entries(cases)) {
      await expectCode(() => parseCertificate(build({ spki: key })), CHAIN).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
  });

  it('refuses a validity that is not exactly two times', async () => {
    const t = time(Date.UTC(2025, 0, 1));
    for (const validity of [sequence(t), sequence(t, t, t), sequence()]) {
      await expectCode(() => parseCertificate(build({ validity })), CHAIN);
    }
    expect(parseCertificate(build({ validity: sequence(t, t) })).notAfter).to.equal(Date.UTC(2025, 0, 1));
  });

  it('times: the last second of a day, and no hour 24, minute 60, second 60, day 0 or month 0', async () => {
    const parse = (tag: number, text: string) => parseTime(readDer(concatBytes(Uint8Array.of(tag, text.length), utf8Encode(text))));
    expect(parse(0x17, '251231235959Z')).to.equal(Date.UTC(2025, 11, 31, 23, 59, 59));
    expect(parse(0x18, '20491231235959Z')).to.equal(Date.UTC(2049, 11, 31, 23, 59, 59));
    expect(parse(0x17, '240229000000Z')).to.equal(Date.UTC(2024, 1, 29));
    for (const text of ['250101240000Z', '250101006000Z', '250101000060Z', '250100000000Z', '250001000000Z', '230229000000Z', '2501010000000Z', 'x50101000000Z']) {
      await expectCode(() => parse(0x17, text), CHAIN).catch((error: Error) => {
        throw new Error(`${text}: ${error.message}`);
      });
    }
    await expectCode(() => parse(0x18, '250101000000Z'), CHAIN);
    for (const text of ['20250101000000Z0', '120250101000000Z', '20250101000000']) await expectCode(() => parse(0x18, text), CHAIN);
    await expectCode(() => parse(0x17, '250101000000Z0'), CHAIN);
    await expectCode(() => parse(0x18, '20250101000000.5Z'), CHAIN);
  });

  it('a time under another tag is refused, even when its text is a GeneralizedTime', async () => {
    const parse = (tag: number, text: string) => parseTime(readDer(concatBytes(Uint8Array.of(tag, text.length), utf8Encode(text))));
    // PrintableString, UTF8String, VisibleString: only the two time tags carry a time.
    for (const tag of [0x13, 0x0c, 0x1a]) await expectCode(() => parse(tag, '20250101000000Z'), CHAIN);
    const printable = tlv(0x13, utf8Encode('20250101000000Z'));
    await expectCode(() => parseCertificate(build({ validity: sequence(printable, time(PROOF_TIME + 3_600_000)) })), CHAIN);
    await expectCode(() => parseCertificate(build({ validity: sequence(time(PROOF_TIME - 3_600_000), printable) })), CHAIN);
  });
});
