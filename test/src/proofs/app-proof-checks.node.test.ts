// verifyAppProof's own checks on a proof world signed in the test (synthetic-proof.ts): the
// payload, the 130-byte key, the manifest and the pins. Each App Proof here is signed again
// after its change, so the refusal is the check under test and not a broken signature.
import { describe, it, expect, expectCode, before, after } from '../../support/harness.ts';
import { verifyAppProof } from '../../../src/proofs/verify-app-proof.ts';
import { AWS_NITRO_ROOT_SHA256 } from '../../../src/proofs/proof-types.ts';
import { loadAppProofVector } from './proof-fixtures.ts';
import { verifyEcdsa } from '../../../src/proofs/ecdsa-verify.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { EPHEMERAL_KEY, KEYS, PCRS, PROOF_TIME, makeWorld, manifestBytes } from './synthetic-proof.ts';
import type { World } from './synthetic-proof.ts';
import type { AppProof, BootProof, VerifyAppProofOptions } from '../../../src/proofs/proof-types.ts';

describe('verifyAppProof: payload, key, manifest and pins (a proof world signed in the test)', () => {
  let w: World;
  let trust: VerifyAppProofOptions;
  const outcomeOf = (result: Awaited<ReturnType<typeof verifyAppProof>>, name: string) => result.checks.find((c) => c.name === name);

  before(() => {
    w = makeWorld();
    trust = { trustedRootSha256: w.rootSha256 };
  });

  it('reports every check in order, with what each compared (the whole report of a proof that verifies)', async () => {
    const result = await verifyAppProof(w.appProof(), w.bootProof(), trust);
    expect(result.checks).to.deep.equal([
      { name: 'payload', outcome: 'passed', detail: 'APP_PROOF_TYPE_ADDRESS_DERIVATION' },
      { name: 'app-proof-signature', outcome: 'passed', detail: 'P-256 signature by the second half of the enclave key' },
      { name: 'attestation-format', outcome: 'passed', detail: 'COSE_Sign1 ES384, module i-synthetic-enc0123456789abcdef' },
      { name: 'root-certificate', outcome: 'passed', detail: 'a root trusted by trustedRootSha256, not the AWS Nitro root' },
      { name: 'certificate-chain', outcome: 'passed', detail: `3 certificates, valid at ${new Date(PROOF_TIME).toISOString()}` },
      { name: 'attestation-signature', outcome: 'passed', detail: 'ES384 by the leaf certificate' },
      { name: 'manifest-digest', outcome: 'passed', detail: 'SHA-256(manifest) = user_data' },
      { name: 'ephemeral-key', outcome: 'passed', detail: 'App Proof key = ephemeralPublicKeyHex = attested public_key' },
      { name: 'manifest-pcrs', outcome: 'passed', detail: 'manifest PCR0..PCR3 = attested PCR0..PCR3' },
      { name: 'pcrs', outcome: 'not-performed', detail: 'no expected PCR values were given: the attested values are reported, not judged' },
      { name: 'manifest-namespace', outcome: 'not-performed', detail: 'no expected namespace was given' },
      { name: 'deployment-label', outcome: 'not-performed', detail: 'no expected deployment label was given' },
      { name: 'manifest-approvals', outcome: 'not-performed', detail: 'the quorum approvals in qosManifestEnvelopeB64 are not checked' },
    ]);
    expect(result).to.deep.include({ verified: true, proofTime: PROOF_TIME });
    expect(result.enclave).to.deep.equal({ deploymentLabel: 'synthetic', enclaveApp: 'signer', owner: 'tests', namespace: 'synthetic/signer', moduleId: 'i-synthetic-enc0123456789abcdef', pcrs: PCRS.slice(0, 4).map(toHex) });
  });

  it('a payload that is not a JSON object with a text type and a decimal timestamp of 1 to 16 digits: ERR_PROOF_PAYLOAD', async () => {
    const base = w.defaultPayload();
    const bad: unknown[] = [
      'null', '[]', '"text"', '7', 'true',
      { ...base, type: 7 }, { ...base, type: undefined }, { ...base, timestampMs: undefined }, { ...base, timestampMs: PROOF_TIME },
      ...['', '12345678901234567', '12a', ' 12', '12 ', '-1', '1.5', '1e3', '0x1f'].map((timestampMs) => ({ ...base, timestampMs })),
    ];
    for (const payload of bad) {
      await expectCode(() => verifyAppProof(w.appProof(payload), w.bootProof(), trust), 'ERR_PROOF_PAYLOAD').catch((error: Error) => {
        throw new Error(`${JSON.stringify(payload)}: ${error.message}`);
      });
    }
    await expectCode(() => verifyAppProof({ ...w.appProof(), proofPayload: 5 as unknown as string }, w.bootProof(), trust), 'ERR_PROOF_PAYLOAD');
    // A String object reads as the same JSON and encodes to the same signed bytes, but is not a string.
    const signed = w.appProof();
    await expectCode(() => verifyAppProof({ ...signed, proofPayload: new String(signed.proofPayload) as unknown as string }, w.bootProof(), trust), 'ERR_PROOF_PAYLOAD');
    // 16 digits is the limit (judged at a given time, since that proof time is far away).
    const far = await verifyAppProof(w.appProof({ ...base, timestampMs: '1000000000000000' }), w.bootProof(), { ...trust, validationTime: PROOF_TIME });
    expect(far.proofTime).to.equal(1e15);
    expect((await verifyAppProof(w.appProof({ ...base, timestampMs: '0' }), w.bootProof(), { ...trust, validationTime: PROOF_TIME })).proofTime).to.equal(0);
  });

  it('an address derivation without its address or organization, a policy outcome without its outcome: ERR_PROOF_PAYLOAD', async () => {
    const base = w.defaultPayload();
    const address = base.addressDerivationProof as Record<string, unknown>;
    for (const proof of [undefined, null, 'address', { ...address, address: undefined }, { ...address, address: 7 }, { ...address, organizationId: undefined }, { ...address, organizationId: 7 }]) {
      await expectCode(() => verifyAppProof(w.appProof({ ...base, addressDerivationProof: proof }), w.bootProof(), trust), 'ERR_PROOF_PAYLOAD');
    }
    const policy = { type: 'APP_PROOF_TYPE_POLICY_OUTCOME', timestampMs: String(PROOF_TIME) };
    for (const outcome of [undefined, null, 'ALLOW']) {
      await expectCode(() => verifyAppProof(w.appProof({ ...policy, policyOutcomeProof: outcome }), w.bootProof(), trust), 'ERR_PROOF_PAYLOAD');
    }
    const allowed = await verifyAppProof(w.appProof({ ...policy, policyOutcomeProof: { organizationId: 'org-1', outcome: 'ALLOW' } }), w.bootProof(), trust);
    expect(allowed.payload.policyOutcomeProof).to.deep.equal({ organizationId: 'org-1', outcome: 'ALLOW' });
    expect(outcomeOf(allowed, 'payload')).to.deep.equal({ name: 'payload', outcome: 'passed', detail: 'APP_PROOF_TYPE_POLICY_OUTCOME' });
    // Another type needs neither (the payload is kept as sent).
    const other = await verifyAppProof(w.appProof({ type: 'APP_PROOF_TYPE_OTHER', timestampMs: String(PROOF_TIME), extra: [1] }), w.bootProof(), trust);
    expect(other.payload).to.deep.equal({ type: 'APP_PROOF_TYPE_OTHER', timestampMs: String(PROOF_TIME), extra: [1] });
    expect(other.proofTime).to.equal(PROOF_TIME);
  });

  /** An App Proof, signed by the enclave's signing key, whose key the boot proof and the attestation both carry. */
  const agreeing = async (key: Uint8Array): Promise<[AppProof, BootProof]> => {
    const doc = w.document();
    doc.set('public_key', key);
    return [w.appProof(undefined, key), { ...w.bootProof(doc), ephemeralPublicKeyHex: toHex(key) }];
  };

  it('a key that is not two uncompressed points, even when all three places agree on it: ERR_PROOF_SIGNATURE', async () => {
    // The encryption half starts 05 instead of 04; the signing half still signs.
    const badPrefix = concatBytes(Uint8Array.of(0x05), EPHEMERAL_KEY.subarray(1));
    await expectCode(async () => verifyAppProof(...(await agreeing(badPrefix)), trust), 'ERR_PROOF_SIGNATURE');
    // 131 bytes: one more byte in front of a proper key.
    await expectCode(async () => verifyAppProof(...(await agreeing(concatBytes(Uint8Array.of(0x04), EPHEMERAL_KEY))), trust), 'ERR_PROOF_SIGNATURE');
    await expectCode(async () => verifyAppProof(...(await agreeing(EPHEMERAL_KEY.subarray(1))), trust), 'ERR_PROOF_SIGNATURE');
    // The control: the same three-way agreement on the real key verifies.
    expect((await verifyAppProof(...(await agreeing(EPHEMERAL_KEY)), trust)).verified).to.equal(true);
    await expectCode(() => verifyAppProof({ ...w.appProof(), publicKey: 'xyz' }, w.bootProof(), trust), 'ERR_PROOF_SIGNATURE');
    await expectCode(() => verifyAppProof({ ...w.appProof(), publicKey: 7 as unknown as string }, w.bootProof(), trust), 'ERR_PROOF_SIGNATURE');
    await expectCode(() => verifyAppProof({ ...w.appProof(), signature: 7 as unknown as string }, w.bootProof(), trust), 'ERR_PROOF_SIGNATURE');
  });

  it('a signing half in the hybrid form (06/07, which WebCrypto imports), validly signed and agreed on by all three: not uncompressed', async () => {
    // X9.62's hybrid form: both coordinates, the first byte 06 for an even y and 07 for an odd one.
    const hybrid = KEYS.signing.publicKey.slice();
    hybrid[0] = 0x06 | (hybrid[64]! & 1);
    const [app, boot] = await agreeing(concatBytes(KEYS.encryption.publicKey, hybrid));
    // WebCrypto verifies the proof's signature with the hybrid point: only the 04 check refuses it.
    expect(await verifyEcdsa('P-256', 'SHA-256', hybrid, fromHex(app.signature), utf8Encode(app.proofPayload))).to.equal(true);
    const refusal = await expectCode(() => verifyAppProof(app, boot, trust), 'ERR_PROOF_SIGNATURE');
    expect(refusal.message).to.equal('The App Proof key is not two uncompressed P-256 keys (130 bytes).');
  });

  it('no App Proof or no Boot Proof: ERR_PROOF_PAYLOAD; a boot proof key that is not hex: ERR_PROOF_KEY_MISMATCH', async () => {
    for (const [a, b] of [[null, w.bootProof()], [w.appProof(), null], ['proof', w.bootProof()], [w.appProof(), 'boot']] as const) {
      await expectCode(() => verifyAppProof(a as AppProof, b as BootProof, trust), 'ERR_PROOF_PAYLOAD');
    }
    await expectCode(() => verifyAppProof(w.appProof(), { ...w.bootProof(), ephemeralPublicKeyHex: 'zz' + toHex(EPHEMERAL_KEY).slice(2) }, trust), 'ERR_PROOF_KEY_MISMATCH');
    await expectCode(() => verifyAppProof(w.appProof(), { ...w.bootProof(), ephemeralPublicKeyHex: 7 as unknown as string }, trust), 'ERR_PROOF_KEY_MISMATCH');
    // The attested key alone differs (App Proof and boot proof agree).
    const doc = w.document();
    doc.set('public_key', concatBytes(KEYS.signing.publicKey, KEYS.signing.publicKey));
    await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(doc), trust), 'ERR_PROOF_KEY_MISMATCH');
  });

  it("each of the manifest's PCR0..PCR3 must be the attested one: ERR_PROOF_PCR", async () => {
    const result = await verifyAppProof(w.appProof(), w.bootProof(), trust);
    expect(outcomeOf(result, 'manifest-pcrs')).to.deep.equal({ name: 'manifest-pcrs', outcome: 'passed', detail: 'manifest PCR0..PCR3 = attested PCR0..PCR3' });
    expect(result.enclave.pcrs).to.deep.equal(PCRS.slice(0, 4).map(toHex));
    for (let i = 0; i < 4; i++) {
      const pcrs = PCRS.map((pcr, j) => (j === i ? new Uint8Array(48).fill(0xee) : pcr));
      const manifest = manifestBytes(pcrs);
      const doc = w.document();
      doc.set('user_data', sha256(manifest));
      await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(doc, {}, manifest), trust), 'ERR_PROOF_PCR');
    }
  });

  it('a manifest of unknown layout: its PCRs and namespace not checked (said so), a namespace pin refused', async () => {
    const manifest = concatBytes(manifestBytes(), Uint8Array.of(1, 2, 3));
    const doc = w.document();
    doc.set('user_data', sha256(manifest));
    const boot = w.bootProof(doc, {}, manifest);
    const result = await verifyAppProof(w.appProof(), boot, trust);
    expect(outcomeOf(result, 'manifest-pcrs')).to.deep.equal({ name: 'manifest-pcrs', outcome: 'not-performed', detail: 'the manifest layout was not recognized' });
    expect(result.enclave).to.not.have.property('namespace');
    expect(result.enclave).to.deep.include({ deploymentLabel: 'synthetic', enclaveApp: 'signer', owner: 'tests', moduleId: 'i-synthetic-enc0123456789abcdef' });
    await expectCode(() => verifyAppProof(w.appProof(), boot, { ...trust, expectedNamespace: 'synthetic/signer' }), 'ERR_PROOF_MANIFEST');
    // Known layout: the namespace is reported and a pin on it passes, with its name as the detail.
    const known = await verifyAppProof(w.appProof(), w.bootProof(), { ...trust, expectedNamespace: 'synthetic/signer', expectedDeploymentLabel: 'synthetic' });
    expect(known.enclave.namespace).to.equal('synthetic/signer');
    expect(outcomeOf(known, 'manifest-namespace')).to.deep.equal({ name: 'manifest-namespace', outcome: 'passed', detail: 'synthetic/signer' });
    expect(outcomeOf(known, 'deployment-label')).to.deep.equal({ name: 'deployment-label', outcome: 'passed', detail: 'synthetic (a boot proof field, not covered by the attestation)' });
    await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(), { ...trust, expectedNamespace: '' }), 'ERR_PROOF_MANIFEST');
    await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(), { ...trust, expectedDeploymentLabel: '' }), 'ERR_PROOF_MANIFEST');
  });

  it('PCR pins: only PCR0..PCR3, each equal to the attested value; the pinned ones named in the check', async () => {
    const hex = PCRS.map(toHex);
    const two = await verifyAppProof(w.appProof(), w.bootProof(), { ...trust, expectedPcrs: { 0: hex[0], 1: undefined, 2: hex[2]!.toUpperCase() } });
    expect(outcomeOf(two, 'pcrs')).to.deep.equal({ name: 'pcrs', outcome: 'passed', detail: 'PCR0, PCR2 as expected' });
    const one = await verifyAppProof(w.appProof(), w.bootProof(), { ...trust, expectedPcrs: { 3: hex[3] } });
    expect(outcomeOf(one, 'pcrs')).to.deep.equal({ name: 'pcrs', outcome: 'passed', detail: 'PCR3 as expected' });
    const none = await verifyAppProof(w.appProof(), w.bootProof(), { ...trust, expectedPcrs: { 1: undefined } });
    expect(outcomeOf(none, 'pcrs')!.outcome).to.equal('not-performed');
    // PCR4 is attested (zeros) but is not one a caller may pin.
    await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(), { ...trust, expectedPcrs: { 4: hex[4] } as VerifyAppProofOptions['expectedPcrs'] }), 'ERR_PROOF_PCR_PIN');
    for (let i = 0; i < 4; i++) {
      await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(), { ...trust, expectedPcrs: { [i]: hex[(i + 1) % 4] } }), 'ERR_PROOF_PCR_PIN');
    }
  });

  it('the AWS root by default: a synthetic root is ERR_PROOF_ROOT unless trusted; trusting another root is refused on a non-loopback page', async () => {
    await expectCode(() => verifyAppProof(w.appProof(), w.bootProof()), 'ERR_PROOF_ROOT');
    const g = globalThis as { location?: unknown };
    g.location = { hostname: 'wallet.example.com' };
    try {
      await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(), trust), 'ERR_CONFIG_INVALID');
      // The AWS root itself (in any case) is no development trust.
      const v = await loadAppProofVector();
      const result = await verifyAppProof(v.appProof, v.bootProof, { trustedRootSha256: AWS_NITRO_ROOT_SHA256.toLowerCase() });
      expect(outcomeOf(result, 'root-certificate')!.detail).to.equal('AWS Nitro Enclaves root (pinned SHA-256)');
    } finally {
      delete g.location;
    }
    const local = await verifyAppProof(w.appProof(), w.bootProof(), trust);
    expect(outcomeOf(local, 'root-certificate')!.detail).to.equal('a root trusted by trustedRootSha256, not the AWS Nitro root');
  });

  it('validationTime replaces the proof time for the certificates only', async () => {
    await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(), { ...trust, validationTime: PROOF_TIME + 3 * 3_600_000 }), 'ERR_PROOF_CERT_EXPIRED');
    const result = await verifyAppProof(w.appProof(), w.bootProof(), { ...trust, validationTime: PROOF_TIME + 3_600_000 });
    expect(result.proofTime).to.equal(PROOF_TIME);
    expect(outcomeOf(result, 'certificate-chain')!.detail).to.equal(`3 certificates, valid at ${new Date(PROOF_TIME + 3_600_000).toISOString()}`);
  });

  after(() => {
    delete (globalThis as { location?: unknown }).location;
  });
});
