// The BigInt d·G fallback (Firefox refuses a PKCS #8 key without its point) against
// @noble/curves, which this project did not write, and WebCrypto's own derivation.
import { describe, it, expect, expectCode } from '../../support/harness.ts';
import fc from 'fast-check';
import { p256 } from '@noble/curves/nist.js';
import { p256PublicKey } from '../../../src/crypto/p256-public-key.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { P256_N } from '../../../src/crypto/p256.ts';

const scalar = (n: bigint) => fromHex(n.toString(16).padStart(64, '0'));

describe('p256PublicKey (d·G in BigInt, the Firefox fallback)', () => {
  it('1·G is the generator and (n-1)·G its negation', () => {
    const g = p256PublicKey(scalar(1n));
    expect(toHex(g)).to.equal(toHex(p256.getPublicKey(scalar(1n), false)));
    const minusG = p256PublicKey(scalar(P256_N - 1n));
    expect(toHex(minusG.subarray(1, 33))).to.equal(toHex(g.subarray(1, 33)));
    expect(toHex(minusG)).to.equal(toHex(p256.getPublicKey(scalar(P256_N - 1n), false)));
  });

  it('matches @noble/curves for 200 random scalars', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: P256_N - 1n }), (d) => {
        expect(toHex(p256PublicKey(scalar(d)))).to.equal(toHex(p256.getPublicKey(scalar(d), false)));
      }),
      { numRuns: 200, seed: 0x1a7c4 },
    );
  });

  it('matches the point WebCrypto derives from the same key', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const d = Uint8Array.from(atob(jwk.d!.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    expect(toHex(p256PublicKey(d))).to.equal(toHex(raw));
  });

  it('refuses 0, n, values above n and wrong lengths with ERR_KEY_FORMAT', async () => {
    await expectCode(() => p256PublicKey(scalar(0n)), 'ERR_KEY_FORMAT');
    await expectCode(() => p256PublicKey(scalar(P256_N)), 'ERR_KEY_FORMAT');
    await expectCode(() => p256PublicKey(fromHex('ff'.repeat(32))), 'ERR_KEY_FORMAT');
    await expectCode(() => p256PublicKey(new Uint8Array(31).fill(1)), 'ERR_KEY_FORMAT');
    await expectCode(() => p256PublicKey(new Uint8Array(33).fill(1)), 'ERR_KEY_FORMAT');
  });
});
