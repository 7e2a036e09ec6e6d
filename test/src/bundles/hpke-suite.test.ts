import { describe, it, expect } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { Aes128Gcm, Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { generateTargetKeyPair, hpkeOpen, hpkeSeal } from '../../../src/bundles/hpke-suite.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { compressPublicKey } from '../../../src/crypto/p256.ts';

const subtle = globalThis.crypto.subtle;
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/**
 * Seals with @hpke/core directly, the framing of docs/protocol.md §6 written out here rather than
 * taken from the suite, so one parameter at a time can differ from it. (The HPKE underneath is
 * the same library on both sides; the hosted library's own HPKE checks the framing in
 * bundle-differential.node.test.ts.)
 */
async function sealWith(params: { aead?: 'aes128'; info?: string; aad?: 'enc-only' | 'swapped' }, plaintext: Uint8Array, receiverHex: string) {
  const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: params.aead ? new Aes128Gcm() : new Aes256Gcm() });
  const receiver = fromHex(receiverHex);
  const recipientPublicKey = await suite.kem.deserializePublicKey(receiver.slice().buffer);
  const sender = await suite.createSenderContext({ recipientPublicKey, info: text(params.info ?? 'turnkey_hpke') });
  const enc = new Uint8Array(sender.enc);
  const aad = params.aad === 'enc-only' ? enc : params.aad === 'swapped' ? new Uint8Array([...receiver, ...enc]) : new Uint8Array([...enc, ...receiver]);
  return { enc, ciphertext: new Uint8Array(await sender.seal(plaintext.slice(), aad)) };
}

