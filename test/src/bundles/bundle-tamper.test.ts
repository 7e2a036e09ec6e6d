// B1 bundle-tamper-fails-closed, for each bundle the bundles' HPKE opens: a credential bundle
// (the published vector), an export bundle and an import bundle (the emulator's side). A changed
// ciphertext byte (first, middle, first and last tag byte), a truncated tag (one byte, the whole
// tag), another recipient's key pair, and the right private key with another public key (the AAD
// binds the receiver) each open nothing: a typed error, no plaintext, nothing stored. Every
// alteration reaches the decryption (a credential bundle is re-encoded with a valid checksum, an
// export bundle re-signed by the enclave key), and the untouched bundle opens afterwards, so the
// refusals are the alterations' and not a broken key or bundle.
import { describe, it, before, expect } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { decryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { createExportBundle, decryptExportBundle } from '../../../src/bundles/export-bundle.ts';
import { createImportTarget, decryptImportBundle, encryptToTarget } from '../../../src/bundles/import-bundle.ts';
import { generateTargetKeyPair } from '../../../src/bundles/hpke-suite.ts';
import type { EnvelopeSigner } from '../../../src/bundles/enclave-envelope.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { loadVector } from '../crypto/vectors.ts';
import { envelopeData, flipByte, makeSigner, signRaw, targetFromHex, type CredentialBundleVector } from './bundle-fixtures.ts';

const ORG = 'org-b1';
const USER = 'user-b1';
const TAG = 16;
const codec = createBase58check(sha256);
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The alterations of a ciphertext (with its tag at the end), each named. */
function tamperedCiphertexts(ct: Uint8Array): [string, Uint8Array][] {
  return [
    ['first byte', flipByte(ct, 0)],
    ['middle byte', flipByte(ct, Math.floor((ct.length - TAG) / 2))],
    ['first tag byte', flipByte(ct, ct.length - TAG)],
    ['last tag byte', flipByte(ct, -1)],
    ['tag cut by one byte', ct.subarray(0, ct.length - 1)],
    ['tag cut off', ct.subarray(0, ct.length - TAG)],
  ];
}

/** `fn` rejects with a LatchError carrying `code` (so it returns no plaintext); `what` names the case when not. */
async function opensNothing(what: string, fn: () => Promise<unknown>, code: string): Promise<void> {
  await expectLatchError(fn, code).catch((error: unknown) => {
    throw new Error(`${what}: ${String(error)}`);
  });
}

describe('B1 bundle-tamper-fails-closed', () => {
  let vector: CredentialBundleVector;
  let signer: EnvelopeSigner;
  before(async () => {
    vector = await loadVector<CredentialBundleVector>('credential-bundle.json');
    signer = await makeSigner();
  });

  it('B1 bundle-tamper-fails-closed: a changed ciphertext byte (first, middle, tag), a truncated tag or another recipient key opens nothing, in credential, export and import bundles', async () => {
    const other = await generateTargetKeyPair();

    // Credential bundle: base58check(33-byte enc || ciphertext || tag). Its length is fixed, so
    // a cut tag is refused as malformed before any decryption; the rest fail to decrypt.
    const target = await targetFromHex(vector.targetPrivateKeyHex, vector.targetPublicKeyCompressedHex);
    const bytes = codec.decode(vector.bundle);
    const store = new MemoryKeyStore();
    const credential = (bundle: string, pair: CryptoKeyPair) => () => decryptCredentialBundle(bundle, pair, { store, returnRawKey: true });
    for (const [what, ct] of tamperedCiphertexts(bytes.subarray(33))) {
      const code = ct.length === bytes.length - 33 ? 'ERR_BUNDLE_DECRYPT' : 'ERR_BUNDLE_MALFORMED';
      await opensNothing(`credential: ${what}`, credential(codec.encode(new Uint8Array([...bytes.subarray(0, 33), ...ct])), target), code);
    }
    await opensNothing('credential: another recipient', credential(vector.bundle, other.keyPair), 'ERR_BUNDLE_DECRYPT');
    await opensNothing('credential: right private key, another public key', credential(vector.bundle, { privateKey: target.privateKey, publicKey: other.keyPair.publicKey }), 'ERR_BUNDLE_DECRYPT');
    expect(await store.list(), 'nothing stored').to.deep.equal([]);
    expect(toHex((await credential(vector.bundle, target)()).rawPrivateKey!)).to.equal(vector.expectedPlaintextHex);

    // Export bundle: the ciphertext sits in the enclave-signed data; each altered copy is
    // re-signed by the enclave key, so the signature passes and the decryption is what refuses.
    const exportTarget = await generateTargetKeyPair();
    const exported = await createExportBundle(utf8('legal winner thank year wave sausage worth useful legal winner thank yellow'), exportTarget.publicKeyHex, signer, ORG);
    const data = envelopeData(exported);
    const exportOptions = (pair: CryptoKeyPair) => ({ target: pair, organizationId: ORG, enclavePublicKey: signer.publicKeyHex });
    for (const [what, ct] of tamperedCiphertexts(fromHex(data.ciphertext!))) {
      const resigned = await signRaw(utf8(JSON.stringify({ ...data, ciphertext: toHex(ct) })), signer);
      await opensNothing(`export: ${what}`, () => decryptExportBundle(resigned, exportOptions(exportTarget.keyPair)), 'ERR_BUNDLE_DECRYPT');
    }
    await opensNothing('export: another recipient', () => decryptExportBundle(exported, exportOptions(other.keyPair)), 'ERR_BUNDLE_DECRYPT');
    await opensNothing('export: right private key, another public key', () => decryptExportBundle(exported, exportOptions({ privateKey: exportTarget.keyPair.privateKey, publicKey: other.keyPair.publicKey })), 'ERR_BUNDLE_DECRYPT');
    expect(new TextDecoder().decode(await decryptExportBundle(exported, exportOptions(exportTarget.keyPair)))).to.match(/^legal winner/);

    // Import bundle: `{encappedPublic, ciphertext}` the kit sealed, opened by the emulator's target.
    const enclave = await generateTargetKeyPair();
    const importTarget = await createImportTarget({ targetPublicKeyHex: enclave.publicKeyHex, organizationId: ORG, userId: USER }, signer);
    const key = fromHex('1f6d3c0a5b2e4d8f7a9c1b3e5d7f9a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f');
    const sealed = JSON.parse(await encryptToTarget(key, importTarget, { organizationId: ORG, userId: USER, enclavePublicKey: signer.publicKeyHex })) as { encappedPublic: string; ciphertext: string };
    for (const [what, ct] of tamperedCiphertexts(fromHex(sealed.ciphertext))) {
      await opensNothing(`import: ${what}`, () => decryptImportBundle(JSON.stringify({ ...sealed, ciphertext: toHex(ct) }), enclave.keyPair), 'ERR_BUNDLE_DECRYPT');
    }
    await opensNothing('import: another recipient', () => decryptImportBundle(JSON.stringify(sealed), other.keyPair), 'ERR_BUNDLE_DECRYPT');
    await opensNothing('import: right private key, another public key', () => decryptImportBundle(JSON.stringify(sealed), { privateKey: enclave.keyPair.privateKey, publicKey: other.keyPair.publicKey }), 'ERR_BUNDLE_DECRYPT');
    expect(toHex(await decryptImportBundle(JSON.stringify(sealed), enclave.keyPair))).to.equal(toHex(key));
  });
});
