// A5 rfc9180-p256-kat: the bundles' HPKE code (src/bundles/hpke-suite.ts, over @hpke/core)
// against published known answers for DHKEM(P-256, HKDF-SHA256), HKDF-SHA256 in base mode
// (test/vectors/hpke-rfc9180.json, sources in test/vectors/SOURCES.md): RFC 9180 A.3 (AES-128-GCM)
// and the CFRG vectors for exactly the bundles' suite (AES-256-GCM, run through bundleSuite()
// itself, so a suite built with another KEM, KDF or AEAD fails) and for AES-128-GCM. With each
// vector's own keys: the suite's KEM reproduces shared_secret both ways; hpkeSealWith seals the
// first message to the published enc and ciphertext and hpkeOpenWith opens it, refusing altered
// copies; the suite's contexts reproduce every listed encryption at its sequence number (which
// pins key, base_nonce and the nonce sequence) and open each, altered ones none.
// key_schedule_context and exporter_secret are @hpke/core's internals and are not compared.
import { describe, it, expect, before } from '../../support/harness.ts';
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { bundleSuite, hpkeOpenWith, hpkeSealWith } from '../../../src/bundles/hpke-suite.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { loadVector } from '../crypto/vectors.ts';

interface Encryption {
  sequence_number: number;
  aad: string;
  nonce: string;
  plaintext: string;
  ciphertext: string;
}
interface Vector {
  source: string;
  mode: number;
  kem_id: number;
  kdf_id: number;
  aead_id: number;
  info: string;
  skRm: string;
  pkRm: string;
  skEm: string;
  pkEm: string;
  enc: string;
  shared_secret: string;
  encryptions: Encryption[];
}

const subtle = globalThis.crypto.subtle;
const buffer = (hex: string): ArrayBuffer => fromHex(hex).slice().buffer;

/** The suite for a vector's AEAD: the bundles' own for AES-256-GCM; AES-128-GCM built here (the bundles never use it). */
async function suiteFor(aeadId: number): Promise<CipherSuite> {
  if (aeadId === 2) return bundleSuite();
  return new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
}

/** A published P-256 pair as WebCrypto ECDH keys; the private one non-extractable, as a target's is. */
async function ecdhPair(skHex: string, pkHex: string): Promise<CryptoKeyPair> {
  const point = fromHex(pkHex);
  const jwk = { kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)) };
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' };
  return {
    privateKey: await subtle.importKey('jwk', { ...jwk, d: toBase64Url(fromHex(skHex)) }, algorithm, false, ['deriveBits']),
    publicKey: await subtle.importKey('jwk', jwk, algorithm, true, []),
  };
}

const opens = async (open: () => Promise<unknown>): Promise<boolean> => open().then(() => true, () => false);

