import { describe, it, before, expect } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import {
  HOSTED_ENCLAVE_PUBLIC_KEY,
  createExportBundle,
  decodeExportedMnemonic,
  decodeExportedPrivateKey,
  decryptExportBundle,
} from '../../../src/bundles/export-bundle.ts';
import { generateTargetKeyPair, type TargetKeyPair } from '../../../src/bundles/hpke-suite.ts';
import type { EnvelopeSigner } from '../../../src/bundles/enclave-envelope.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { compressPublicKey } from '../../../src/crypto/p256.ts';
import { envelopeData, flipByte, flipS, makeSigner, parseEnvelope, signRaw, writeEnvelope } from './bundle-fixtures.ts';

const ORG = 'org-7f3a';
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const PRIVATE_KEY_HEX = '67ee05fc3bdf4161bc70701c221d8d77180294cefcfcea64ba83c4d4c732fcb9';
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('export bundle', () => {
  let signer: EnvelopeSigner;
  let target: TargetKeyPair;
  let bundle: string;
  let options: { target: CryptoKeyPair; organizationId: string; enclavePublicKey: string };

  before(async () => {
    signer = await makeSigner();
    target = await generateTargetKeyPair();
    bundle = await createExportBundle(utf8(MNEMONIC), target.publicKeyHex, signer, ORG);
    options = { target: target.keyPair, organizationId: ORG, enclavePublicKey: signer.publicKeyHex };
  });

  it('pins the hosted enclave key of docs/protocol.md §6', () => {
    expect(HOSTED_ENCLAVE_PUBLIC_KEY).to.equal(
      '04cf288fe433cc4e1aa0ce1632feac4ea26bf2f5a09dcfe5a42c398e06898710330f0572882f4dbdf0f5304b8fc8703acd69adca9a4bbf7f5d00d20a5e364b2569',
    );
  });

  it('has the envelope shape of the service', () => {
    const envelope = parseEnvelope(bundle);
    expect(Object.keys(envelope).sort()).to.deep.equal(['data', 'dataSignature', 'enclaveQuorumPublic', 'version']);
    expect(envelope.version).to.equal('v1.0.0');
    expect(envelope.enclaveQuorumPublic).to.equal(signer.publicKeyHex);
    expect(envelope.dataSignature.slice(0, 2)).to.equal('30'); // DER SEQUENCE
    const data = envelopeData(bundle);
    expect(Object.keys(data).sort()).to.deep.equal(['ciphertext', 'encappedPublic', 'organizationId']);
    expect(data.organizationId).to.equal(ORG);
    expect(data.encappedPublic).to.match(/^04[0-9a-f]{128}$/);
  });

  it('round trip: a wallet mnemonic', async () => {
    expect(decodeExportedMnemonic(await decryptExportBundle(bundle, options))).to.equal(MNEMONIC);
  });

  it('round trip: a private key, to a compressed target key too', async () => {
    const compressed = toHex(compressPublicKey(fromHex(target.publicKeyHex)));
    const keyBundle = await createExportBundle(fromHex(PRIVATE_KEY_HEX), compressed, signer, ORG);
    const plaintext = await decryptExportBundle(keyBundle, options);
    expect(plaintext.length).to.equal(32);
    expect(decodeExportedPrivateKey(plaintext)).to.equal(PRIVATE_KEY_HEX);
  });

  it('accepts the signer key given in compressed form', async () => {
    const compressedSigner = toHex(compressPublicKey(fromHex(signer.publicKeyHex)));
    expect(decodeExportedMnemonic(await decryptExportBundle(bundle, { ...options, enclavePublicKey: compressedSigner }))).to.equal(MNEMONIC);
  });

  it('accepts a high-S signature (WebCrypto and the enclave do not normalize S)', async () => {
    const envelope = parseEnvelope(bundle);
    const flipped = writeEnvelope({ ...envelope, dataSignature: flipS(envelope.dataSignature) });
    expect(decodeExportedMnemonic(await decryptExportBundle(flipped, options))).to.equal(MNEMONIC);
  });

  it('refuses an altered data byte', async () => {
    const envelope = parseEnvelope(bundle);
    for (const index of [0, 40, -1]) {
      const data = toHex(flipByte(fromHex(envelope.data), index));
      await expectLatchError(() => decryptExportBundle(writeEnvelope({ ...envelope, data }), options), 'ERR_BUNDLE_SIGNATURE');
    }
  });

  it('refuses an altered or malformed signature', async () => {
    const envelope = parseEnvelope(bundle);
    const signature = fromHex(envelope.dataSignature);
    await expectLatchError(() => decryptExportBundle(writeEnvelope({ ...envelope, dataSignature: toHex(flipByte(signature, -1)) }), options), 'ERR_BUNDLE_SIGNATURE');
    await expectLatchError(() => decryptExportBundle(writeEnvelope({ ...envelope, dataSignature: toHex(signature.subarray(0, 20)) }), options), 'ERR_BUNDLE_SIGNATURE');
    await expectLatchError(() => decryptExportBundle(writeEnvelope({ ...envelope, dataSignature: 'zz' }), options), 'ERR_BUNDLE_SIGNATURE');
  });

  it('refuses a bundle signed by another key', async () => {
    const other = await makeSigner();
    const forged = await createExportBundle(utf8(MNEMONIC), target.publicKeyHex, other, ORG);
    await expectLatchError(() => decryptExportBundle(forged, options), 'ERR_BUNDLE_SIGNER');
    // Claiming the pinned key while signing with another one fails the signature instead.
    const claimed = writeEnvelope({ ...parseEnvelope(forged), enclaveQuorumPublic: signer.publicKeyHex });
    await expectLatchError(() => decryptExportBundle(claimed, options), 'ERR_BUNDLE_SIGNATURE');
  });

  it('defaults to the hosted enclave key, refusing an emulator-signed bundle', async () => {
    await expectLatchError(() => decryptExportBundle(bundle, { target: target.keyPair, organizationId: ORG }), 'ERR_BUNDLE_SIGNER');
  });

  it('refuses a bundle for another organization', async () => {
    const otherOrg = await createExportBundle(utf8(MNEMONIC), target.publicKeyHex, signer, 'org-other');
    await expectLatchError(() => decryptExportBundle(otherOrg, options), 'ERR_BUNDLE_ORGANIZATION');
    await expectLatchError(() => decryptExportBundle(bundle, { ...options, organizationId: 'org-other' }), 'ERR_BUNDLE_ORGANIZATION');
    await expectLatchError(() => decryptExportBundle(bundle, { ...options, organizationId: '' }), 'ERR_BUNDLE_ORGANIZATION');
  });

  it('refuses another version', async () => {
    const envelope = parseEnvelope(bundle);
    for (const version of ['v1.0.1', 'v2.0.0', '']) {
      await expectLatchError(() => decryptExportBundle(writeEnvelope({ ...envelope, version }), options), 'ERR_BUNDLE_VERSION');
    }
  });

  it('refuses malformed envelopes and data', async () => {
    await expectLatchError(() => decryptExportBundle('not json', options), 'ERR_BUNDLE_MALFORMED');
    await expectLatchError(() => decryptExportBundle('[1]', options), 'ERR_BUNDLE_MALFORMED');
    const { data: _data, ...noData } = parseEnvelope(bundle);
    await expectLatchError(() => decryptExportBundle(JSON.stringify(noData), options), 'ERR_BUNDLE_MALFORMED');
    // Properly signed, but the data is not JSON / lacks the ciphertext / has a compressed enc.
    await expectLatchError(async () => decryptExportBundle(await signRaw(utf8('not json'), signer), options), 'ERR_BUNDLE_MALFORMED');
    const data = envelopeData(bundle);
    const noCiphertext = utf8(JSON.stringify({ encappedPublic: data.encappedPublic, organizationId: ORG }));
    await expectLatchError(async () => decryptExportBundle(await signRaw(noCiphertext, signer), options), 'ERR_BUNDLE_MALFORMED');
    const compressedEnc = utf8(JSON.stringify({ ...data, encappedPublic: toHex(compressPublicKey(fromHex(data.encappedPublic!))) }));
    await expectLatchError(async () => decryptExportBundle(await signRaw(compressedEnc, signer), options), 'ERR_BUNDLE_MALFORMED');
  });

  it('refuses a re-signed bundle whose ciphertext or enc was altered, and the wrong target key', async () => {
    const data = envelopeData(bundle);
    const ciphertext = toHex(flipByte(fromHex(data.ciphertext!), 3));
    await expectLatchError(async () => decryptExportBundle(await signRaw(utf8(JSON.stringify({ ...data, ciphertext })), signer), options), 'ERR_BUNDLE_DECRYPT');
    const other = await generateTargetKeyPair();
    const encappedPublic = other.publicKeyHex; // a valid point, but not the sender's
    await expectLatchError(async () => decryptExportBundle(await signRaw(utf8(JSON.stringify({ ...data, encappedPublic })), signer), options), 'ERR_BUNDLE_DECRYPT');
    await expectLatchError(() => decryptExportBundle(bundle, { ...options, target: other.keyPair }), 'ERR_BUNDLE_DECRYPT');
  });

  it('reports a bad pinned key or signer as ERR_KEY_FORMAT (a setup error, not a bad bundle)', async () => {
    await expectLatchError(() => decryptExportBundle(bundle, { ...options, enclavePublicKey: 'zz' }), 'ERR_KEY_FORMAT');
    await expectLatchError(() => decryptExportBundle(bundle, { ...options, enclavePublicKey: '04' + '00'.repeat(64) }), 'ERR_KEY_FORMAT');
    const verifyOnly = { privateKey: (await generateTargetKeyPair()).keyPair.privateKey, publicKeyHex: signer.publicKeyHex };
    await expectLatchError(() => createExportBundle(utf8(MNEMONIC), target.publicKeyHex, verifyOnly, ORG), 'ERR_KEY_FORMAT');
    await expectLatchError(() => createExportBundle(utf8(MNEMONIC), 'not hex', signer, ORG), 'ERR_KEY_FORMAT');
  });

  it('decodes helpers strictly', () => {
    expect(decodeExportedPrivateKey(new Uint8Array([0, 1, 255]))).to.equal('0001ff');
    expect(() => decodeExportedPrivateKey(new Uint8Array(0))).to.throw().with.property('code', 'ERR_BUNDLE_MALFORMED');
    expect(() => decodeExportedMnemonic(new Uint8Array([0xff, 0xfe]))).to.throw().with.property('code', 'ERR_BUNDLE_MALFORMED');
  });
});
