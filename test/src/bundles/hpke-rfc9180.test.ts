// A5 rfc9180-p256-kat: the bundle suite's HPKE (src/bundles/hpke-suite.ts, WebCrypto) against
// published known answers for DHKEM(P-256, HKDF-SHA256), HKDF-SHA256 in base mode
// (test/vectors/hpke-rfc9180.json, sources in test/vectors/SOURCES.md): RFC 9180 A.3 (AES-128-GCM)
// and the CFRG vectors for exactly the bundles' suite (AES-256-GCM). With each vector's own keys
// the suite must reproduce the KEM's shared_secret, the key schedule's key_schedule_context, key,
// base_nonce and exporter_secret, seal the first message to the published enc and ciphertext,
// open it, and open every encryptions[] entry; altered ones open nothing.
import { describe, it, expect, before } from '../../support/harness.ts';
import { aeadOpen, hpkeKeySchedule, hpkeOpenWith, hpkeSchedule, hpkeSealWith, hpkeSharedSecret, type HpkeSchedule } from '../../../src/bundles/hpke-suite.ts';
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
  key_schedule_context: string;
  key: string;
  base_nonce: string;
  exporter_secret: string;
  encryptions: Encryption[];
}

const subtle = globalThis.crypto.subtle;
const AEADS: Record<number, { id: number; keyLength: number }> = { 1: { id: 1, keyLength: 16 }, 2: { id: 2, keyLength: 32 } };

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

/** nonce = base_nonce XOR I2OSP(seq, Nn) (RFC 9180 §5.2). */
function nonceFor(baseNonce: Uint8Array, seq: number): Uint8Array {
  const nonce = baseNonce.slice();
  for (let i = 0, s = seq; s > 0; i++, s = Math.floor(s / 256)) nonce[nonce.length - 1 - i]! ^= s & 0xff;
  return nonce;
}

const opens = async (open: () => Promise<unknown>): Promise<boolean> => open().then(() => true, () => false);

describe('A5 rfc9180-p256-kat', () => {
  let vectors: Vector[] = [];
  before(async () => {
    vectors = (await loadVector<{ vectors: Vector[] }>('hpke-rfc9180.json')).vectors;
  });

  it('A5 rfc9180-p256-kat: RFC 9180 A.3 and the CFRG vectors for P-256 / HKDF-SHA256 / AES-256-GCM and AES-128-GCM: shared_secret, key schedule, seal and every encryption', async () => {
    expect(vectors.map((v) => [v.mode, v.kem_id, v.kdf_id, v.aead_id])).to.deep.equal([[0, 16, 1, 1], [0, 16, 1, 2], [0, 16, 1, 1]]);
    expect(vectors[0]!.source).to.match(/^RFC 9180 Appendix A\.3/);
    let opened = 0;
    for (const v of vectors) {
      const what = `${v.source.slice(0, 40)}… aead ${v.aead_id}`;
      const receiver = await ecdhPair(v.skRm, v.pkRm);
      const ephemeral = await ecdhPair(v.skEm, v.pkEm);
      const schedule: HpkeSchedule = await hpkeSchedule(fromHex(v.info), AEADS[v.aead_id]);
      expect(toHex(schedule.keyScheduleContext), `${what}: key_schedule_context`).to.equal(v.key_schedule_context);

      // The KEM from both ends: Decap with the receiver's key, Encap with the published ephemeral key.
      const enc = new Uint8Array(fromHex(v.enc));
      const kemContext = new Uint8Array([...enc, ...fromHex(v.pkRm)]);
      const encKey = await subtle.importKey('raw', enc, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
      const receiverKey = await subtle.importKey('raw', new Uint8Array(fromHex(v.pkRm)), { name: 'ECDH', namedCurve: 'P-256' }, false, []);
      const sharedSecret = await hpkeSharedSecret(receiver.privateKey, encKey, kemContext);
      expect(toHex(sharedSecret), `${what}: shared_secret (Decap)`).to.equal(v.shared_secret);
      expect(toHex(await hpkeSharedSecret(ephemeral.privateKey, receiverKey, kemContext)), `${what}: shared_secret (Encap)`).to.equal(v.shared_secret);

      // The key schedule, with the key made extractable only here to compare it.
      const { key, baseNonce } = await hpkeKeySchedule(sharedSecret.slice(), schedule, 'decrypt', true);
      expect(toHex(new Uint8Array(await subtle.exportKey('raw', key))), `${what}: key`).to.equal(v.key);
      expect(toHex(baseNonce), `${what}: base_nonce`).to.equal(v.base_nonce);
      // exporter_secret = LabeledExpand(secret, "exp", key_schedule_context, Nh): the same HKDF as key and base_nonce, another label.
      const expInfo = new Uint8Array([0, 32, ...new TextEncoder().encode('HPKE-v1'), ...schedule.suite, ...new TextEncoder().encode('exp'), ...schedule.keyScheduleContext]);
      const exporterSecret = await subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(sharedSecret), info: expInfo }, schedule.secretIkm, 256);
      expect(toHex(new Uint8Array(exporterSecret)), `${what}: exporter_secret`).to.equal(v.exporter_secret);

      // Sequence 0 through the suite's own seal and open, which is all a bundle uses.
      const first = v.encryptions[0]!;
      expect(first.sequence_number).to.equal(0);
      const sealed = await hpkeSealWith(fromHex(first.plaintext), fromHex(v.pkRm), ephemeral, schedule, fromHex(first.aad));
      expect(toHex(sealed.enc), `${what}: enc`).to.equal(v.enc);
      expect(toHex(sealed.ciphertext), `${what}: seal`).to.equal(first.ciphertext);
      const plain = await hpkeOpenWith({ enc, ciphertext: fromHex(first.ciphertext) }, receiver, schedule, fromHex(first.aad));
      expect(toHex(plain), `${what}: open`).to.equal(first.plaintext);

      // Every published encryption, at its sequence number's nonce; each altered copy fails.
      for (const e of v.encryptions) {
        const nonce = nonceFor(baseNonce, e.sequence_number);
        expect(toHex(nonce), `${what}: nonce ${e.sequence_number}`).to.equal(e.nonce);
        const ct = fromHex(e.ciphertext);
        expect(toHex(await aeadOpen(key, nonce, ct, fromHex(e.aad))), `${what}: encryption ${e.sequence_number}`).to.equal(e.plaintext);
        opened += 1;
        const flipped = ct.slice();
        flipped[e.sequence_number % ct.length]! ^= 0x01;
        expect(await opens(() => aeadOpen(key, nonce, flipped, fromHex(e.aad))), `${what}: altered ${e.sequence_number}`).to.equal(false);
      }
      // The first message with another AAD, another enc, or the tag cut: nothing opens.
      const firstCt = fromHex(first.ciphertext);
      expect(await opens(() => hpkeOpenWith({ enc, ciphertext: firstCt }, receiver, schedule, fromHex(v.encryptions[1]!.aad)))).to.equal(false);
      expect(await opens(() => hpkeOpenWith({ enc: fromHex(v.pkRm), ciphertext: firstCt }, receiver, schedule, fromHex(first.aad)))).to.equal(false);
      expect(await opens(() => hpkeOpenWith({ enc, ciphertext: firstCt.subarray(0, firstCt.length - 1) }, receiver, schedule, fromHex(first.aad)))).to.equal(false);
    }
    expect(opened).to.equal(6 + 257 + 257);
  });
});
