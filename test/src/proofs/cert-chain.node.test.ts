// The certificate chain of an attestation, certificate by certificate: each one is built with
// one property changed and signed again (synthetic-proof.ts), and Node's own X.509 parser
// (OpenSSL, through node:crypto X509Certificate) says what the certificate is: CA or not,
// signed by which key, valid when. The kit must agree with it, and refuse with the code of
// the check that fails.
import { X509Certificate } from 'node:crypto';
import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { verifyAppProof } from '../../../src/proofs/verify-app-proof.ts';
import { verifyCertificateChain } from '../../../src/proofs/cert-chain.ts';
import { parseCertificate } from '../../../src/proofs/x509.ts';
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { bitString, sequence } from '../../../demo/emulator/proofs/der-writer.ts';
import { CA_VALIDITY, KEYS, LEAF_VALIDITY, PROOF_TIME, certificate, intermediateSpec, keyPair, leafSpec, makeWorld, rootSpec } from './synthetic-proof.ts';
import type { CertSpec, World } from './synthetic-proof.ts';

const node = (der: Uint8Array) => new X509Certificate(Buffer.from(der));

describe('the certificate chain against Node’s X.509 (OpenSSL)', () => {
  let w: World;
  /** verifyAppProof with the chain [root, intermediate] + leaf built from these specs. */
  let verifyWith: (specs: { root?: CertSpec; intermediate?: CertSpec; leaf?: CertSpec }, time?: number) => ReturnType<typeof verifyAppProof>;

  before(() => {
    w = makeWorld();
    verifyWith = async (specs, time) => {
      const root = certificate(specs.root ?? rootSpec()).der;
      const intermediate = certificate(specs.intermediate ?? intermediateSpec()).der;
      const leaf = certificate(specs.leaf ?? leafSpec()).der;
      const doc = w.document();
      doc.set('cabundle', [root, intermediate]);
      doc.set('certificate', leaf);
      const leafKey = specs.leaf?.key ?? KEYS.leaf;
      const boot = w.bootProof(doc, { signer: leafKey.curve === 'P-384' ? leafKey : KEYS.leaf });
      return verifyAppProof(w.appProof(), boot, { trustedRootSha256: toHex(await sha256(root)), ...(time === undefined ? {} : { validationTime: time }) });
    };
  });

  it('the synthetic chain is what OpenSSL reads: CAs above a non-CA leaf, each signed by the one above', () => {
    const [root, intermediate, leaf] = [node(w.root), node(w.intermediate), node(w.leaf)];
    expect([root.ca, intermediate.ca, leaf.ca]).to.deep.equal([true, true, false]);
    expect(root.verify(root.publicKey)).to.equal(true);
    expect(intermediate.verify(root.publicKey)).to.equal(true);
    expect(leaf.verify(intermediate.publicKey)).to.equal(true);
    expect(leaf.verify(root.publicKey)).to.equal(false);
    expect(leaf.checkIssued(intermediate)).to.equal(true);
  });

  it('parseCertificate agrees with OpenSSL on every certificate of the production vector and of the synthetic chain', async () => {
    const { loadAppProofVector, decodeB64 } = await import('./proof-fixtures.ts');
    const { parseAttestationDocument, parseCoseSign1 } = await import('../../../src/proofs/attestation.ts');
    const v = await loadAppProofVector();
    const doc = parseAttestationDocument(parseCoseSign1(decodeB64(v.bootProof.awsAttestationDocB64)).payload);
    const ders = [...doc.cabundle, doc.certificate, w.root, w.intermediate, w.leaf];
    for (const der of ders) {
      const ours = parseCertificate(der);
      const theirs = node(der);
      expect(ours.notBefore, theirs.subject).to.equal(Date.parse(theirs.validFrom));
      expect(ours.notAfter, theirs.subject).to.equal(Date.parse(theirs.validTo));
      expect(ours.isCa, theirs.subject).to.equal(theirs.ca);
      const jwk = theirs.publicKey.export({ format: 'jwk' });
      expect(ours.curve).to.equal(jwk.crv);
      expect(toHex(ours.publicKey)).to.equal('04' + Buffer.from(jwk.x!, 'base64url').toString('hex') + Buffer.from(jwk.y!, 'base64url').toString('hex'));
      expect(toHex(ours.der)).to.equal(toHex(theirs.raw));
    }
    // Each certificate's issuer is the one before it, by OpenSSL's name matching and signature check.
    const chain = [...doc.cabundle, doc.certificate].map(node);
    for (let i = 1; i < chain.length; i++) {
      expect(chain[i]!.checkIssued(chain[i - 1]!)).to.equal(true);
      expect(toHex(parseCertificate([...doc.cabundle, doc.certificate][i]!).issuer)).to.equal(toHex(parseCertificate([...doc.cabundle, doc.certificate][i - 1]!).subject));
    }
  });

  it('the unchanged synthetic chain verifies and is reported as three certificates valid at the proof time', async () => {
    const result = await verifyWith({});
    expect(result.checks.find((c) => c.name === 'certificate-chain')!.detail).to.equal(`3 certificates, valid at ${new Date(PROOF_TIME).toISOString()}`);
    expect(result.checks.find((c) => c.name === 'root-certificate')!.detail).to.equal('a root trusted by trustedRootSha256, not the AWS Nitro root');
  });

  it('an issuer that is not a CA (cA false, cA left out, or no basicConstraints): ERR_PROOF_CERT_CHAIN', async () => {
    for (const ca of [false, 'omitted', null] as const) {
      const intermediate = { ...intermediateSpec(), ca };
      expect(node(certificate(intermediate).der).ca, String(ca)).to.equal(false);
      await expectCode(() => verifyWith({ intermediate }), 'ERR_PROOF_CERT_CHAIN');
      await expectCode(() => verifyWith({ root: { ...rootSpec(), ca } }), 'ERR_PROOF_CERT_CHAIN');
    }
  });

  it('a leaf that is a CA: ERR_PROOF_CERT_CHAIN; a leaf without basicConstraints is not a CA and verifies', async () => {
    const caLeaf = { ...leafSpec(), ca: true };
    expect(node(certificate(caLeaf).der).ca).to.equal(true);
    await expectCode(() => verifyWith({ leaf: caLeaf }), 'ERR_PROOF_CERT_CHAIN');
    const bare = { ...leafSpec(), ca: null };
    expect(node(certificate(bare).der).ca).to.equal(false);
    expect(parseCertificate(certificate(bare).der).isCa).to.equal(undefined);
    expect((await verifyWith({ leaf: bare })).verified).to.equal(true);
    // basicConstraints after another extension (keyUsage) is still found.
    const keyUsage = sequence(Uint8Array.of(0x06, 0x03, 0x55, 0x1d, 0x0f), Uint8Array.of(0x01, 0x01, 0xff), Uint8Array.of(0x04, 0x04, 0x03, 0x02, 0x01, 0x06));
    const intermediate = { ...intermediateSpec(), extensionsBefore: [keyUsage] };
    expect(node(certificate(intermediate).der).ca).to.equal(true);
    expect((await verifyWith({ intermediate, leaf: { ...caLeaf, extensionsBefore: [keyUsage], ca: false } })).verified).to.equal(true);
    await expectCode(() => verifyWith({ leaf: { ...caLeaf, extensionsBefore: [keyUsage] } }), 'ERR_PROOF_CERT_CHAIN');
  });

  it('signed by another key, or naming another issuer: ERR_PROOF_CERT_CHAIN', async () => {
    const byRoot = { ...leafSpec(), signer: KEYS.root };
    expect(node(certificate(byRoot).der).verify(node(w.intermediate).publicKey)).to.equal(false);
    await expectCode(() => verifyWith({ leaf: byRoot }), 'ERR_PROOF_CERT_CHAIN');
    const renamed = { ...leafSpec(), issuer: 'Synthetic intermediate 2' };
    expect(node(certificate(renamed).der).checkIssued(node(w.intermediate))).to.equal(false);
    await expectCode(() => verifyWith({ leaf: renamed }), 'ERR_PROOF_CERT_CHAIN');
    // A root that is not self-signed (signed by the intermediate's key).
    await expectCode(() => verifyWith({ root: { ...rootSpec(), signer: KEYS.intermediate } }), 'ERR_PROOF_CERT_CHAIN');
  });

  it('a signature value that is not a DER ECDSA signature: ERR_PROOF_CERT_CHAIN', async () => {
    for (const value of [Uint8Array.of(0x30, 0x00), new Uint8Array(70).fill(0x30), Uint8Array.of(0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x00)]) {
      await expectCode(() => verifyWith({ leaf: { ...leafSpec(), signatureValue: bitString(value) } }), 'ERR_PROOF_CERT_CHAIN');
    }
  });

  it('a P-256 intermediate signing with SHA-256 and SHA-384, and a P-384 one signing with SHA-256, verify', async () => {
    const p256Intermediate = keyPair('P-256', 'p256 intermediate');
    for (const hash of ['SHA-256', 'SHA-384'] as const) {
      const intermediate = { ...intermediateSpec(), key: p256Intermediate };
      const leaf = { ...leafSpec(), signer: p256Intermediate, hash };
      expect(node(certificate(leaf).der).verify(node(certificate(intermediate).der).publicKey), hash).to.equal(true);
      expect((await verifyWith({ intermediate, leaf })).verified, hash).to.equal(true);
      expect(parseCertificate(certificate(leaf).der).signatureHash).to.equal(hash);
    }
    expect((await verifyWith({ leaf: { ...leafSpec(), hash: 'SHA-256' } })).verified).to.equal(true);
    expect((await verifyWith({ intermediate: { ...intermediateSpec(), hash: 'SHA-256' } })).verified).to.equal(true);
  });

  it('a P-256 leaf: the chain holds, but ES384 needs a P-384 key: ERR_PROOF_ATTESTATION_SIGNATURE', async () => {
    const leaf = { ...leafSpec(), key: keyPair('P-256', 'p256 leaf') };
    expect(parseCertificate(certificate(leaf).der).curve).to.equal('P-256');
    await expectCode(() => verifyWith({ leaf }), 'ERR_PROOF_ATTESTATION_SIGNATURE');
  });

  it('validity: every certificate at the proof time, ends included (ERR_PROOF_CERT_EXPIRED otherwise)', async () => {
    const expired = { notBefore: CA_VALIDITY.notBefore, notAfter: PROOF_TIME - 1000 };
    const notYet = { notBefore: PROOF_TIME + 1000, notAfter: CA_VALIDITY.notAfter };
    await expectCode(() => verifyWith({ root: { ...rootSpec(), ...expired } }), 'ERR_PROOF_CERT_EXPIRED');
    await expectCode(() => verifyWith({ intermediate: { ...intermediateSpec(), ...expired } }), 'ERR_PROOF_CERT_EXPIRED');
    await expectCode(() => verifyWith({ intermediate: { ...intermediateSpec(), ...notYet } }), 'ERR_PROOF_CERT_EXPIRED');
    const exact = { notBefore: PROOF_TIME - 571, notAfter: PROOF_TIME + 429 };
    // Certificate times are whole seconds: the ends of the intermediate are the second before and after.
    expect((await verifyWith({ intermediate: { ...intermediateSpec(), ...exact } }, PROOF_TIME - 571)).verified).to.equal(true);
    expect((await verifyWith({ intermediate: { ...intermediateSpec(), ...exact } }, PROOF_TIME + 429)).verified).to.equal(true);
    await expectCode(() => verifyWith({ intermediate: { ...intermediateSpec(), ...exact } }, PROOF_TIME + 430), 'ERR_PROOF_CERT_EXPIRED');
    await expectCode(() => verifyWith({ intermediate: { ...intermediateSpec(), ...exact } }, PROOF_TIME - 572), 'ERR_PROOF_CERT_EXPIRED');
    expect(LEAF_VALIDITY.notBefore).to.be.below(PROOF_TIME);
  });

  it('verifyCertificateChain: the pinned root in any case, another root refused with ERR_PROOF_ROOT', async () => {
    const leaf = await verifyCertificateChain(w.leaf, [w.root, w.intermediate], PROOF_TIME, w.rootSha256.toUpperCase());
    expect(toHex(leaf.der)).to.equal(toHex(w.leaf));
    await expectCode(() => verifyCertificateChain(w.leaf, [w.intermediate, w.root], PROOF_TIME, w.rootSha256), 'ERR_PROOF_ROOT');
    // The root alone as the chain: the leaf is not signed by it.
    await expectCode(() => verifyCertificateChain(w.leaf, [w.root], PROOF_TIME, w.rootSha256), 'ERR_PROOF_CERT_CHAIN');
    // A leaf issued directly by the root.
    const direct = certificate({ ...leafSpec(), issuer: 'Synthetic root', signer: KEYS.root }).der;
    expect(toHex((await verifyCertificateChain(direct, [w.root], PROOF_TIME, w.rootSha256)).der)).to.equal(toHex(direct));
  });
});