describe('hpke suite', () => {
  it('generates an ECDH P-256 target with a non-extractable private key and an uncompressed hex public key', async () => {
    const { keyPair, publicKeyHex } = await generateTargetKeyPair();
    expect(publicKeyHex).to.match(/^04[0-9a-f]{128}$/);
    expect(keyPair.privateKey.extractable).to.equal(false);
    expect(keyPair.privateKey.algorithm.name).to.equal('ECDH');
    expect((keyPair.privateKey.algorithm as EcKeyAlgorithm).namedCurve).to.equal('P-256');
    let caught: unknown;
    try {
      await subtle.exportKey('pkcs8', keyPair.privateKey);
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(Error);
  });

  it('seals and opens, to an uncompressed or compressed receiver key, many times in a row', async () => {
    // Many rounds: with only a non-extractable private key @hpke/core fails about half the time
    // (docs/toolchain.md pitfall 1), so a suite that stopped passing the pair would fail here.
    for (let i = 0; i < 8; i++) {
      const target = await generateTargetKeyPair();
      const receiver = i % 2 ? compressPublicKey(fromHex(target.publicKeyHex)) : fromHex(target.publicKeyHex);
      const sealed = await hpkeSeal(text(`message ${i}`), receiver);
      expect(sealed.enc.length).to.equal(65);
      expect(sealed.enc[0]).to.equal(0x04);
      expect(sealed.ciphertext.length).to.equal(`message ${i}`.length + 16);
      expect(new TextDecoder().decode(await hpkeOpen(sealed, target.keyPair))).to.equal(`message ${i}`);
    }
  });

  it('framing: opens what @hpke/core seals with the framing written out (info "turnkey_hpke", AAD = enc || receiver)', async () => {
    for (let i = 0; i < 4; i++) {
      const target = await generateTargetKeyPair();
      const sealed = await sealWith({}, text(`interop ${i}`), target.publicKeyHex);
      expect(new TextDecoder().decode(await hpkeOpen(sealed, target.keyPair))).to.equal(`interop ${i}`);
    }
  });

  it('framing: what the suite seals, @hpke/core opens with the framing written out (AAD = enc || receiver), and only with that AAD', async () => {
    const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
    for (let i = 0; i < 4; i++) {
      const recipient = await suite.kem.generateKeyPair();
      const receiver = new Uint8Array(await suite.kem.serializePublicKey(recipient.publicKey));
      const message = text(`to @hpke/core ${i}`);
      const sealed = await hpkeSeal(message, i % 2 ? compressPublicKey(receiver) : receiver);
      const open = async (aad: Uint8Array) => {
        const context = await suite.createRecipientContext({ recipientKey: recipient, enc: sealed.enc.slice().buffer, info: text('turnkey_hpke') });
        return new Uint8Array(await context.open(sealed.ciphertext.slice().buffer, aad.slice().buffer));
      };
      expect(await open(new Uint8Array([...sealed.enc, ...receiver]))).to.deep.equal(message);
      let caught: unknown;
      try {
        await open(sealed.enc);
      } catch (error) {
        caught = error;
      }
      expect(caught, 'enc alone as AAD').to.be.instanceOf(Error);
    }
  });

  it('refuses an altered enc or ciphertext with ERR_BUNDLE_DECRYPT: another point, off the curve, compressed, truncated; a flipped byte, a cut tag, nothing at all', async () => {
    const target = await generateTargetKeyPair();
    const other = await generateTargetKeyPair();
    const sealed = await hpkeSeal(text('secret'), fromHex(target.publicKeyHex));
    const offCurve = sealed.enc.slice();
    offCurve[64]! ^= 0x01;
    const encs = [fromHex(other.publicKeyHex), offCurve, compressPublicKey(sealed.enc), sealed.enc.subarray(0, 64), new Uint8Array(65)];
    for (const enc of encs) await expectLatchError(() => hpkeOpen({ enc, ciphertext: sealed.ciphertext }, target.keyPair), 'ERR_BUNDLE_DECRYPT');
    const ct = sealed.ciphertext;
    const flip = (index: number) => {
      const copy = ct.slice();
      copy[index]! ^= 0x80;
      return copy;
    };
    for (const ciphertext of [flip(0), flip(3), flip(ct.length - 1), ct.subarray(0, ct.length - 1), ct.subarray(0, 16), new Uint8Array(0)]) {
      await expectLatchError(() => hpkeOpen({ enc: sealed.enc, ciphertext }, target.keyPair), 'ERR_BUNDLE_DECRYPT');
    }
    // The untouched message still opens: the failures above are the alterations'.
    expect(new TextDecoder().decode(await hpkeOpen(sealed, target.keyPair))).to.equal('secret');
  });

  it('opens with the enc compressed when asked to (credential bundles), the AAD still holding the uncompressed point; each form only where it is expected', async () => {
    for (let i = 0; i < 4; i++) {
      const target = await generateTargetKeyPair();
      const sealed = await hpkeSeal(text(`compressed ${i}`), fromHex(target.publicKeyHex));
      const compressed = compressPublicKey(sealed.enc);
      expect(new TextDecoder().decode(await hpkeOpen({ enc: compressed, ciphertext: sealed.ciphertext }, target.keyPair, 'compressed'))).to.equal(`compressed ${i}`);
      await expectLatchError(() => hpkeOpen(sealed, target.keyPair, 'compressed'), 'ERR_BUNDLE_DECRYPT');
      await expectLatchError(() => hpkeOpen({ enc: compressed, ciphertext: sealed.ciphertext }, target.keyPair), 'ERR_BUNDLE_DECRYPT');
      // The other y (the prefix flipped) is another point: another shared secret.
      const otherY = compressed.slice();
      otherY[0] = otherY[0] === 0x02 ? 0x03 : 0x02;
      await expectLatchError(() => hpkeOpen({ enc: otherY, ciphertext: sealed.ciphertext }, target.keyPair, 'compressed'), 'ERR_BUNDLE_DECRYPT');
    }
    // An x with no point on the curve (x = 1: 1 − 3 + b is not a square mod p), then a good enc: it still opens.
    const target = await generateTargetKeyPair();
    const noPoint = new Uint8Array(33);
    noPoint[0] = 0x02;
    noPoint[32] = 1;
    const sealed = await hpkeSeal(text('after'), fromHex(target.publicKeyHex));
    await expectLatchError(() => hpkeOpen({ enc: noPoint, ciphertext: sealed.ciphertext }, target.keyPair, 'compressed'), 'ERR_BUNDLE_DECRYPT');
    expect(new TextDecoder().decode(await hpkeOpen({ enc: compressPublicKey(sealed.enc), ciphertext: sealed.ciphertext }, target.keyPair, 'compressed'))).to.equal('after');
  });

  it('opens with a receiver pair seen before and one never seen (the public key bytes are kept per key), and a pair whose public half is a different CryptoKey for the same point', async () => {
    const target = await generateTargetKeyPair();
    const sealed = await hpkeSeal(text('again'), fromHex(target.publicKeyHex));
    for (let i = 0; i < 3; i++) expect(new TextDecoder().decode(await hpkeOpen(sealed, target.keyPair))).to.equal('again');
    const samePoint = await subtle.importKey('raw', new Uint8Array(fromHex(target.publicKeyHex)), { name: 'ECDH', namedCurve: 'P-256' }, true, []);
    expect(new TextDecoder().decode(await hpkeOpen(sealed, { privateKey: target.keyPair.privateKey, publicKey: samePoint }))).to.equal('again');
  });

  it('refuses a message sealed with another AAD, info or AEAD', async () => {
    const target = await generateTargetKeyPair();
    for (const params of [{ aad: 'enc-only' as const }, { aad: 'swapped' as const }, { info: 'other_hpke' }, { aead: 'aes128' as const }]) {
      const sealed = await sealWith(params, text('secret'), target.publicKeyHex);
      await expectLatchError(() => hpkeOpen(sealed, target.keyPair), 'ERR_BUNDLE_DECRYPT');
    }
  });

  it('refuses a wrong key pair and an ECDSA pair', async () => {
    const target = await generateTargetKeyPair();
    const other = await generateTargetKeyPair();
    const sealed = await hpkeSeal(text('secret'), fromHex(target.publicKeyHex));
    await expectLatchError(() => hpkeOpen(sealed, other.keyPair), 'ERR_BUNDLE_DECRYPT');
    // The right private key with someone else's public key: the AAD no longer matches.
    await expectLatchError(() => hpkeOpen(sealed, { privateKey: target.keyPair.privateKey, publicKey: other.keyPair.publicKey }), 'ERR_BUNDLE_DECRYPT');
    const ecdsa = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    await expectLatchError(() => hpkeOpen(sealed, ecdsa), 'ERR_KEY_FORMAT');
  });

  it('refuses to seal to something that is not a P-256 point', async () => {
    await expectLatchError(() => hpkeSeal(text('x'), new Uint8Array(65)), 'ERR_KEY_FORMAT');
    await expectLatchError(() => hpkeSeal(text('x'), new Uint8Array(10)), 'ERR_KEY_FORMAT');
  });
});