describe('A5 rfc9180-p256-kat', () => {
  let vectors: Vector[] = [];
  before(async () => {
    vectors = (await loadVector<{ vectors: Vector[] }>('hpke-rfc9180.json')).vectors;
  });

  it('A5 rfc9180-p256-kat: RFC 9180 A.3 and the CFRG vectors for P-256 / HKDF-SHA256 / AES-256-GCM (the bundles\' suite) and AES-128-GCM: shared_secret, seal, open and every encryption', async () => {
    expect(vectors.map((v) => [v.mode, v.kem_id, v.kdf_id, v.aead_id])).to.deep.equal([[0, 16, 1, 1], [0, 16, 1, 2], [0, 16, 1, 1]]);
    expect(vectors[0]!.source).to.match(/^RFC 9180 Appendix A\.3/);
    let sealed = 0;
    let opened = 0;
    for (const v of vectors) {
      const what = `${v.source.slice(0, 40)}… aead ${v.aead_id}`;
      const suite = await suiteFor(v.aead_id);
      const receiver = await ecdhPair(v.skRm, v.pkRm);
      const ephemeral = await ecdhPair(v.skEm, v.pkEm);
      const info = fromHex(v.info);

      // The KEM from both ends: Decap with the receiver's pair, Encap with the published ephemeral pair.
      const receiverPublic = await suite.kem.deserializePublicKey(buffer(v.pkRm));
      expect(toHex(new Uint8Array(await suite.kem.decap({ recipientKey: receiver, enc: buffer(v.enc) }))), `${what}: shared_secret (Decap)`).to.equal(v.shared_secret);
      const encap = await suite.kem.encap({ recipientPublicKey: receiverPublic, ekm: ephemeral });
      expect(toHex(new Uint8Array(encap.sharedSecret)), `${what}: shared_secret (Encap)`).to.equal(v.shared_secret);
      expect(toHex(new Uint8Array(encap.enc)), `${what}: enc (Encap)`).to.equal(v.enc);

      // Sequence 0 through the bundles' own seal and open, which is all a bundle uses; for the
      // AES-256-GCM vector with no suite given, i.e. exactly the bundles' suite.
      const first = v.encryptions[0]!;
      expect(first.sequence_number).to.equal(0);
      const inputs = { ...(v.aead_id === 2 ? {} : { suite }), info, aad: fromHex(first.aad) };
      const ours = await hpkeSealWith(fromHex(first.plaintext), fromHex(v.pkRm), { ...inputs, ephemeral });
      expect(toHex(ours.enc), `${what}: enc`).to.equal(v.enc);
      expect(toHex(ours.ciphertext), `${what}: seal`).to.equal(first.ciphertext);
      const enc = fromHex(v.enc);
      const firstCt = fromHex(first.ciphertext);
      expect(toHex(await hpkeOpenWith({ enc, ciphertext: firstCt }, receiver, inputs)), `${what}: open`).to.equal(first.plaintext);
      // The first message with a flipped byte, another AAD, another info, another enc, the tag cut: nothing opens.
      const flipped = firstCt.slice();
      flipped[0]! ^= 0x01;
      expect(await opens(() => hpkeOpenWith({ enc, ciphertext: flipped }, receiver, inputs)), `${what}: flipped`).to.equal(false);
      expect(await opens(() => hpkeOpenWith({ enc, ciphertext: firstCt }, receiver, { ...inputs, aad: fromHex(v.encryptions[1]!.aad) })), `${what}: other aad`).to.equal(false);
      expect(await opens(() => hpkeOpenWith({ enc, ciphertext: firstCt }, receiver, { ...inputs, info: new Uint8Array([...info, 0]) })), `${what}: other info`).to.equal(false);
      expect(await opens(() => hpkeOpenWith({ enc: fromHex(v.pkRm), ciphertext: firstCt }, receiver, inputs)), `${what}: other enc`).to.equal(false);
      expect(await opens(() => hpkeOpenWith({ enc, ciphertext: firstCt.subarray(0, firstCt.length - 1) }, receiver, inputs)), `${what}: cut tag`).to.equal(false);

      // Every published encryption at its sequence number, through the suite's contexts: the
      // sender's ciphertexts match, the recipient opens each and no altered copy. Sequence
      // numbers the vector skips are stepped over with the sender's own (deterministic) output.
      const sender = await suite.createSenderContext({ recipientPublicKey: receiverPublic, info: info.slice().buffer, ekm: ephemeral });
      const recipient = await suite.createRecipientContext({ recipientKey: receiver, enc: buffer(v.enc), info: info.slice().buffer });
      let seq = 0;
      for (const e of v.encryptions) {
        for (; seq < e.sequence_number; seq++) {
          const filler = await sender.seal(new Uint8Array(1).buffer, new Uint8Array(0).buffer);
          await recipient.open(filler, new Uint8Array(0).buffer);
        }
        expect(toHex(new Uint8Array(await sender.seal(buffer(e.plaintext), buffer(e.aad)))), `${what}: seal ${e.sequence_number}`).to.equal(e.ciphertext);
        sealed += 1;
        const altered = fromHex(e.ciphertext);
        altered[e.sequence_number % altered.length]! ^= 0x01;
        expect(await opens(() => recipient.open(altered.slice().buffer, buffer(e.aad))), `${what}: altered ${e.sequence_number}`).to.equal(false);
        expect(toHex(new Uint8Array(await recipient.open(buffer(e.ciphertext), buffer(e.aad)))), `${what}: open ${e.sequence_number}`).to.equal(e.plaintext);
        opened += 1;
        seq += 1;
      }
    }
    expect([sealed, opened]).to.deep.equal([6 + 257 + 257, 6 + 257 + 257]);
  });
});
