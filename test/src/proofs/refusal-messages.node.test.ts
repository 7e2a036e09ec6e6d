// Several checks share a LatchError code (ERR_PROOF_ATTESTATION_FORMAT has thirteen), so a test
// that looks at the code alone can pass on the wrong check. Here each refusal is made once, on
// the proof world signed in the test (synthetic-proof.ts), and must come with the code and the
// message of the check that refused it: the message is what a developer reads to find which
// part of the proof failed.
import { describe, it, expect, before } from '../../support/harness.ts';
import { verifyAppProof } from '../../../src/proofs/verify-app-proof.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { verifyAppProofs } from '../../../src/proofs/verify-app-proofs.ts';
import { parseAttestationDocument } from '../../../src/proofs/attestation.ts';
import { verifyCertificateChain } from '../../../src/proofs/cert-chain.ts';
import { parseQosManifest } from '../../../src/proofs/qos-manifest.ts';
import { readDer } from '../../../src/proofs/der-reader.ts';
import { decodeCbor, encodeCbor } from '../../../src/proofs/cbor.ts';
import { fromBase64 } from '../../../src/proofs/base64.ts';
import { concatBytes } from '../../../src/encoding/utf8.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bitString, sequence, time, tlv } from '../../../demo/emulator/proofs/der-writer.ts';
import { EPHEMERAL_KEY, KEYS, PCRS, PROOF_TIME, certificate, intermediateSpec, leafSpec, makeWorld, manifestBytes, rootSpec } from './synthetic-proof.ts';
import type { World } from './synthetic-proof.ts';
import type { CborMap, CborValue } from '../../../src/proofs/cbor.ts';
import type { AppProof, BootProof } from '../../../src/proofs/proof-types.ts';

/** The refusal's code, message and the code or name of its cause (what went wrong underneath). */
async function refusal(fn: () => unknown): Promise<{ code?: string; message: string; cause?: string }> {
  try {
    await fn();
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return { code: (error as { code?: string }).code, message: (error as Error).message, ...(cause ? { cause: isLatchError(cause) ? cause.code : cause.name } : {}) };
  }
  return { message: 'accepted' };
}

