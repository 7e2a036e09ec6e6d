// The bundles' refusals one input at a time, each answered with its own code and, where the kit
// wraps a lower failure, that failure kept as cause: the shapes a hostile or broken service can
// send (JSON that is not an object, fields of the wrong type, a compressed enc where the service
// sends an uncompressed one), and receivers or targets that are not what the suite needs.
// The signed cases are signed by a real enclave-style key (bundle-fixtures' signRaw), so each one
// reaches the check it names and not the signature check before it.
import { describe, it, before, expect } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { createExportBundle, decodeExportedMnemonic, decryptExportBundle } from '../../../src/bundles/export-bundle.ts';
import { createImportTarget, decryptImportBundle, encryptToTarget } from '../../../src/bundles/import-bundle.ts';
import { decryptCredentialBundle, encryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { verifyEnvelope, signEnvelope, type EnvelopeSigner } from '../../../src/bundles/enclave-envelope.ts';
import { generateTargetKeyPair, hpkeOpen, hpkeSeal, type TargetKeyPair } from '../../../src/bundles/hpke-suite.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { compressPublicKey } from '../../../src/crypto/p256.ts';
import { flipByte, makeSigner, parseEnvelope, signRaw, writeEnvelope } from './bundle-fixtures.ts';

const ORG = 'org-edges';
const USER = 'user-edges';
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const codeOf = (code: string) => (cause: unknown) => {
  expect(cause).to.be.instanceOf(LatchError);
  expect((cause as LatchError).code).to.equal(code);
};

describe('bundle edges', () => {
  let signer: EnvelopeSigner;
  let target: TargetKeyPair;
  let bundle: string;
  let options: { target: CryptoKeyPair; organizationId: string; enclavePublicKey: string };
  before(async () => {
    signer = await makeSigner();
    target = await generateTargetKeyPair();
    bundle = await createExportBundle(utf8('a b c'), target.publicKeyHex, signer, ORG);
    options = { target: target.keyPair, organizationId: ORG, enclavePublicKey: signer.publicKeyHex };
  });
  const signed = (data: unknown): Promise<string> => signRaw(utf8(typeof data === 'string' ? data : JSON.stringify(data)), signer);

  it('an envelope that is not a JSON object is ERR_BUNDLE_MALFORMED, not a version or runtime error', async () => {
    for (const text of ['null', '[]', '"v1.0.0"', '42', 'true']) {
      await expectLatchError(() => verifyEnvelope(text, signer.publicKeyHex), 'ERR_BUNDLE_MALFORMED', { message: /bundle/ });
    }
    await expectLatchError(() => verifyEnvelope('{"version":', signer.publicKeyHex), 'ERR_BUNDLE_MALFORMED', { message: /bundle/, cause: (c) => expect(c).to.be.instanceOf(SyntaxError) });
    // Not a string at all: an array holding the real envelope must not be read as its text.
    for (const value of [42, [bundle], { toString: () => bundle }]) {
      await expectLatchError(() => verifyEnvelope(value as unknown as string, signer.publicKeyHex), 'ERR_BUNDLE_MALFORMED');
    }
  });

  it('each envelope field must be a non-empty string', async () => {
    const good = parseEnvelope(bundle);
    for (const field of ['data', 'dataSignature', 'enclaveQuorumPublic'] as const) {
      for (const value of ['', 42, null, undefined]) {
        const text = writeEnvelope({ ...good, [field]: value } as never);
        await expectLatchError(() => verifyEnvelope(text, signer.publicKeyHex), 'ERR_BUNDLE_MALFORMED', { message: new RegExp(field) });
      }
    }
  });

  it('a signer that is not hex is ERR_BUNDLE_SIGNER; a signature that is not DER is ERR_BUNDLE_SIGNATURE; both keep the cause', async () => {
    const good = parseEnvelope(bundle);
    await expectLatchError(() => verifyEnvelope(writeEnvelope({ ...good, enclaveQuorumPublic: 'zz' }), signer.publicKeyHex), 'ERR_BUNDLE_SIGNER', { cause: true });
    for (const dataSignature of ['zz', '3000', good.dataSignature.slice(0, -2)]) {
      await expectLatchError(() => verifyEnvelope(writeEnvelope({ ...good, dataSignature }), signer.publicKeyHex), 'ERR_BUNDLE_SIGNATURE', { cause: true });
    }
    await expectLatchError(() => verifyEnvelope(writeEnvelope({ ...good, data: 'zz' }), signer.publicKeyHex), 'ERR_BUNDLE_MALFORMED', { message: /data/, cause: true });
    await expectLatchError(() => verifyEnvelope(writeEnvelope({ ...good, data: toHex(flipByte(fromHex(good.data), 3)) }), signer.publicKeyHex), 'ERR_BUNDLE_SIGNATURE');
  });

  it('signed data that is not UTF-8 or not a JSON object is ERR_BUNDLE_MALFORMED', async () => {
    const notUtf8 = await signRaw(Uint8Array.of(0x7b, 0xff, 0x7d), signer);
    await expectLatchError(() => verifyEnvelope(notUtf8, signer.publicKeyHex), 'ERR_BUNDLE_MALFORMED', { cause: (c) => expect(c).to.be.instanceOf(TypeError) });
    for (const data of ['[]', 'null', '"x"', '7', '{']) {
      await expectLatchError(async () => decryptExportBundle(await signed(data), options), 'ERR_BUNDLE_MALFORMED', { message: /bundle data/ });
    }
  });

  it('an encappedPublic that is not a 65-byte uncompressed point is ERR_BUNDLE_MALFORMED before any decryption', async () => {
    const data = JSON.parse(new TextDecoder().decode(fromHex(parseEnvelope(bundle).data))) as Record<string, string>;
    const uncompressed = fromHex(data.encappedPublic!);
    const wrongPrefix = uncompressed.slice();
    wrongPrefix[0] = 0x05;
    for (const enc of [compressPublicKey(uncompressed), wrongPrefix, uncompressed.subarray(0, 64)]) {
      await expectLatchError(async () => decryptExportBundle(await signed({ ...data, encappedPublic: toHex(enc) }), options), 'ERR_BUNDLE_MALFORMED', { message: /encappedPublic/ });
    }
    for (const field of ['encappedPublic', 'ciphertext']) {
      await expectLatchError(async () => decryptExportBundle(await signed({ ...data, [field]: 'xyz' }), options), 'ERR_BUNDLE_MALFORMED', { message: new RegExp(field), cause: true });
      await expectLatchError(async () => decryptExportBundle(await signed({ ...data, [field]: '' }), options), 'ERR_BUNDLE_MALFORMED', { message: new RegExp(field) });
    }
  });

  it('the organization and user must be given and match exactly; the message names which', async () => {
    const data = JSON.parse(new TextDecoder().decode(fromHex(parseEnvelope(bundle).data))) as Record<string, string>;
    await expectLatchError(async () => decryptExportBundle(await signed({ ...data, organizationId: '' }), { ...options, organizationId: '' }), 'ERR_BUNDLE_ORGANIZATION', { message: /organization/ });
    const { organizationId: _, ...withoutOrg } = data;
    await expectLatchError(async () => decryptExportBundle(await signed(withoutOrg), { ...options, organizationId: undefined as unknown as string }), 'ERR_BUNDLE_ORGANIZATION');
    await expectLatchError(() => decryptExportBundle(bundle, { ...options, organizationId: 'org-other' }), 'ERR_BUNDLE_ORGANIZATION', { message: /organization/ });
    const importTarget = await createImportTarget({ targetPublicKeyHex: target.publicKeyHex, organizationId: ORG, userId: USER }, signer);
    const importOptions = { organizationId: ORG, userId: 'user-other', enclavePublicKey: signer.publicKeyHex };
    const refused = await expectLatchError(() => encryptToTarget(utf8('k'), importTarget, importOptions), 'ERR_BUNDLE_ORGANIZATION', { message: /user/ });
    expect(refused.message).to.not.match(/organization/);
  });

  it('setup errors are ERR_KEY_FORMAT with their cause: a pinned key, a signer or a target that is not a P-256 key', async () => {
    await expectLatchError(() => verifyEnvelope(bundle, 'zz'), 'ERR_KEY_FORMAT', { cause: codeOf('ERR_ENCODING_HEX') });
    const ecdh = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
    await expectLatchError(() => signEnvelope({ a: 1 }, { privateKey: ecdh.privateKey, publicKeyHex: signer.publicKeyHex }), 'ERR_KEY_FORMAT', { cause: true });
    await expectLatchError(() => createExportBundle(utf8('x'), 'zz', signer, ORG), 'ERR_KEY_FORMAT', { cause: codeOf('ERR_ENCODING_HEX') });
    await expectLatchError(() => encryptCredentialBundle(new Uint8Array(32).fill(1), 'zz'), 'ERR_KEY_FORMAT', { cause: codeOf('ERR_ENCODING_HEX') });
    await expectLatchError(() => createImportTarget({ targetPublicKeyHex: 'zz', organizationId: ORG, userId: USER }, signer), 'ERR_KEY_FORMAT', { cause: true });
    await expectLatchError(() => createImportTarget({ targetPublicKeyHex: '02' + 'ff'.repeat(32), organizationId: ORG, userId: USER }, signer), 'ERR_KEY_FORMAT', { cause: true });
    // hpkeSeal: the point's own refusal is the cause, not a later failure inside HPKE.
    await expectLatchError(() => hpkeSeal(utf8('x'), fromHex('02' + 'ff'.repeat(32))), 'ERR_KEY_FORMAT', { cause: codeOf('ERR_KEY_NOT_ON_CURVE') });
    await expectLatchError(() => hpkeSeal(utf8('x'), new Uint8Array(20)), 'ERR_KEY_FORMAT', { cause: codeOf('ERR_KEY_FORMAT') });
  });

  it('an import target whose signed targetPublic is not a P-256 key is ERR_BUNDLE_MALFORMED', async () => {
    for (const targetPublic of ['zz', '02' + 'ff'.repeat(32)]) {
      const importTarget = await signed({ targetPublic, organizationId: ORG, userId: USER });
      await expectLatchError(() => encryptToTarget(utf8('k'), importTarget, { organizationId: ORG, userId: USER, enclavePublicKey: signer.publicKeyHex }), 'ERR_BUNDLE_MALFORMED', { cause: true });
    }
  });

  it('an encrypted import bundle that is not a JSON string is ERR_BUNDLE_MALFORMED', async () => {
    const sealed = await hpkeSeal(utf8('k'), fromHex(target.publicKeyHex));
    const text = JSON.stringify({ encappedPublic: toHex(sealed.enc), ciphertext: toHex(sealed.ciphertext) });
    expect(new TextDecoder().decode(await decryptImportBundle(text, target.keyPair))).to.equal('k');
    for (const value of [42, [text], null]) {
      await expectLatchError(() => decryptImportBundle(value as unknown as string, target.keyPair), 'ERR_BUNDLE_MALFORMED');
    }
  });

  it('hpkeOpen refuses a receiver that is not a whole ECDH P-256 pair with ERR_KEY_FORMAT, and keeps the cause of a failed open', async () => {
    const sealed = await hpkeSeal(utf8('m'), fromHex(target.publicKeyHex));
    const p384 = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-384' }, false, ['deriveBits'])) as CryptoKeyPair;
    const receivers = [undefined, null, { publicKey: target.keyPair.publicKey }, { privateKey: target.keyPair.privateKey }, p384];
    for (const receiver of receivers) {
      await expectLatchError(() => hpkeOpen(sealed, receiver as unknown as CryptoKeyPair), 'ERR_KEY_FORMAT');
    }
    // A public half that cannot be exported (so not read for the AAD) is the receiver's fault.
    const hidden = await crypto.subtle.importKey('raw', fromHex(target.publicKeyHex).slice().buffer, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    await expectLatchError(() => hpkeOpen(sealed, { privateKey: target.keyPair.privateKey, publicKey: hidden }), 'ERR_KEY_FORMAT', { cause: true });
    await expectLatchError(() => hpkeOpen({ ...sealed, ciphertext: flipByte(sealed.ciphertext, 0) }, target.keyPair), 'ERR_BUNDLE_DECRYPT', { cause: true });
    await expectLatchError(() => hpkeOpen({ ...sealed, enc: sealed.enc.subarray(0, 33) }, target.keyPair), 'ERR_BUNDLE_DECRYPT', { cause: true });
  });

  it('credential bundles: a non-string or empty bundle is ERR_BUNDLE_MALFORMED; a zero scalar keeps its cause', async () => {
    for (const value of ['', 42, null, [bundle]]) {
      await expectLatchError(() => decryptCredentialBundle(value as unknown as string, target.keyPair), 'ERR_BUNDLE_MALFORMED');
    }
    const zero = await encryptCredentialBundle(new Uint8Array(32), target.publicKeyHex);
    await expectLatchError(() => decryptCredentialBundle(zero, target.keyPair), 'ERR_BUNDLE_MALFORMED', { cause: true });
  });

  it('an exported wallet that is not UTF-8 is ERR_BUNDLE_MALFORMED with the decoder\'s error as cause', async () => {
    await expectLatchError(() => decodeExportedMnemonic(Uint8Array.of(0x61, 0xc3)), 'ERR_BUNDLE_MALFORMED', { cause: (c) => expect(c).to.be.instanceOf(TypeError) });
  });
});
