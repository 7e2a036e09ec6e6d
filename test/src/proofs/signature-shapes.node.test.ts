// B2 pinned against its careless mutation (issue 39): every signature the proof verifier checks
// (the App Proof's, the attestation's COSE signature, each certificate's) refuses an empty, cut
// short, all-zero or over-long signature, with the signed bytes as they were and changed. A
// refactor to `if (signature.length > 0 && !verify(…))` in any of them fails here.
import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { verifyAppProof } from '../../../src/proofs/verify-app-proof.ts';
import { verifyAppProofs } from '../../../src/proofs/verify-app-proofs.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { derSignatureShapes, rawSignatureShapes } from '../../support/signature-shapes.ts';
import { loadAppProofVector, type AppProofVector } from './proof-fixtures.ts';
import { bitString } from '../../../demo/emulator/proofs/der-writer.ts';
import { KEYS, attestationDocument, certificate, coseSign1, intermediateSpec, leafSpec, makeWorld, signWith, type World } from './synthetic-proof.ts';
import { encodeCbor } from '../../../src/proofs/cbor.ts';
import type { AppProof, BootProof, VerifyAppProofOptions } from '../../../src/proofs/proof-types.ts';

describe('B2 appproof-mutations: no signature of a proof is optional (empty, cut short, zero, over-long)', () => {
  let v: AppProofVector;
  let w: World;
  let trust: VerifyAppProofOptions;
  before(async () => {
    v = await loadAppProofVector();
    w = makeWorld();
    trust = { trustedRootSha256: w.rootSha256 };
  });

  it('the App Proof (production vector): every shape, over its payload and over a changed one: ERR_PROOF_SIGNATURE', async () => {
    const changed = v.appProof.proofPayload.replace('0xb84b4730', '0xb84b4731');
    expect(changed).to.not.equal(v.appProof.proofPayload);
    for (const proofPayload of [v.appProof.proofPayload, changed]) {
      for (const [name, bytes] of rawSignatureShapes(fromHex(v.appProof.signature))) {
        const refusal = await expectCode(() => verifyAppProof({ ...v.appProof, proofPayload, signature: toHex(bytes) }, v.bootProof), 'ERR_PROOF_SIGNATURE');
        expect(refusal.message, name).to.match(/signature/);
      }
    }
    // The signature field itself absent or not text.
    for (const signature of [undefined, null, 0, [], {}]) {
      await expectCode(() => verifyAppProof({ ...v.appProof, proofPayload: changed, signature } as unknown as AppProof, v.bootProof), 'ERR_PROOF_SIGNATURE');
    }
  });

  it('the App Proof (a proof world signed in the test): every shape: ERR_PROOF_SIGNATURE, and verifyAppProofs refuses the set', async () => {
    const good = w.appProof();
    expect((await verifyAppProof(good, w.bootProof(), trust)).verified).to.equal(true);
    const changed = { ...good, proofPayload: JSON.stringify({ ...w.defaultPayload(), timestampMs: '1' }) };
    for (const proof of [good, changed]) {
      for (const [, bytes] of rawSignatureShapes(fromHex(good.signature))) {
        await expectCode(() => verifyAppProof({ ...proof, signature: toHex(bytes) }, w.bootProof(), trust), 'ERR_PROOF_SIGNATURE');
      }
    }
    const bootProof = w.bootProof();
    const client = { getBootProof: async () => bootProof };
    await expectCode(() => verifyAppProofs([good, { ...changed, signature: '' }], { ...trust, client, organizationId: 'org-1' }), 'ERR_PROOF_SIGNATURE');
  });

  it('the boot proof\'s attestation (COSE_Sign1 ES384): over its document and a changed one, a cut or over-long signature is ERR_PROOF_ATTESTATION_FORMAT, a 96-byte one that does not verify ERR_PROOF_ATTESTATION_SIGNATURE', async () => {
    const doc = w.document();
    const changed = w.document();
    changed.set('module_id', 'i-another-enclave');
    const toSign = encodeCbor(['Signature1', encodeCbor(new Map([[1, -35]])), new Uint8Array(0), encodeCbor(doc)]);
    const genuine = signWith(KEYS.leaf, 'SHA-384', toSign, 'compact');
    expect((await verifyAppProof(w.appProof(), w.bootProof(doc, { signature: genuine }), trust)).verified).to.equal(true);
    for (const document of [doc, changed]) {
      for (const [name, bytes] of rawSignatureShapes(genuine)) {
        const code = bytes.length === 96 ? 'ERR_PROOF_ATTESTATION_SIGNATURE' : 'ERR_PROOF_ATTESTATION_FORMAT';
        const refusal = await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(document, { signature: bytes }), trust), code);
        expect(refusal.message, name).to.match(/signature/);
      }
    }
  });

  it('each certificate of the chain (leaf and intermediate), its contents as signed and changed: ERR_PROOF_CERT_CHAIN', async () => {
    const proofWith = (intermediate: Uint8Array, leaf: Uint8Array): BootProof => {
      const doc = attestationDocument([w.root, intermediate], leaf, w.manifest);
      return { ...w.bootProof(), awsAttestationDocB64: Buffer.from(coseSign1(doc)).toString('base64') } as BootProof;
    };
    const leafDer = (spec: ReturnType<typeof leafSpec>) => certificate(spec).der;
    const genuineLeafSignature = signWith(KEYS.intermediate, 'SHA-384', certificate(leafSpec()).tbs, 'der');
    const genuineIntermediateSignature = signWith(KEYS.root, 'SHA-384', certificate(intermediateSpec()).tbs, 'der');
    expect((await verifyAppProof(w.appProof(), proofWith(w.intermediate, w.leaf), trust)).verified).to.equal(true);
    for (const subject of [leafSpec().subject, 'i-another-enclave']) {
      for (const [name, bytes] of derSignatureShapes(genuineLeafSignature)) {
        const refusal = await expectCode(() => verifyAppProof(w.appProof(), proofWith(w.intermediate, leafDer({ ...leafSpec(), subject, signatureValue: bitString(bytes) })), trust), 'ERR_PROOF_CERT_CHAIN');
        expect(refusal.message, name).to.match(/signature|well-formed/);
      }
    }
    for (const subject of [intermediateSpec().subject, 'Another intermediate']) {
      for (const [name, bytes] of derSignatureShapes(genuineIntermediateSignature)) {
        const intermediate = certificate({ ...intermediateSpec(), subject, signatureValue: bitString(bytes) }).der;
        const refusal = await expectCode(() => verifyAppProof(w.appProof(), proofWith(intermediate, w.leaf), trust), 'ERR_PROOF_CERT_CHAIN');
        expect(refusal.message, name).to.match(/signature|well-formed|issuer/);
      }
    }
  });
});
