// A6 turnkey-bundle-kat: the published credential bundle (test/vectors/credential-bundle.json)
// opened by the core and by the hosted SDK's own @turnkey/crypto decryptCredentialBundle gives
// the same key, and the one the vector names; fresh bundles the emulator's sealer makes open to
// the same key in both too (a differential test against code this project did not write).
// Then every other bundle that goes through the bundles' HPKE (src/bundles/hpke-suite.ts, over
// @hpke/core), in both directions against @turnkey/crypto's own HPKE (written on @noble, not on
// @hpke/core): export bundles, import bundles (private key and wallet), the OTP seal, and a
// credential bundle the hosted library sealed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  decryptCredentialBundle as hostedDecrypt,
  decryptExportBundle as hostedDecryptExport,
  encryptOtpCodeToBundle,
  encryptPrivateKeyToBundle,
  encryptWalletToBundle,
  generateP256KeyPair,
  hpkeDecrypt,
  hpkeEncrypt,
} from '@turnkey/crypto';
import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { decryptCredentialBundle, encryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { createExportBundle, decryptExportBundle } from '../../../src/bundles/export-bundle.ts';
import { createImportTarget, decryptImportBundle, encryptToTarget } from '../../../src/bundles/import-bundle.ts';
import { signEnvelope } from '../../../src/bundles/enclave-envelope.ts';
import { sealOtpCode } from '../../../src/flows/otp-seal.ts';
import { compressPublicKey } from '../../../src/crypto/p256.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { makeSigner, targetFromHex, type CredentialBundleVector } from './bundle-fixtures.ts';

const vector = JSON.parse(readFileSync(new URL('../../vectors/credential-bundle.json', import.meta.url), 'utf8')) as CredentialBundleVector;

const ORG = 'org-differential';
const USER = 'user-differential';
const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

/** A target whose private key both sides can use: hex for the hosted library, a non-extractable pair for ours. */
async function sharedTarget(): Promise<{ privateKeyHex: string; publicKeyHex: string; pair: CryptoKeyPair }> {
  const { privateKey, publicKey, publicKeyUncompressed } = generateP256KeyPair();
  return { privateKeyHex: privateKey, publicKeyHex: publicKeyUncompressed, pair: await targetFromHex(privateKey, publicKey) };
}

/** `{encappedPublic, ciphertext}` JSON (import bundles, the OTP seal) opened by the hosted library. */
function hostedOpen(sealed: string, privateKeyHex: string): Uint8Array {
  const { encappedPublic, ciphertext } = JSON.parse(sealed) as { encappedPublic: string; ciphertext: string };
  return hpkeDecrypt({ ciphertextBuf: fromHex(ciphertext), encappedKeyBuf: fromHex(encappedPublic), receiverPriv: privateKeyHex });
}

describe('A6 turnkey-bundle-kat', () => {
  it('A6 turnkey-bundle-kat: the core and @turnkey/crypto open the published bundle to the published key', async () => {
    const target = await targetFromHex(vector.targetPrivateKeyHex, vector.targetPublicKeyCompressedHex);
    const ours = await decryptCredentialBundle(vector.bundle, target, { returnRawKey: true });
    assert.equal(toHex(ours.rawPrivateKey!), vector.expectedPlaintextHex);
    assert.equal(hostedDecrypt(vector.bundle, vector.targetPrivateKeyHex), vector.expectedPlaintextHex);
  });

  it('bundles sealed to the vector target open to the same key in both', async () => {
    const target = await targetFromHex(vector.targetPrivateKeyHex, vector.targetPublicKeyCompressedHex);
    for (let i = 0; i < 5; i++) {
      const key = crypto.getRandomValues(new Uint8Array(32));
      const bundle = await encryptCredentialBundle(key, vector.targetPublicKeyCompressedHex);
      assert.equal(hostedDecrypt(bundle, vector.targetPrivateKeyHex), toHex(key));
      assert.equal(toHex((await decryptCredentialBundle(bundle, target, { returnRawKey: true })).rawPrivateKey!), toHex(key));
    }
  });
});

describe('bundles against @turnkey/crypto, both directions', () => {
  it('a credential bundle the hosted library seals (its hpkeEncrypt: compressed enc || ciphertext; base58check) opens in the core', async () => {
    const target = await sharedTarget();
    for (let i = 0; i < 4; i++) {
      const key = crypto.getRandomValues(new Uint8Array(32));
      const sealed = hpkeEncrypt({ plainTextBuf: key, targetKeyBuf: fromHex(target.publicKeyHex) });
      assert.equal(sealed.length, 33 + 32 + 16);
      const bundle = base58check(sha256).encode(sealed);
      assert.equal(toHex((await decryptCredentialBundle(bundle, target.pair, { returnRawKey: true })).rawPrivateKey!), toHex(key));
    }
  });

  it('export bundles the emulator makes open in @turnkey/crypto decryptExportBundle (mnemonic and private key) and in the core', async () => {
    const signer = await makeSigner();
    const target = await sharedTarget();
    const key = crypto.getRandomValues(new Uint8Array(32));
    const walletBundle = await createExportBundle(new TextEncoder().encode(MNEMONIC), target.publicKeyHex, signer, ORG);
    const keyBundle = await createExportBundle(key, target.publicKeyHex, signer, ORG);
    const common = { embeddedKey: target.privateKeyHex, organizationId: ORG, dangerouslyOverrideSignerPublicKey: signer.publicKeyHex };
    assert.equal(await hostedDecryptExport({ ...common, exportBundle: walletBundle, returnMnemonic: true }), MNEMONIC);
    assert.equal(await hostedDecryptExport({ ...common, exportBundle: keyBundle, keyFormat: 'HEXADECIMAL', returnMnemonic: false }), toHex(key));
    const options = { target: target.pair, organizationId: ORG, enclavePublicKey: signer.publicKeyHex };
    assert.equal(new TextDecoder().decode(await decryptExportBundle(walletBundle, options)), MNEMONIC);
    assert.equal(toHex(await decryptExportBundle(keyBundle, options)), toHex(key));
  });

  it('import bundles: what @turnkey/crypto seals to the emulator target opens there; what the kit seals opens in @turnkey/crypto', async () => {
    const signer = await makeSigner();
    const target = await sharedTarget();
    const importBundle = await createImportTarget({ targetPublicKeyHex: target.publicKeyHex, organizationId: ORG, userId: USER }, signer);
    const common = { importBundle, userId: USER, organizationId: ORG, dangerouslyOverrideSignerPublicKey: signer.publicKeyHex };
    const key = toHex(crypto.getRandomValues(new Uint8Array(32)));
    assert.equal(toHex(await decryptImportBundle(await encryptPrivateKeyToBundle({ ...common, privateKey: key, keyFormat: 'HEXADECIMAL' }), target.pair)), key);
    assert.equal(new TextDecoder().decode(await decryptImportBundle(await encryptWalletToBundle({ ...common, mnemonic: MNEMONIC }), target.pair)), MNEMONIC);
    const ours = await encryptToTarget(fromHex(key), importBundle, { organizationId: ORG, userId: USER, enclavePublicKey: signer.publicKeyHex });
    assert.equal(toHex(hostedOpen(ours, target.privateKeyHex)), key);
  });

  it('the OTP seal (otp_verify_v2): the kit\'s opens in @turnkey/crypto, @turnkey/crypto encryptOtpCodeToBundle\'s opens where the emulator opens it', async () => {
    const signer = await makeSigner();
    const target = await sharedTarget();
    const targetBundle = await signEnvelope({ targetPublic: target.publicKeyHex }, signer);
    const clientKey = toHex(compressPublicKey(fromHex(generateP256KeyPair().publicKeyUncompressed)));
    const expected = JSON.stringify({ otp_code: '492816', public_key: clientKey });
    const ours = await sealOtpCode(targetBundle, signer.publicKeyHex, '492816', clientKey);
    assert.equal(new TextDecoder().decode(hostedOpen(ours, target.privateKeyHex)), expected);
    const theirs = await encryptOtpCodeToBundle('492816', targetBundle, clientKey, signer.publicKeyHex);
    assert.equal(new TextDecoder().decode(await decryptImportBundle(theirs, target.pair)), expected);
  });
});
