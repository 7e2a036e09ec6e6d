import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { parseQosManifest } from '../../../src/proofs/qos-manifest.ts';
import { parseAttestationDocument, parseCoseSign1 } from '../../../src/proofs/attestation.ts';
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { concatBytes } from '../../../src/encoding/utf8.ts';
import { decodeB64, loadAppProofVector } from './proof-fixtures.ts';
import type { AttestationDocument } from '../../../src/proofs/attestation.ts';

describe('QOS manifest (Borsh)', () => {
  let manifest: Uint8Array;
  let doc: AttestationDocument;
  before(async () => {
    const v = await loadAppProofVector();
    manifest = decodeB64(v.bootProof.qosManifestB64);
    doc = parseAttestationDocument(parseCoseSign1(decodeB64(v.bootProof.awsAttestationDocB64)).payload);
  });

  it("reads the vector's manifest: namespace, nonce, pivot, PCRs equal to the attested ones, AWS root", async () => {
    const m = parseQosManifest(manifest);
    expect(m.namespace.name).to.equal('preprod/signer');
    expect(m.namespace.nonce).to.equal(20250902);
    expect(m.namespace.quorumKey.length).to.equal(130);
    expect(m.pivot.hash.length).to.equal(32);
    expect(m.pivot.args[0]).to.equal('--ump-public-key');
    expect(m.pcrs.map(toHex)).to.deep.equal([0, 1, 2, 3].map((i) => toHex(doc.pcrs.get(i)!)));
    expect(toHex(await sha256(m.awsRootCertificate)).toUpperCase()).to.equal('641A0321A3E244EFE456463195D606317ED7CDCC3C1756E09893F3C68F79BB5B');
  });

  it('reads a manifest without the newer patch set', () => {
    // The vector ends with patch_set {threshold 2, two 130-byte keys}: 4 + 4 + 2 × (4 + 130) bytes.
    const older = manifest.subarray(0, manifest.length - 276);
    expect(parseQosManifest(older).namespace.name).to.equal('preprod/signer');
  });

  it('refuses truncated input, trailing bytes and impossible lengths with ERR_PROOF_MANIFEST', async () => {
    for (const bytes of [manifest.subarray(0, 10), manifest.subarray(0, manifest.length - 1), concatBytes(manifest, Uint8Array.of(0)), Uint8Array.of(0xff, 0xff, 0xff, 0x7f), new Uint8Array(0)]) {
      await expectCode(() => parseQosManifest(bytes), 'ERR_PROOF_MANIFEST');
    }
  });
});
