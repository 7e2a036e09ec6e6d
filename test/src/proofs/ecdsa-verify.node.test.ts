// verifyEcdsa against Node's own ECDSA (OpenSSL, raw r||s as IEEE P1363): signatures made by
// node:crypto verify, in every curve and hash pairing the chain uses, and each wrong size or
// off-curve key gives exactly false, without a verification attempted for a wrong size.
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, it, expect } from '../../support/harness.ts';
import { verifyEcdsa } from '../../../src/proofs/ecdsa-verify.ts';
import { concatBytes } from '../../../src/encoding/utf8.ts';

type Curve = 'P-256' | 'P-384';
const NODE_CURVE = { 'P-256': 'prime256v1', 'P-384': 'secp384r1' } as const;

function nodeKey(curve: Curve) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: NODE_CURVE[curve] });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = concatBytes(Uint8Array.of(4), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url'));
  return { privateKey, point };
}

describe('verifyEcdsa against node:crypto', () => {
  const message = new TextEncoder().encode('Signature1 over a certificate');

  it('verifies what node:crypto signs, for each curve and hash; refuses another message or key', async () => {
    for (const curve of ['P-256', 'P-384'] as const) {
      const key = nodeKey(curve);
      const other = nodeKey(curve);
      for (const hash of ['SHA-256', 'SHA-384'] as const) {
        const signature = new Uint8Array(sign(hash.replace('-', '').toLowerCase(), message, { key: key.privateKey, dsaEncoding: 'ieee-p1363' }));
        expect(signature.length, curve).to.equal(curve === 'P-256' ? 64 : 96);
        expect(await verifyEcdsa(curve, hash, key.point, signature, message), `${curve} ${hash}`).to.equal(true);
        expect(await verifyEcdsa(curve, hash, other.point, signature, message)).to.equal(false);
        expect(await verifyEcdsa(curve, hash === 'SHA-256' ? 'SHA-384' : 'SHA-256', key.point, signature, message)).to.equal(false);
        expect(await verifyEcdsa(curve, hash, key.point, signature, message.subarray(1))).to.equal(false);
        // A view into a larger buffer is read from its own offset.
        const framed = concatBytes(Uint8Array.of(9, 9), signature, Uint8Array.of(9)).subarray(2, 2 + signature.length);
        expect(await verifyEcdsa(curve, hash, key.point, framed, message)).to.equal(true);
      }
    }
  });

  it('exactly false for a wrong-size signature or key, another curve’s key, or a point off the curve', async () => {
    const p384 = nodeKey('P-384');
    const p256 = nodeKey('P-256');
    const sig384 = new Uint8Array(sign('sha384', message, { key: p384.privateKey, dsaEncoding: 'ieee-p1363' }));
    const subtle = globalThis.crypto.subtle as SubtleCrypto & { verify: SubtleCrypto['verify'] };
    const realVerify = subtle.verify;
    let verifications = 0;
    subtle.verify = (...args: Parameters<SubtleCrypto['verify']>) => ((verifications += 1), realVerify.apply(subtle, args));
    try {
      for (const bad of [sig384.subarray(0, 95), concatBytes(sig384, Uint8Array.of(0)), sig384.subarray(0, 64)]) {
        expect(await verifyEcdsa('P-384', 'SHA-384', p384.point, bad, message), `signature of ${bad.length}`).to.equal(false);
      }
      expect(verifications, 'verifications for wrong sizes').to.equal(0);
    } finally {
      delete (subtle as { verify?: unknown }).verify;
      if (subtle.verify !== realVerify) subtle.verify = realVerify;
    }
    expect(await verifyEcdsa('P-384', 'SHA-384', p256.point, sig384, message)).to.equal(false);
    expect(await verifyEcdsa('P-256', 'SHA-256', p384.point, sig384.subarray(0, 64), message)).to.equal(false);
    const offCurve = p384.point.slice();
    offCurve[96] = offCurve[96]! ^ 1;
    expect(await verifyEcdsa('P-384', 'SHA-384', offCurve, sig384, message)).to.equal(false);
    const offCurve256 = p256.point.slice();
    offCurve256[64] = offCurve256[64]! ^ 1;
    expect(await verifyEcdsa('P-256', 'SHA-256', offCurve256, new Uint8Array(64).fill(1), message)).to.equal(false);
  });
});