describe('each refusal names its check (code, message and cause)', () => {
  let w: World;
  let cases: [string, () => unknown, string, string, string?][];
  before(() => {
    w = makeWorld();
    const trust = { trustedRootSha256: w.rootSha256 };
    const verify = (app: AppProof, boot: BootProof, options = {}) => verifyAppProof(app, boot, { ...trust, ...options });
    const withDoc = (name: string, value: CborValue | undefined): BootProof => {
      const doc = w.document();
      if (value === undefined) doc.delete(name);
      else doc.set(name, value);
      return w.bootProof(doc);
    };
    const chainOf = (leaf = leafSpec(), intermediate = intermediateSpec(), root = rootSpec()) => {
      const doc = w.document();
      doc.set('cabundle', [certificate(root).der, certificate(intermediate).der]);
      doc.set('certificate', certificate(leaf).der);
      return w.bootProof(doc);
    };
    const other = 'APP_PROOF_TYPE_OTHER';
    const otherManifest = concatBytes(manifestBytes(), Uint8Array.of(1));
    const unknownLayoutDoc = w.document();
    unknownLayoutDoc.set('user_data', sha256(otherManifest));
    const pcrManifest = manifestBytes([new Uint8Array(48), ...PCRS.slice(1)]);
    const pcrDoc = w.document();
    pcrDoc.set('user_data', sha256(pcrManifest));
    const client = { getBootProof: async () => w.bootProof() };
    const FORMAT = 'ERR_PROOF_ATTESTATION_FORMAT';
    cases = [
      ['payload not JSON', () => verify({ ...w.appProof(), proofPayload: '{' }, w.bootProof()), 'ERR_PROOF_PAYLOAD', 'The App Proof payload is not JSON.', 'SyntaxError'],
      ['payload without timestamp', () => verify(w.appProof({ type: other }), w.bootProof()), 'ERR_PROOF_PAYLOAD', 'The App Proof payload lacks its type or timestamp.'],
      ['address proof without address', () => verify(w.appProof({ ...w.defaultPayload(), addressDerivationProof: {} }), w.bootProof()), 'ERR_PROOF_PAYLOAD', 'The address-derivation proof lacks its address or organization.'],
      ['policy proof without outcome', () => verify(w.appProof({ type: 'APP_PROOF_TYPE_POLICY_OUTCOME', timestampMs: '1' }), w.bootProof()), 'ERR_PROOF_PAYLOAD', 'The policy-outcome proof lacks its outcome.'],
      ['no boot proof', () => verify(w.appProof(), null as never), 'ERR_PROOF_PAYLOAD', 'An App Proof and its Boot Proof are required.'],
      ['no App Proof (undefined)', () => verify(undefined as never, w.bootProof()), 'ERR_PROOF_PAYLOAD', 'An App Proof and its Boot Proof are required.'],
      ['another scheme', () => verify({ ...w.appProof(), scheme: 'X' as never }, w.bootProof()), 'ERR_PROOF_SIGNATURE', 'The App Proof uses an unknown signature scheme.'],
      ['key not hex', () => verify({ ...w.appProof(), publicKey: 'xx' }, w.bootProof()), 'ERR_PROOF_SIGNATURE', 'The App Proof key is not hexadecimal.', 'ERR_ENCODING_HEX'],
      ['signature not hex', () => verify({ ...w.appProof(), signature: 'xx' }, w.bootProof()), 'ERR_PROOF_SIGNATURE', 'The App Proof signature is not hexadecimal.', 'ERR_ENCODING_HEX'],
      ['key of 65 bytes', () => verify({ ...w.appProof(), publicKey: toHex(KEYS.signing.publicKey) }, w.bootProof()), 'ERR_PROOF_SIGNATURE', 'The App Proof key is not two uncompressed P-256 keys (130 bytes).'],
      // 04 at 0 and at 65, one byte more: without the length check its signing half would fail to verify instead.
      ['key of 131 bytes', () => verify({ ...w.appProof(), publicKey: toHex(concatBytes(EPHEMERAL_KEY, Uint8Array.of(0))) }, w.bootProof()), 'ERR_PROOF_SIGNATURE', 'The App Proof key is not two uncompressed P-256 keys (130 bytes).'],
      ['signature of another payload', () => verify({ ...w.appProof(), proofPayload: w.appProof({ type: other, timestampMs: '1' }).proofPayload }, w.bootProof()), 'ERR_PROOF_SIGNATURE', 'The App Proof signature does not verify with its signing key.'],
      ['attestation not base64', () => verify(w.appProof(), { ...w.bootProof(), awsAttestationDocB64: '*' }), FORMAT, 'Expected a standard base64 string.'],
      // Not a LatchError from the parsers (they throw only those): a boot proof whose field cannot be read.
      ['attestation unreadable', () => verify(w.appProof(), Object.defineProperty({ ...w.bootProof() }, 'awsAttestationDocB64', { get: () => { throw new Error('unreadable'); } })), FORMAT, 'The attestation document cannot be read.', 'Error'],
      ['attestation not CBOR', () => verify(w.appProof(), { ...w.bootProof(), awsAttestationDocB64: 'AA==' }), FORMAT, 'The attestation is not a COSE_Sign1 array.'],
      ['attestation trailing bytes', () => verify(w.appProof(), { ...w.bootProof(), awsAttestationDocB64: Buffer.concat([Buffer.from(w.bootProof().awsAttestationDocB64, 'base64'), Buffer.of(0)]).toString('base64') }), FORMAT, 'The attestation document is not well-formed CBOR.'],
      ['attestation a 4-character text', () => verify(w.appProof(), { ...w.bootProof(), awsAttestationDocB64: Buffer.from(encodeCbor('abcd')).toString('base64') }), FORMAT, 'The attestation is not a COSE_Sign1 array.'],
      ['protected header a list', () => verify(w.appProof(), w.bootProof(undefined, { header: encodeCbor([1, -35]) })), FORMAT, 'The attestation is not signed with ES384.'],
      ['PCRs a list', () => verify(w.appProof(), withDoc('pcrs', PCRS)), FORMAT, 'The attestation document has no PCRs 0 to 15.'],
      ['COSE field types', () => verify(w.appProof(), w.bootProof(undefined, { unprotected: 1 })), FORMAT, 'The COSE_Sign1 fields have the wrong types.'],
      ['alg', () => verify(w.appProof(), w.bootProof(undefined, { header: encodeCbor(new Map([[1, -7]])) })), FORMAT, 'The attestation is not signed with ES384.'],
      ['signature size', () => verify(w.appProof(), w.bootProof(undefined, { signature: new Uint8Array(64) })), FORMAT, 'An ES384 signature is 96 bytes.'],
      ['payload not a map', () => parseAttestationDocument(encodeCbor([1])), FORMAT, 'The attestation payload is not a CBOR map.'],
      ['no module_id', () => verify(w.appProof(), withDoc('module_id', undefined)), FORMAT, 'The attestation document lacks a required field.'],
      ['digest', () => verify(w.appProof(), withDoc('digest', 'SHA256')), FORMAT, 'The attestation document names no module or a digest other than SHA384.'],
      ['timestamp', () => verify(w.appProof(), withDoc('timestamp', 0)), FORMAT, 'The attestation timestamp is not a positive integer.'],
      ['15 PCRs', () => verify(w.appProof(), withDoc('pcrs', new Map([...(w.document().get('pcrs') as CborMap)].slice(1)))), FORMAT, 'The attestation document has no PCRs 0 to 15.'],
      ['33 PCRs', () => verify(w.appProof(), withDoc('pcrs', new Map(Array.from({ length: 33 }, (_, i) => [i, new Uint8Array(48)])))), FORMAT, 'The attestation document has no PCRs 0 to 15.'],
      ['PCR 0 missing', () => verify(w.appProof(), withDoc('pcrs', new Map([...[...(w.document().get('pcrs') as CborMap)].slice(1), [16, new Uint8Array(48)]]))), FORMAT, 'The attestation document has no PCRs 0 to 15.'],
      ['PCR size', () => verify(w.appProof(), withDoc('pcrs', new Map([...(w.document().get('pcrs') as CborMap), [3, new Uint8Array(32)]]))), FORMAT, 'A PCR is not a 48-byte SHA-384 value.'],
      ['cabundle', () => verify(w.appProof(), withDoc('cabundle', [])), FORMAT, 'The attestation cabundle is not a list of certificates.'],
      ['nonce', () => verify(w.appProof(), withDoc('nonce', 'n')), FORMAT, 'The attestation nonce is not a byte string.'],
      ['user_data size', () => verify(w.appProof(), withDoc('user_data', new Uint8Array(31))), FORMAT, 'An attestation document field has the wrong type or size.'],
      ['root', () => verify(w.appProof(), w.bootProof(), { trustedRootSha256: '00'.repeat(32) }), 'ERR_PROOF_ROOT', 'The attestation is not rooted in the trusted root certificate.'],
      ['certificate not DER', () => verify(w.appProof(), withDoc('certificate', Uint8Array.of(0x30, 0x01))), 'ERR_PROOF_CERT_CHAIN', 'A certificate is not well-formed DER.'],
      ['issuer name', () => verify(w.appProof(), chainOf({ ...leafSpec(), issuer: 'another' })), 'ERR_PROOF_CERT_CHAIN', 'A certificate does not name the next one in the chain as its issuer.'],
      ['issuer not CA', () => verify(w.appProof(), chainOf(leafSpec(), { ...intermediateSpec(), ca: false })), 'ERR_PROOF_CERT_CHAIN', 'A certificate that issues another is not a CA.'],
      ['signature not DER', () => verify(w.appProof(), chainOf({ ...leafSpec(), signatureValue: bitString(Uint8Array.of(0x30, 0x00)) })), 'ERR_PROOF_CERT_CHAIN', 'A certificate signature is not a valid DER ECDSA signature.', 'ERR_SIGNATURE_FORMAT'],
      ['signature by another key', () => verify(w.appProof(), chainOf({ ...leafSpec(), signer: KEYS.root })), 'ERR_PROOF_CERT_CHAIN', 'A certificate signature does not verify with its issuer key.'],
      ['leaf CA', () => verify(w.appProof(), chainOf({ ...leafSpec(), ca: true })), 'ERR_PROOF_CERT_CHAIN', 'The attestation leaf certificate is a CA.'],
      ['expired', () => verify(w.appProof(), w.bootProof(), { validationTime: PROOF_TIME + 3 * 3_600_000 }), 'ERR_PROOF_CERT_EXPIRED', 'A certificate of the attestation was not valid at the proof time.'],
      ['COSE signature', () => verify(w.appProof(), w.bootProof(undefined, { signer: KEYS.intermediate })), 'ERR_PROOF_ATTESTATION_SIGNATURE', 'The attestation signature does not verify with the leaf certificate key.'],
      ['manifest not base64', () => verify(w.appProof(), { ...w.bootProof(), qosManifestB64: '!' }), 'ERR_PROOF_MANIFEST', 'Expected a standard base64 string.'],
      ['manifest digest', () => verify(w.appProof(), { ...w.bootProof(), qosManifestB64: 'AAAA' }), 'ERR_PROOF_MANIFEST', 'The QOS manifest is not the one the attestation names (user_data).'],
      ['boot key not hex', () => verify(w.appProof(), { ...w.bootProof(), ephemeralPublicKeyHex: 'x' }), 'ERR_PROOF_KEY_MISMATCH', 'The boot proof key is not hexadecimal.', 'ERR_ENCODING_HEX'],
      ['keys differ', () => verify(w.appProof(), { ...w.bootProof(), ephemeralPublicKeyHex: '04' }), 'ERR_PROOF_KEY_MISMATCH', 'The App Proof key, the boot proof key and the attested key are not the same key.'],
      ['manifest PCR', () => verify(w.appProof(), w.bootProof(pcrDoc, {}, pcrManifest)), 'ERR_PROOF_PCR', "The manifest's PCR0..PCR3 are not the attested ones."],
      ['PCR pin not hex', () => verify(w.appProof(), w.bootProof(), { expectedPcrs: { 0: 'x' } }), 'ERR_PROOF_PCR_PIN', 'An expected PCR value is not hexadecimal.', 'ERR_ENCODING_HEX'],
      ['PCR pin', () => verify(w.appProof(), w.bootProof(), { expectedPcrs: { 0: '00'.repeat(48) } }), 'ERR_PROOF_PCR_PIN', 'An attested PCR differs from its expected value.'],
      ['namespace', () => verify(w.appProof(), w.bootProof(), { expectedNamespace: 'x' }), 'ERR_PROOF_MANIFEST', 'The manifest namespace is not the expected one.'],
      ['namespace, unknown layout', () => verify(w.appProof(), w.bootProof(unknownLayoutDoc, {}, otherManifest), { expectedNamespace: 'x' }), 'ERR_PROOF_MANIFEST', 'The manifest layout was not recognized, so its namespace cannot be checked.'],
      ['deployment label', () => verify(w.appProof(), w.bootProof(), { expectedDeploymentLabel: 'x' }), 'ERR_PROOF_MANIFEST', 'The deployment label is not the expected one.'],
      ['no proofs', () => verifyAppProofs([], { client, organizationId: 'o', ...trust }), 'ERR_INPUT_INVALID', 'There are no App Proofs to verify (was generateAppProofs set?).'],
      ['a proof without key after one with', () => verifyAppProofs([w.appProof(), null as never], { client, organizationId: 'o', ...trust }), 'ERR_PROOF_PAYLOAD', 'An App Proof has no enclave key.'],
      ['a function with a key', () => verifyAppProofs([Object.assign(() => undefined, { publicKey: w.appProof().publicKey }) as never], { client, organizationId: 'o', ...trust }), 'ERR_PROOF_PAYLOAD', 'An App Proof has no enclave key.'],
      ['proof without key', () => verifyAppProofs([{} as AppProof], { client, organizationId: 'o', ...trust }), 'ERR_PROOF_PAYLOAD', 'An App Proof has no enclave key.'],
      ['address not received', () => verifyAppProofs([w.appProof()], { client, organizationId: 'o', ...trust, expectedAddresses: ['a'] }), 'ERR_PROOF_ADDRESS', 'An address-derivation proof names an address the kit did not receive.'],
      ['address without proof', () => verifyAppProofs([w.appProof()], { client, organizationId: 'o', ...trust, expectedAddresses: ['0x0000000000000000000000000000000000000abc', 'b'] }), 'ERR_PROOF_ADDRESS', 'An address the kit received has no address-derivation proof.'],
      // The namespace's length is cut off: the inner refusal is the cause of the outer one.
      ['manifest layout', () => parseQosManifest(Uint8Array.of(1)), 'ERR_PROOF_MANIFEST', 'The QOS manifest does not have a known layout.', 'ERR_PROOF_MANIFEST'],
      ['manifest nonce cut off', () => parseQosManifest(Uint8Array.of(0, 0, 0, 0, 1)), 'ERR_PROOF_MANIFEST', 'The QOS manifest does not have a known layout.'],
      ['DER', () => readDer(Uint8Array.of(0x30)), 'ERR_PROOF_CERT_CHAIN', 'A certificate is not well-formed DER.'],
      ['CBOR', () => decodeCbor(Uint8Array.of(0xf7)), FORMAT, 'The attestation document is not well-formed CBOR.'],
      ['CBOR text not UTF-8', () => decodeCbor(Uint8Array.of(0x62, 0xc3, 0x28)), FORMAT, 'The attestation document is not well-formed CBOR.', 'TypeError'],
      ['manifest namespace not UTF-8', () => parseQosManifest(Uint8Array.of(2, 0, 0, 0, 0xc3, 0x28)), 'ERR_PROOF_MANIFEST', 'The QOS manifest does not have a known layout.', 'TypeError'],
      ['CBOR integer', () => encodeCbor(2 ** 53), 'ERR_INPUT_INVALID', 'CBOR integers must be safe integers.'],
      ['base64', () => fromBase64('Z', 'ERR_PROOF_MANIFEST'), 'ERR_PROOF_MANIFEST', 'Expected a standard base64 string.'],
      // A 300 KB time is more than String.fromCharCode can spread (a RangeError, not a LatchError):
      // the chain still refuses it as a malformed certificate. (Through verifyAppProof the
      // attestation's 1024-byte limit on certificates refuses it first.)
      ['a certificate with a 300 KB time', () => verifyCertificateChain(certificate({ ...leafSpec(), validity: sequence(tlv(0x17, new Uint8Array(300_000).fill(0x30)), time(PROOF_TIME)) }).der, [w.root, w.intermediate], PROOF_TIME, w.rootSha256), 'ERR_PROOF_CERT_CHAIN', 'A certificate is not well-formed.', 'RangeError'],
      ['chain root', () => verifyCertificateChain(w.leaf, [w.intermediate], PROOF_TIME, w.rootSha256), 'ERR_PROOF_ROOT', 'The attestation is not rooted in the trusted root certificate.'],
    ];
  });

  it('every refusal has the code, the message and the cause of its own check', async () => {
    const wrong: string[] = [];
    for (const [name, fn, code, message, cause] of cases) {
      const got = await refusal(fn);
      if (got.code !== code || got.message !== message || got.cause !== cause) wrong.push(`${name}: ${got.code} ${got.message} (cause ${got.cause})`);
    }
    expect(wrong).to.deep.equal([]);
  });
});
