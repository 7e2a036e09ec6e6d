// Issue 39 item 3: three refusals of the bundles whose code the other files check but whose words
// they did not; each message names what was refused (the anchor, the empty key, the envelope),
// which is what a developer reading the error has to go on.
import { describe, it, afterEach, expect, expectCode } from '../../support/harness.ts';
import { verifyEnvelope } from '../../../src/bundles/enclave-envelope.ts';
import { createExportBundle, decodeExportedPrivateKey } from '../../../src/bundles/export-bundle.ts';
import { decryptImportBundle } from '../../../src/bundles/import-bundle.ts';
import { generateTargetKeyPair, hpkeOpen, hpkeSeal } from '../../../src/bundles/hpke-suite.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { makeSigner } from './bundle-fixtures.ts';

const g = globalThis as { location?: unknown };

describe('bundle refusals name what they refuse', () => {
  afterEach(() => {
    delete g.location;
  });

  it('an emulator enclave key on a non-loopback page: the message names the enclave key and the host', async () => {
    const signer = await makeSigner();
    const target = await generateTargetKeyPair();
    const bundle = await createExportBundle(new Uint8Array([1, 2, 3]), target.publicKeyHex, signer, 'org');
    g.location = { hostname: 'wallet.example' };
    const refusal = await expectCode(() => verifyEnvelope(bundle, signer.publicKeyHex), 'ERR_CONFIG_INVALID');
    expect(refusal.message).to.match(/^An enclave key other than the hosted service's is trusted only on a loopback page .*wallet\.example/);
  });

  it('an empty exported private key', async () => {
    const refusal = await expectCode(() => decodeExportedPrivateKey(new Uint8Array(0)), 'ERR_BUNDLE_MALFORMED');
    expect(refusal.message).to.equal('The exported private key is empty.');
  });

  it('an encrypted import bundle that is not JSON', async () => {
    const target = await generateTargetKeyPair();
    const refusal = await expectCode(() => decryptImportBundle('{"encappedPublic":', target.keyPair), 'ERR_BUNDLE_MALFORMED');
    expect(refusal.message).to.equal('The encrypted bundle is not JSON.');
    expect(refusal.cause).to.be.instanceOf(SyntaxError);
  });

  it('sealing something that is not bytes to a good key: ERR_KEY_FORMAT keeping what failed, not a bare TypeError', async () => {
    const target = await generateTargetKeyPair();
    // 'abc' and a plain array were sealed before (as an empty message): refused like the others now.
    for (const plaintext of [null, 5, 'abc', [1, 2, 3]]) {
      const refusal = await expectCode(() => hpkeSeal(plaintext as unknown as Uint8Array, fromHex(target.publicKeyHex)), 'ERR_KEY_FORMAT');
      expect(refusal.message).to.equal('Could not encrypt to the target public key.');
      expect(refusal.cause).to.be.instanceOf(TypeError);
    }
  });

  it('an enc of the wrong size: ERR_BUNDLE_DECRYPT whose cause names the form expected (uncompressed unless told)', async () => {
    const target = await generateTargetKeyPair();
    const sealed = await hpkeSeal(Uint8Array.of(1), fromHex(target.publicKeyHex));
    const cut = { enc: sealed.enc.subarray(0, 64), ciphertext: sealed.ciphertext };
    const plain = await expectCode(() => hpkeOpen(cut, target.keyPair), 'ERR_BUNDLE_DECRYPT');
    expect((plain.cause as Error).message).to.equal('enc is not a uncompressed P-256 point');
    const compressed = await expectCode(() => hpkeOpen(cut, target.keyPair, 'compressed'), 'ERR_BUNDLE_DECRYPT');
    expect((compressed.cause as Error).message).to.equal('enc is not a compressed P-256 point');
  });
});
