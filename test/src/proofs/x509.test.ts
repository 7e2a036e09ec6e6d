import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { parseCertificate, parseTime } from '../../../src/proofs/x509.ts';
import { derChildren, readDer } from '../../../src/proofs/der-reader.ts';
import { parseAttestationDocument, parseCoseSign1 } from '../../../src/proofs/attestation.ts';
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { concatBytes } from '../../../src/encoding/utf8.ts';
import { decodeB64, loadAppProofVector } from './proof-fixtures.ts';
import type { AttestationDocument } from '../../../src/proofs/attestation.ts';
import type { DerNode } from '../../../src/proofs/der-reader.ts';

/** A DER SEQUENCE of `parts` (two-byte long-form length: certificates are 256 bytes to 64 KB). */
function sequence(...parts: Uint8Array[]): Uint8Array {
  const body = concatBytes(...parts);
  return concatBytes(Uint8Array.of(0x30, 0x82, body.length >> 8, body.length & 0xff), body);
}

describe('DER walker and X.509 fields', () => {
  let doc: AttestationDocument;
  before(async () => {
    const v = await loadAppProofVector();
    doc = parseAttestationDocument(parseCoseSign1(decodeB64(v.bootProof.awsAttestationDocB64)).payload);
  });

  it("reads the AWS Nitro root: P-384, ecdsa-with-SHA384, a CA, 2019 to 2049, self-issued", async () => {
    const root = parseCertificate(doc.cabundle[0]!);
    expect(toHex(await sha256(root.der)).toUpperCase()).to.equal('641A0321A3E244EFE456463195D606317ED7CDCC3C1756E09893F3C68F79BB5B');
    expect(root.curve).to.equal('P-384');
    expect(root.publicKey.length).to.equal(97);
    expect(root.signatureHash).to.equal('SHA-384');
    expect(root.isCa).to.equal(true);
    expect(new Date(root.notBefore).toISOString()).to.equal('2019-10-28T13:28:05.000Z');
    expect(new Date(root.notAfter).toISOString()).to.equal('2049-10-28T14:28:05.000Z');
    expect(toHex(root.issuer)).to.equal(toHex(root.subject));
  });

  it('reads the leaf: not a CA, issued by the last cabundle certificate, signed part inside the DER', () => {
    const leaf = parseCertificate(doc.certificate);
    const issuer = parseCertificate(doc.cabundle[doc.cabundle.length - 1]!);
    expect(leaf.isCa).to.equal(false);
    expect(toHex(leaf.issuer)).to.equal(toHex(issuer.subject));
    expect(toHex(doc.certificate)).to.include(toHex(leaf.tbs));
    expect(leaf.signature[0]).to.equal(0x30);
  });

  it('walks nested nodes over the original bytes', () => {
    const top = readDer(doc.certificate);
    const [tbs, algorithm, signature] = derChildren(top);
    expect(top.tag).to.equal(0x30);
    expect([tbs!.tag, algorithm!.tag, signature!.tag]).to.deep.equal([0x30, 0x30, 0x03]);
    expect(tbs!.bytes.length + algorithm!.bytes.length + signature!.bytes.length).to.equal(top.value.length);
  });

  it('refuses malformed DER with ERR_PROOF_CERT_CHAIN', async () => {
    const cert = doc.certificate;
    const [tbs, algorithm, signature] = derChildren(readDer(cert)) as [DerNode, DerNode, DerNode];
    const cases: Record<string, Uint8Array> = {
      truncated: cert.subarray(0, cert.length - 1),
      'trailing bytes': concatBytes(cert, Uint8Array.of(0)),
      'indefinite length': fromHex('3080020101 0000'.replace(/ /g, '')),
      'non-minimal length (long form under 128)': fromHex('308103020101'),
      'non-minimal length (leading zero)': concatBytes(Uint8Array.of(0x30, 0x83, 0x00), cert.subarray(2)),
      'high tag number': fromHex('1f8101 00'.replace(/ /g, '')),
      'length beyond the input': fromHex('3005 0201'.replace(/ /g, '')),
      'not a sequence': fromHex('0201 01'.replace(/ /g, '')),
      empty: new Uint8Array(0),
      // The outer signature algorithm (after tbsCertificate) no longer matches the signed one.
      'algorithm mismatch': sequence(tbs.bytes, fromHex('300a06082a8648ce3d040302'), signature.bytes),
      'three signature parts': sequence(tbs.bytes, algorithm.bytes, signature.bytes, signature.bytes),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      await expectCode(() => parseCertificate(bytes), 'ERR_PROOF_CERT_CHAIN').catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
  });

  it('reads UTCTime and GeneralizedTime, refusing dates off the calendar', async () => {
    const time = (tag: number, text: string) => parseTime(readDer(concatBytes(Uint8Array.of(tag, text.length), new TextEncoder().encode(text))));
    expect(time(0x17, '250916212545Z')).to.equal(Date.UTC(2025, 8, 16, 21, 25, 45));
    expect(time(0x17, '491028142805Z')).to.equal(Date.UTC(2049, 9, 28, 14, 28, 5));
    expect(time(0x17, '500101000000Z')).to.equal(Date.UTC(1950, 0, 1));
    expect(time(0x18, '20500101000000Z')).to.equal(Date.UTC(2050, 0, 1));
    for (const [tag, text] of [[0x17, '250231000000Z'], [0x17, '2509162125Z'], [0x17, '250916212545+0100'], [0x18, '2050010100000Z'], [0x18, '20501301000000Z'], [0x17, '250916246000Z'], [0x04, '250916212545Z']] as const) {
      await expectCode(() => time(tag, text), 'ERR_PROOF_CERT_CHAIN');
    }
  });
});
