import { describe, it, before, expect } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { createImportTarget, decryptImportBundle, encryptToTarget } from '../../../src/bundles/import-bundle.ts';
import { generateTargetKeyPair, type TargetKeyPair } from '../../../src/bundles/hpke-suite.ts';
import type { EnvelopeSigner } from '../../../src/bundles/enclave-envelope.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { compressPublicKey } from '../../../src/crypto/p256.ts';
import { envelopeData, flipByte, makeSigner, parseEnvelope, signRaw, writeEnvelope } from './bundle-fixtures.ts';

const ORG = 'org-7f3a';
const USER = 'user-19c2';
const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const PRIVATE_KEY_HEX = '1f6d3c0a5b2e4d8f7a9c1b3e5d7f9a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f';
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('import bundle', () => {
  let signer: EnvelopeSigner;
  let enclaveTarget: TargetKeyPair;
  let importBundle: string;
  let options: { organizationId: string; userId: string; enclavePublicKey: string };

  before(async () => {
    signer = await makeSigner();
    enclaveTarget = await generateTargetKeyPair();
    // The emulator hands out its target given compressed; the envelope must carry it uncompressed.
    const compressed = toHex(compressPublicKey(fromHex(enclaveTarget.publicKeyHex)));
    importBundle = await createImportTarget({ targetPublicKeyHex: compressed, organizationId: ORG, userId: USER }, signer);
    options = { organizationId: ORG, userId: USER, enclavePublicKey: signer.publicKeyHex };
  });

  it('signs a target envelope with {targetPublic, organizationId, userId}', () => {
    expect(parseEnvelope(importBundle).version).to.equal('v1.0.0');
    expect(envelopeData(importBundle)).to.deep.equal({ targetPublic: enclaveTarget.publicKeyHex, organizationId: ORG, userId: USER });
  });

  it('round trip: a mnemonic and a private key, client seals, emulator opens', async () => {
    for (const plaintext of [utf8(MNEMONIC), fromHex(PRIVATE_KEY_HEX)]) {
      const encrypted = await encryptToTarget(plaintext, importBundle, options);
      const parsed = JSON.parse(encrypted) as Record<string, string>;
      expect(Object.keys(parsed).sort()).to.deep.equal(['ciphertext', 'encappedPublic']);
      expect(parsed.encappedPublic).to.match(/^04[0-9a-f]{128}$/);
      expect(toHex(await decryptImportBundle(encrypted, enclaveTarget.keyPair))).to.equal(toHex(plaintext));
    }
  });

  it('refuses an altered data byte or signature', async () => {
    const envelope = parseEnvelope(importBundle);
    const data = toHex(flipByte(fromHex(envelope.data), 10));
    await expectLatchError(() => encryptToTarget(utf8(MNEMONIC), writeEnvelope({ ...envelope, data }), options), 'ERR_BUNDLE_SIGNATURE');
    const dataSignature = toHex(flipByte(fromHex(envelope.dataSignature), -2));
    await expectLatchError(() => encryptToTarget(utf8(MNEMONIC), writeEnvelope({ ...envelope, dataSignature }), options), 'ERR_BUNDLE_SIGNATURE');
  });

  it('refuses another signer, including the hosted default for an emulator target', async () => {
    const other = await makeSigner();
    const forged = await createImportTarget({ targetPublicKeyHex: enclaveTarget.publicKeyHex, organizationId: ORG, userId: USER }, other);
    await expectLatchError(() => encryptToTarget(utf8(MNEMONIC), forged, options), 'ERR_BUNDLE_SIGNER');
    await expectLatchError(() => encryptToTarget(utf8(MNEMONIC), importBundle, { organizationId: ORG, userId: USER }), 'ERR_BUNDLE_SIGNER');
  });

  it('refuses another organization or another user', async () => {
    await expectLatchError(() => encryptToTarget(utf8(MNEMONIC), importBundle, { ...options, organizationId: 'org-other' }), 'ERR_BUNDLE_ORGANIZATION');
    await expectLatchError(() => encryptToTarget(utf8(MNEMONIC), importBundle, { ...options, userId: 'user-other' }), 'ERR_BUNDLE_ORGANIZATION');
  });

  it('refuses another version and a signed target that is not a P-256 key', async () => {
    const envelope = parseEnvelope(importBundle);
    await expectLatchError(() => encryptToTarget(utf8(MNEMONIC), writeEnvelope({ ...envelope, version: 'v0.9.0' }), options), 'ERR_BUNDLE_VERSION');
    const badTarget = utf8(JSON.stringify({ targetPublic: '04' + '00'.repeat(64), organizationId: ORG, userId: USER }));
    await expectLatchError(async () => encryptToTarget(utf8(MNEMONIC), await signRaw(badTarget, signer), options), 'ERR_BUNDLE_MALFORMED');
  });

  it('the emulator refuses an altered or malformed encrypted bundle, and the wrong target key', async () => {
    const encrypted = JSON.parse(await encryptToTarget(utf8(MNEMONIC), importBundle, options)) as Record<string, string>;
    const ciphertext = toHex(flipByte(fromHex(encrypted.ciphertext!), 0));
    await expectLatchError(() => decryptImportBundle(JSON.stringify({ ...encrypted, ciphertext }), enclaveTarget.keyPair), 'ERR_BUNDLE_DECRYPT');
    const other = await generateTargetKeyPair();
    await expectLatchError(() => decryptImportBundle(JSON.stringify({ ...encrypted, encappedPublic: other.publicKeyHex }), enclaveTarget.keyPair), 'ERR_BUNDLE_DECRYPT');
    await expectLatchError(() => decryptImportBundle(JSON.stringify(encrypted), other.keyPair), 'ERR_BUNDLE_DECRYPT');
    await expectLatchError(() => decryptImportBundle('{', enclaveTarget.keyPair), 'ERR_BUNDLE_MALFORMED');
    await expectLatchError(() => decryptImportBundle(JSON.stringify({ ciphertext: encrypted.ciphertext }), enclaveTarget.keyPair), 'ERR_BUNDLE_MALFORMED');
    await expectLatchError(() => decryptImportBundle(JSON.stringify({ ...encrypted, ciphertext: 'xyz' }), enclaveTarget.keyPair), 'ERR_BUNDLE_MALFORMED');
  });
});
