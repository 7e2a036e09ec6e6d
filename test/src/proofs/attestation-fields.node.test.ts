// The attestation document, field by field, through verifyAppProof: each change is signed
// again by the leaf key (synthetic-proof.ts), so a refusal is the shape check under test, and
// each change that AWS's attestation specification allows still verifies in full.
import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { verifyAppProof } from '../../../src/proofs/verify-app-proof.ts';
import { parseAttestationDocument, parseCoseSign1 } from '../../../src/proofs/attestation.ts';
import { encodeCbor } from '../../../src/proofs/cbor.ts';
import { concatBytes } from '../../../src/encoding/utf8.ts';
import { KEYS, makeWorld } from './synthetic-proof.ts';
import type { CoseParts, World } from './synthetic-proof.ts';
import type { CborMap, CborValue } from '../../../src/proofs/cbor.ts';

const FORMAT = 'ERR_PROOF_ATTESTATION_FORMAT';

describe('the attestation document, field by field (signed again after each change)', () => {
  let w: World;
  let verify: (doc?: CborMap, parts?: CoseParts) => ReturnType<typeof verifyAppProof>;
  const withField = (name: string, value: CborValue | undefined): CborMap => {
    const doc = w.document();
    if (value === undefined) doc.delete(name);
    else doc.set(name, value);
    return doc;
  };
  const pcrMap = (entries: [CborValue, CborValue][]): CborMap => new Map(entries as [number, CborValue][]);
  const pcrsUpTo = (count: number): [number, Uint8Array][] => Array.from({ length: count }, (_, i) => [i, new Uint8Array(48).fill(i)]);

  before(() => {
    w = makeWorld();
    verify = (doc, parts) => verifyAppProof(w.appProof(), w.bootProof(doc, parts), { trustedRootSha256: w.rootSha256 });
  });

  it('the unchanged document verifies, tagged 18 or not, and reports its module', async () => {
    const result = await verify();
    expect(result.verified).to.equal(true);
    expect(result.enclave.moduleId).to.equal('i-synthetic-enc0123456789abcdef');
    expect(result.checks.find((c) => c.name === 'attestation-format')!.detail).to.equal('COSE_Sign1 ES384, module i-synthetic-enc0123456789abcdef');
    expect((await verify(undefined, { tagged: true })).verified).to.equal(true);
  });

  it('COSE_Sign1: not four elements, or a field of the wrong type: ERR_PROOF_ATTESTATION_FORMAT', async () => {
    await expectCode(() => verify(undefined, { replaceArray: (a) => a.slice(0, 3) }), FORMAT);
    await expectCode(() => verify(undefined, { replaceArray: (a) => [...a, new Uint8Array(0)] }), FORMAT);
    await expectCode(() => verify(undefined, { replaceArray: (a) => new Map([[1, a[0]!]]) }), FORMAT);
    for (const index of [0, 2, 3]) {
      await expectCode(() => verify(undefined, { replaceArray: (a) => a.map((v, i) => (i === index ? 'text' : v)) }), FORMAT);
    }
    await expectCode(() => verify(undefined, { unprotected: [] }), FORMAT);
    // Another tag than 18 in front of the array.
    await expectCode(() => verifyAppProof(w.appProof(), { ...w.bootProof(), awsAttestationDocB64: Buffer.from(concatBytes(Uint8Array.of(0xd1), Buffer.from(w.bootProof().awsAttestationDocB64, 'base64'))).toString('base64') }, { trustedRootSha256: w.rootSha256 }), FORMAT);
  });

  it('the protected header: alg other than ES384 (-35), no alg, not a map, or not CBOR: ERR_PROOF_ATTESTATION_FORMAT', async () => {
    for (const header of [encodeCbor(new Map([[1, -36]])), encodeCbor(new Map([[1, -7]])), encodeCbor(new Map([[4, -35]])), encodeCbor(new Map([['1', -35]])), encodeCbor([1, -35]), Uint8Array.of(0xff)]) {
      await expectCode(() => verify(undefined, { header }), FORMAT);
    }
    // Another parameter beside alg is allowed (and signed).
    expect((await verify(undefined, { header: encodeCbor(new Map<number, CborValue>([[1, -35], [4, Uint8Array.of(1)]])) })).verified).to.equal(true);
  });

  it('a signature that is not 96 bytes: ERR_PROOF_ATTESTATION_FORMAT', async () => {
    for (const length of [95, 97, 64, 0]) await expectCode(() => verify(undefined, { signature: new Uint8Array(length).fill(1) }), FORMAT);
    await expectCode(() => verify(undefined, { signature: new Uint8Array(96).fill(1) }), 'ERR_PROOF_ATTESTATION_SIGNATURE');
  });

  it('a payload that is not a map: ERR_PROOF_ATTESTATION_FORMAT', async () => {
    const doc = w.document();
    await expectCode(() => verifyAppProof(w.appProof(), w.bootProof(undefined, { replaceArray: (a) => [a[0]!, a[1]!, encodeCbor([...doc.entries()].flat()), a[3]!] }), { trustedRootSha256: w.rootSha256 }), FORMAT);
  });

  it('each required field missing: ERR_PROOF_ATTESTATION_FORMAT; the nonce may be missing or null', async () => {
    for (const name of ['module_id', 'digest', 'timestamp', 'pcrs', 'certificate', 'cabundle', 'public_key', 'user_data']) {
      await expectCode(() => verify(withField(name, undefined)), FORMAT).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
    expect((await verify(withField('nonce', undefined))).verified).to.equal(true);
    expect((await verify(withField('nonce', null))).verified).to.equal(true);
  });

  it('module_id empty or not text, digest other than SHA384: ERR_PROOF_ATTESTATION_FORMAT', async () => {
    for (const value of ['', 7, Uint8Array.of(0x69)]) await expectCode(() => verify(withField('module_id', value)), FORMAT);
    for (const value of ['SHA256', 'sha384', 'SHA512', 384]) await expectCode(() => verify(withField('digest', value)), FORMAT);
    expect((await verify(withField('module_id', 'i'))).enclave.moduleId).to.equal('i');
  });

  it('a timestamp that is not a positive integer: ERR_PROOF_ATTESTATION_FORMAT (1 ms is positive)', async () => {
    for (const value of [0, -1, '1758058763571', true, null]) await expectCode(() => verify(withField('timestamp', value)), FORMAT);
    // The certificates are judged at the App Proof's time, not at this one.
    expect((await verify(withField('timestamp', 1))).verified).to.equal(true);
  });

  it('PCRs: 16 to 32 indexes, each a 48-byte value, 0 to 15 all present', async () => {
    expect((await verify(withField('pcrs', pcrMap([...w.document().get('pcrs') as CborMap, ...pcrsUpTo(32).slice(16)])))).verified).to.equal(true);
    const bad: Record<string, CborMap | CborValue> = {
      '15 PCRs': pcrMap([...(w.document().get('pcrs') as CborMap)].slice(0, 15)),
      '33 PCRs': pcrMap([...(w.document().get('pcrs') as CborMap), ...pcrsUpTo(33).slice(16)]),
      'index 32': pcrMap([...(w.document().get('pcrs') as CborMap), [32, new Uint8Array(48)]]),
      'index 15 missing, 31 instead': pcrMap([...pcrsUpTo(15), [31, new Uint8Array(48)]]),
      'index 0 missing, 16 instead': pcrMap([...pcrsUpTo(16).slice(1), [16, new Uint8Array(48)]]),
      'a text index': pcrMap([...pcrsUpTo(15), ['15', new Uint8Array(48)]]),
      'a text index beside 0 to 15': pcrMap([...pcrsUpTo(16), ['16', new Uint8Array(48)]]),
      'a 47-byte PCR': pcrMap([...pcrsUpTo(15), [15, new Uint8Array(47)]]),
      'a 49-byte PCR': pcrMap([...pcrsUpTo(15), [15, new Uint8Array(49)]]),
      'a PCR that is text': pcrMap([...pcrsUpTo(15), [15, '0'.repeat(48)]]),
      'a list': pcrsUpTo(16).map(([, v]) => v),
    };
    for (const [name, pcrs] of Object.entries(bad)) {
      await expectCode(() => verify(withField('pcrs', pcrs)), FORMAT).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
  });

  it('cabundle: a non-empty list of byte strings of 1 to 1024 bytes (a 1024-byte one fails as a certificate instead)', async () => {
    for (const value of [[], 'cabundle', [w.root, 'text'], [w.root, new Uint8Array(0)], [w.root, w.intermediate, new Uint8Array(1025)], new Map([[0, w.root]])]) {
      await expectCode(() => verify(withField('cabundle', value)), FORMAT);
    }
    await expectCode(() => verify(withField('cabundle', [w.root, w.intermediate, new Uint8Array(1024).fill(0x30)])), 'ERR_PROOF_CERT_CHAIN');
  });

  it('certificate and public_key: 1 to 1024 bytes; user_data: 32 bytes; nonce: up to 512 bytes', async () => {
    for (const value of [new Uint8Array(0), new Uint8Array(1025), 'certificate']) await expectCode(() => verify(withField('certificate', value)), FORMAT);
    await expectCode(() => verify(withField('certificate', new Uint8Array(1024).fill(0x30))), 'ERR_PROOF_CERT_CHAIN');
    for (const value of [new Uint8Array(0), new Uint8Array(1025), 'key']) await expectCode(() => verify(withField('public_key', value)), FORMAT);
    await expectCode(() => verify(withField('public_key', new Uint8Array(1024).fill(4))), 'ERR_PROOF_KEY_MISMATCH');
    await expectCode(() => verify(withField('public_key', new Uint8Array(1).fill(4))), 'ERR_PROOF_KEY_MISMATCH');
    for (const value of [new Uint8Array(31), new Uint8Array(33), 'data']) await expectCode(() => verify(withField('user_data', value)), FORMAT);
    for (const value of [new Uint8Array(513), 'nonce', 7]) await expectCode(() => verify(withField('nonce', value)), FORMAT);
    expect((await verify(withField('nonce', new Uint8Array(512).fill(9)))).verified).to.equal(true);
    expect((await verify(withField('nonce', new Uint8Array(0)))).verified).to.equal(true);
  });

  it('parseAttestationDocument returns the fields as signed (nonce, timestamp, digest, cabundle)', () => {
    const nonce = Uint8Array.of(1, 2, 3);
    const doc = w.document();
    doc.set('nonce', nonce);
    const parsed = parseAttestationDocument(parseCoseSign1(concatBytes(Uint8Array.of(0xd2), encodeCbor([encodeCbor(new Map([[1, -35]])), new Map(), encodeCbor(doc), new Uint8Array(96)]))).payload);
    expect(parsed).to.deep.include({ moduleId: 'i-synthetic-enc0123456789abcdef', digest: 'SHA384', timestamp: doc.get('timestamp') });
    expect(parsed.nonce).to.deep.equal(nonce);
    expect(parsed.cabundle).to.deep.equal([w.root, w.intermediate]);
    expect(parsed.pcrs.size).to.equal(16);
    expect(parsed.publicKey).to.deep.equal(doc.get('public_key'));
    expect(parsed.userData).to.deep.equal(doc.get('user_data'));
    expect(parsed.certificate).to.deep.equal(w.leaf);
    const withoutNonce = w.document();
    withoutNonce.delete('nonce');
    expect(parseAttestationDocument(encodeCbor(withoutNonce)).nonce).to.equal(null);
  });

  it('signed by another key than the leaf: ERR_PROOF_ATTESTATION_SIGNATURE', async () => {
    await expectCode(() => verify(undefined, { signer: KEYS.intermediate }), 'ERR_PROOF_ATTESTATION_SIGNATURE');
  });
});
