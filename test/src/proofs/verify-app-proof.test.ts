import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { verifyAppProof } from '../../../src/proofs/verify-app-proof.ts';
import { AWS_NITRO_ROOT_SHA256, ProofCheckNames } from '../../../src/proofs/proof-types.ts';
import { parseAttestationDocument, parseCoseSign1 } from '../../../src/proofs/attestation.ts';
import { parseCertificate } from '../../../src/proofs/x509.ts';
import { decodeCbor, encodeCbor } from '../../../src/proofs/cbor.ts';
import { P256_N, bigIntToBytes, bytesToBigInt } from '../../../src/crypto/p256.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';
import { decodeB64, flip, indexOfBytes, loadAppProofVector, toBase64, withAttestation } from './proof-fixtures.ts';
import type { AppProofVector } from './proof-fixtures.ts';
import type { CborMap } from '../../../src/proofs/cbor.ts';
import type { AttestationDocument } from '../../../src/proofs/attestation.ts';

async function otherP256Point(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  return toHex(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
}

describe('verifyAppProof with the production vector (docs/protocol.md §7)', () => {
  let v: AppProofVector;
  let doc: Uint8Array;
  let attestation: AttestationDocument;
  before(async () => {
    v = await loadAppProofVector();
    doc = decodeB64(v.bootProof.awsAttestationDocB64);
    attestation = parseAttestationDocument(parseCoseSign1(doc).payload);
  });

  it('pins the AWS Nitro root fingerprint of the vector', () => {
    expect(AWS_NITRO_ROOT_SHA256).to.equal(v.awsNitroRootSha256);
  });

  it('verifies the vector, dated by its own timestamp, listing every check', async () => {
    const result = await verifyAppProof(v.appProof, v.bootProof);
    expect(result.verified).to.equal(true);
    expect(result.proofTime).to.equal(1758058763571);
    expect(result.checks.map((c) => c.name)).to.deep.equal(ProofCheckNames.filter((n) => n !== 'addresses'));
    const outcome = Object.fromEntries(result.checks.map((c) => [c.name, c.outcome]));
    for (const name of ['payload', 'app-proof-signature', 'attestation-format', 'root-certificate', 'certificate-chain', 'attestation-signature', 'manifest-digest', 'ephemeral-key', 'manifest-pcrs']) {
      expect(outcome[name], name).to.equal('passed');
    }
    // Unpinned checks are said plainly not performed, with a reason.
    for (const name of ['pcrs', 'manifest-namespace', 'deployment-label', 'manifest-approvals']) {
      expect(outcome[name], name).to.equal('not-performed');
      expect(result.checks.find((c) => c.name === name)!.detail).to.be.a('string').and.not.equal('');
    }
    expect(result.enclave).to.deep.include({ deploymentLabel: 'r2025.9.2', enclaveApp: 'signer', owner: 'tkhq', namespace: 'preprod/signer' });
    expect(result.enclave.pcrs[0]).to.equal(toHex(attestation.pcrs.get(0)!));
    expect(result.payload.addressDerivationProof!.address).to.equal('0xb84b4730Cd81Bc82Ee6B1dE6c343Ebd7928138DC');
  });

  it('accepts the high-S twin of the App Proof signature', async () => {
    const sig = fromHex(v.appProof.signature);
    const s = bytesToBigInt(sig.subarray(32));
    const twin = toHex(concatBytes(sig.subarray(0, 32), bigIntToBytes(P256_N - s)));
    expect(twin).to.not.equal(v.appProof.signature);
    expect((await verifyAppProof({ ...v.appProof, signature: twin }, v.bootProof)).verified).to.equal(true);
  });

  it('accepts uppercase hex keys (keys are compared as bytes)', async () => {
    const result = await verifyAppProof(v.appProof, { ...v.bootProof, ephemeralPublicKeyHex: v.bootProof.ephemeralPublicKeyHex.toUpperCase() });
    expect(result.verified).to.equal(true);
  });

  describe('B2 appproof-mutations: the App Proof', () => {
    it('a payload that is not JSON, or lacks its type or timestamp: ERR_PROOF_PAYLOAD', async () => {
      await expectCode(() => verifyAppProof({ ...v.appProof, proofPayload: '{"type":' }, v.bootProof), 'ERR_PROOF_PAYLOAD');
      const payload = JSON.parse(v.appProof.proofPayload) as Record<string, unknown>;
      await expectCode(() => verifyAppProof({ ...v.appProof, proofPayload: JSON.stringify({ ...payload, timestampMs: undefined }) }, v.bootProof), 'ERR_PROOF_PAYLOAD');
      await expectCode(() => verifyAppProof({ ...v.appProof, proofPayload: JSON.stringify({ ...payload, timestampMs: 1758058763571 }) }, v.bootProof), 'ERR_PROOF_PAYLOAD');
      await expectCode(() => verifyAppProof({ ...v.appProof, proofPayload: JSON.stringify({ ...payload, addressDerivationProof: undefined }) }, v.bootProof), 'ERR_PROOF_PAYLOAD');
    });

    it('a payload changed in any way (still JSON): ERR_PROOF_SIGNATURE', async () => {
      const changed = v.appProof.proofPayload.replace('0xb84b4730', '0xb84b4731');
      expect(changed).to.not.equal(v.appProof.proofPayload);
      await expectCode(() => verifyAppProof({ ...v.appProof, proofPayload: changed }, v.bootProof), 'ERR_PROOF_SIGNATURE');
      const spaced = v.appProof.proofPayload.replace('{', '{ ');
      await expectCode(() => verifyAppProof({ ...v.appProof, proofPayload: spaced }, v.bootProof), 'ERR_PROOF_SIGNATURE');
    });

    it('a signature byte changed, truncated or not hex: ERR_PROOF_SIGNATURE', async () => {
      const sig = fromHex(v.appProof.signature);
      for (const offset of [0, 31, 32, 63]) {
        await expectCode(() => verifyAppProof({ ...v.appProof, signature: toHex(flip(sig, offset)) }, v.bootProof), 'ERR_PROOF_SIGNATURE');
      }
      await expectCode(() => verifyAppProof({ ...v.appProof, signature: v.appProof.signature.slice(2) }, v.bootProof), 'ERR_PROOF_SIGNATURE');
      await expectCode(() => verifyAppProof({ ...v.appProof, signature: 'zz' + v.appProof.signature.slice(2) }, v.bootProof), 'ERR_PROOF_SIGNATURE');
    });

    it('another scheme: ERR_PROOF_SIGNATURE', async () => {
      await expectCode(() => verifyAppProof({ ...v.appProof, scheme: 'SIGNATURE_SCHEME_UNSPECIFIED' as 'SIGNATURE_SCHEME_EPHEMERAL_KEY_P256' }, v.bootProof), 'ERR_PROOF_SIGNATURE');
    });

    it('the signing half of the key replaced, or the key cut to 65 bytes: ERR_PROOF_SIGNATURE', async () => {
      const other = await otherP256Point();
      await expectCode(() => verifyAppProof({ ...v.appProof, publicKey: v.appProof.publicKey.slice(0, 130) + other }, v.bootProof), 'ERR_PROOF_SIGNATURE');
      await expectCode(() => verifyAppProof({ ...v.appProof, publicKey: v.appProof.publicKey.slice(130) }, v.bootProof), 'ERR_PROOF_SIGNATURE');
    });
  });

  describe('the attestation document', () => {
    it('a byte of the protected header: ERR_PROOF_ATTESTATION_FORMAT (alg) or ERR_PROOF_ATTESTATION_SIGNATURE (signed header)', async () => {
      // 84 44 | a1 01 38 22 | …: the alg value -35 (0x38 0x22) becomes -36.
      expect(toHex(doc.subarray(0, 6))).to.equal('8444a1013822');
      await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, flip(doc, 5))), 'ERR_PROOF_ATTESTATION_FORMAT');
      // A protected header that still says ES384 but carries another parameter changes what was signed.
      const [, unprotected, payload, signature] = decodeCbor(doc) as [Uint8Array, CborMap, Uint8Array, Uint8Array];
      const header = encodeCbor(new Map<number, number>([[1, -35], [3, 0]]));
      const resigned = encodeCbor([header, unprotected, payload, signature]);
      await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, resigned)), 'ERR_PROOF_ATTESTATION_SIGNATURE');
    });

    it('a byte of the payload outside the certificates (module id, timestamp, a PCR): ERR_PROOF_ATTESTATION_SIGNATURE', async () => {
      const offsets = [
        indexOfBytes(doc, utf8Encode(attestation.moduleId)) + 3,
        indexOfBytes(doc, utf8Encode('timestamp')) + 12,
        indexOfBytes(doc, attestation.pcrs.get(2)!) + 10,
        indexOfBytes(doc, attestation.userData) + 31,
      ];
      for (const offset of offsets) {
        await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, flip(doc, offset))), 'ERR_PROOF_ATTESTATION_SIGNATURE');
      }
    });

    it('a byte of the COSE signature: ERR_PROOF_ATTESTATION_SIGNATURE', async () => {
      for (const offset of [doc.length - 96, doc.length - 49, doc.length - 1]) {
        await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, flip(doc, offset))), 'ERR_PROOF_ATTESTATION_SIGNATURE');
      }
    });

    it('truncated, with trailing bytes, or not base64: ERR_PROOF_ATTESTATION_FORMAT', async () => {
      await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, doc.subarray(0, doc.length - 1))), 'ERR_PROOF_ATTESTATION_FORMAT');
      await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, concatBytes(doc, Uint8Array.of(0)))), 'ERR_PROOF_ATTESTATION_FORMAT');
      await expectCode(() => verifyAppProof(v.appProof, { ...v.bootProof, awsAttestationDocB64: '*' + v.bootProof.awsAttestationDocB64 }), 'ERR_PROOF_ATTESTATION_FORMAT');
    });
  });

  describe('the certificate chain', () => {
    it('a byte of an intermediate or of the leaf certificate: ERR_PROOF_CERT_CHAIN', async () => {
      const intermediate = attestation.cabundle[2]!;
      const leaf = attestation.certificate;
      // Inside the signature value at the end of each, and inside the leaf's public key.
      const leafKey = parseCertificate(leaf).publicKey;
      const offsets = [indexOfBytes(doc, intermediate) + intermediate.length - 5, indexOfBytes(doc, leaf) + leaf.length - 5, indexOfBytes(doc, leafKey) + 20];
      for (const offset of offsets) {
        await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, flip(doc, offset))), 'ERR_PROOF_CERT_CHAIN');
      }
    });

    it('intermediates out of order or one missing: ERR_PROOF_CERT_CHAIN', async () => {
      const rebuild = (cabundle: Uint8Array[]) => {
        const cose = parseCoseSign1(doc);
        const payload = decodeCbor(cose.payload) as CborMap;
        payload.set('cabundle', cabundle);
        return encodeCbor([cose.protectedHeader, new Map(), encodeCbor(payload), cose.signature]);
      };
      const [root, a, b, c] = attestation.cabundle as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
      await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, rebuild([root, b, a, c]))), 'ERR_PROOF_CERT_CHAIN');
      await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, rebuild([root, a, c]))), 'ERR_PROOF_CERT_CHAIN');
      // Control: the same rebuild with the original order fails only at the COSE signature (re-encoded payload).
      await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, rebuild([root, a, b, c]))), 'ERR_PROOF_ATTESTATION_SIGNATURE');
    });

    it('another pinned root, or a byte of the root certificate: ERR_PROOF_ROOT', async () => {
      await expectCode(() => verifyAppProof(v.appProof, v.bootProof, { trustedRootSha256: '00'.repeat(32) }), 'ERR_PROOF_ROOT');
      const root = attestation.cabundle[0]!;
      await expectCode(() => verifyAppProof(v.appProof, withAttestation(v.bootProof, flip(doc, indexOfBytes(doc, root) + 100))), 'ERR_PROOF_ROOT');
      // The fingerprint is compared in any case.
      expect((await verifyAppProof(v.appProof, v.bootProof, { trustedRootSha256: AWS_NITRO_ROOT_SHA256.toLowerCase() })).verified).to.equal(true);
    });

    it('a time outside the leaf validity (about three hours): ERR_PROOF_CERT_EXPIRED', async () => {
      const leaf = parseCertificate(attestation.certificate);
      expect(leaf.notAfter - leaf.notBefore).to.be.within(2.9 * 3600_000, 3.1 * 3600_000);
      expect((await verifyAppProof(v.appProof, v.bootProof, { validationTime: leaf.notAfter })).verified).to.equal(true);
      expect((await verifyAppProof(v.appProof, v.bootProof, { validationTime: leaf.notBefore })).verified).to.equal(true);
      await expectCode(() => verifyAppProof(v.appProof, v.bootProof, { validationTime: leaf.notAfter + 1000 }), 'ERR_PROOF_CERT_EXPIRED');
      await expectCode(() => verifyAppProof(v.appProof, v.bootProof, { validationTime: leaf.notBefore - 1000 }), 'ERR_PROOF_CERT_EXPIRED');
      await expectCode(() => verifyAppProof(v.appProof, v.bootProof, { validationTime: Date.UTC(2026, 0, 1) }), 'ERR_PROOF_CERT_EXPIRED');
    });
  });

  describe('B3 bootproof-binding-and-pins: the manifest is the one user_data names', () => {
    it('a byte of the manifest, or a manifest that is not base64: ERR_PROOF_MANIFEST', async () => {
      const manifest = decodeB64(v.bootProof.qosManifestB64);
      for (const offset of [0, 200, manifest.length - 1]) {
        await expectCode(() => verifyAppProof(v.appProof, { ...v.bootProof, qosManifestB64: toBase64(flip(manifest, offset)) }), 'ERR_PROOF_MANIFEST');
      }
      await expectCode(() => verifyAppProof(v.appProof, { ...v.bootProof, qosManifestB64: 'not base64!' }), 'ERR_PROOF_MANIFEST');
      // The envelope is another field: swapping it in fails the digest.
      await expectCode(() => verifyAppProof(v.appProof, { ...v.bootProof, qosManifestB64: v.bootProof.qosManifestEnvelopeB64 }), 'ERR_PROOF_MANIFEST');
    });

    it('namespace and deployment label pins: passed when equal, ERR_PROOF_MANIFEST otherwise', async () => {
      const result = await verifyAppProof(v.appProof, v.bootProof, { expectedNamespace: 'preprod/signer', expectedDeploymentLabel: 'r2025.9.2' });
      const outcome = Object.fromEntries(result.checks.map((c) => [c.name, c.outcome]));
      expect(outcome['manifest-namespace']).to.equal('passed');
      expect(outcome['deployment-label']).to.equal('passed');
      await expectCode(() => verifyAppProof(v.appProof, v.bootProof, { expectedNamespace: 'prod/signer' }), 'ERR_PROOF_MANIFEST');
      await expectCode(() => verifyAppProof(v.appProof, v.bootProof, { expectedDeploymentLabel: 'r2025.9.3' }), 'ERR_PROOF_MANIFEST');
    });
  });

  describe('B3 bootproof-binding-and-pins: PCR pins', () => {
    it('equal values pass the pcrs check; a different one is ERR_PROOF_PCR_PIN (the manifest check keeps ERR_PROOF_PCR)', async () => {
      const pcrs = { 0: toHex(attestation.pcrs.get(0)!), 1: toHex(attestation.pcrs.get(1)!), 2: toHex(attestation.pcrs.get(2)!).toUpperCase(), 3: toHex(attestation.pcrs.get(3)!) };
      const result = await verifyAppProof(v.appProof, v.bootProof, { expectedPcrs: pcrs });
      expect(result.checks.find((c) => c.name === 'pcrs')).to.deep.include({ outcome: 'passed' });
      await expectCode(() => verifyAppProof(v.appProof, v.bootProof, { expectedPcrs: { ...pcrs, 3: toHex(flip(attestation.pcrs.get(3)!, 47)) } }), 'ERR_PROOF_PCR_PIN');
      await expectCode(() => verifyAppProof(v.appProof, v.bootProof, { expectedPcrs: { 0: '00'.repeat(48) } }), 'ERR_PROOF_PCR_PIN');
      await expectCode(() => verifyAppProof(v.appProof, v.bootProof, { expectedPcrs: { 1: 'xyz' } }), 'ERR_PROOF_PCR_PIN');
    });
  });

  describe('B3 bootproof-binding-and-pins: the ephemeral key in its three places', () => {
    it('boot proof key differs: ERR_PROOF_KEY_MISMATCH', async () => {
      const other = await otherP256Point();
      await expectCode(() => verifyAppProof(v.appProof, { ...v.bootProof, ephemeralPublicKeyHex: other + v.bootProof.ephemeralPublicKeyHex.slice(130) }), 'ERR_PROOF_KEY_MISMATCH');
      await expectCode(() => verifyAppProof(v.appProof, { ...v.bootProof, ephemeralPublicKeyHex: '' }), 'ERR_PROOF_KEY_MISMATCH');
    });

    it("the App Proof's encryption half differs (its signature still verifies): ERR_PROOF_KEY_MISMATCH", async () => {
      const other = await otherP256Point();
      const appProof = { ...v.appProof, publicKey: other + v.appProof.publicKey.slice(130) };
      await expectCode(() => verifyAppProof(appProof, v.bootProof), 'ERR_PROOF_KEY_MISMATCH');
      // Both outer places agreeing is not enough: the attested key is the third.
      await expectCode(() => verifyAppProof(appProof, { ...v.bootProof, ephemeralPublicKeyHex: appProof.publicKey }), 'ERR_PROOF_KEY_MISMATCH');
    });
  });
});
