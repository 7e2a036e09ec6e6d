// The edges of src/crypto that the shared tests left open (issue 26 item 2, mutation survivors),
// each against an outside truth: noble's P-256, P-521 and secp256k1 (DER encoding and parsing,
// point decoding, keys), and WebCrypto as Node ships it.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { p256, p521 } from '@noble/curves/nist.js';
import { secp256k1 as nobleSecp256k1 } from '@noble/curves/secp256k1.js';
import { derToRaw, rawToDerHex } from '../../../src/crypto/der.ts';
import { compressPublicKey, decompressPublicKey, bytesToBigInt } from '../../../src/crypto/p256.ts';
import { p256PublicKey } from '../../../src/crypto/p256-public-key.ts';
import { P } from '../../../src/crypto/p256-point.ts';
import { secp256k1 } from '../../../src/crypto/secp256k1.ts';
import { randomBytes, sha256, subtle } from '../../../src/crypto/webcrypto.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { isLatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';

/** Throws a LatchError of `code` whose message says something (never the empty string). */
function refused(run: () => unknown, code: LatchErrorCode, label = ''): void {
  assert.throws(run, (error: unknown) => isLatchError(error, code) && error.message.length > 10, label);
}

const hex32 = (n: bigint) => n.toString(16).padStart(64, '0');
const bigHex = (n: bigint, bytes: number) => n.toString(16).padStart(bytes * 2, '0');

describe('DER at the long-form boundary (P-521 sized signatures, noble\'s encoder and parser)', () => {
  // r and s of 62 bytes each without a high bit: SEQUENCE body 2 + 62 + 2 + 62 = 128, the first
  // length that takes the long form 30 81 80 (X.690 §8.1.3.5).
  const r = 2n ** 494n + 12345n;
  const s = 2n ** 493n + 999n;
  const raw = fromHex(bigHex(r, 66) + bigHex(s, 66));
  const nobleDer = new p521.Signature(r, s).toBytes('der');

  it('a 128-byte body is encoded and read in the long form, as noble does', () => {
    assert.equal(toHex(nobleDer.subarray(0, 3)), '308180');
    assert.equal(rawToDerHex(raw), toHex(nobleDer));
    assert.deepEqual(derToRaw(nobleDer, 66), raw);
  });

  it('a first length octet with the high bit other than 0x81 (here 0x82, two length octets) is refused, as noble refuses it', () => {
    // 63-byte r and s: body 130 bytes; "30 82" then the body, as if 0x82 were a short-form length.
    const r63 = 2n ** 502n + 1n;
    const s63 = 2n ** 501n + 7n;
    const body = `023f${bigHex(r63, 63)}023f${bigHex(s63, 63)}`;
    const bytes = fromHex(`3082${body}`);
    assert.equal(bytes.length, 2 + 130);
    assert.throws(() => p521.Signature.fromBytes(bytes, 'der'));
    refused(() => derToRaw(bytes, 66), 'ERR_SIGNATURE_FORMAT');
    // The same body in proper DER is read.
    assert.deepEqual(derToRaw(fromHex(`308182${body}`), 66), fromHex(bigHex(r63, 66) + bigHex(s63, 66)));
  });
});

describe('P-256 points: coordinates must be below the field prime', () => {
  // (0, √b) is on P-256 (noble finds the root); x = P is the same field element written unreduced.
  const y0 = p256.Point.Fp.sqrt(p256.Point.CURVE().b);

  it('refuses x = P (an unreduced 0) in an uncompressed key, as noble does; (0, √b) itself is a point', () => {
    const reduced = fromHex(`04${hex32(0n)}${hex32(y0)}`);
    assert.equal(p256.Point.fromBytes(reduced).x, 0n);
    assert.equal(toHex(compressPublicKey(reduced)), p256.Point.fromBytes(reduced).toHex(true));
    const unreduced = fromHex(`04${hex32(P)}${hex32(y0)}`);
    assert.throws(() => p256.Point.fromBytes(unreduced));
    refused(() => compressPublicKey(unreduced), 'ERR_KEY_NOT_ON_CURVE');
    refused(() => decompressPublicKey(unreduced), 'ERR_KEY_NOT_ON_CURVE');
    const x5 = fromHex(`04${hex32(5n + P)}${hex32(p256.Point.Fp.sqrt(125n - 15n + p256.Point.CURVE().b))}`);
    refused(() => compressPublicKey(x5), 'ERR_KEY_NOT_ON_CURVE');
  });

  it('every refusal says what is wrong: lengths, prefixes, off-curve points, bad scalars', () => {
    refused(() => compressPublicKey(new Uint8Array(33)), 'ERR_KEY_FORMAT');
    refused(() => compressPublicKey(fromHex(`04${hex32(1n)}${hex32(1n)}`)), 'ERR_KEY_NOT_ON_CURVE');
    refused(() => decompressPublicKey(new Uint8Array(32)), 'ERR_KEY_FORMAT');
    refused(() => decompressPublicKey(fromHex(`02${hex32(P)}`)), 'ERR_KEY_NOT_ON_CURVE');
    // x = 1: 1 - 3 + b has no square root (noble agrees), so no point has it.
    assert.throws(() => p256.Point.fromHex(`02${hex32(1n)}`));
    refused(() => decompressPublicKey(fromHex(`02${hex32(1n)}`)), 'ERR_KEY_NOT_ON_CURVE');
    refused(() => p256PublicKey(new Uint8Array(32)), 'ERR_KEY_FORMAT');
    refused(() => derToRaw(fromHex('3006020101020101ff')), 'ERR_SIGNATURE_FORMAT');
  });

  it('an uncompressed key decompresses to a copy of itself, not to the caller\'s bytes', () => {
    const key = p256.Point.BASE.multiply(99n).toBytes(false);
    const out = decompressPublicKey(key);
    assert.deepEqual(out, key);
    out[1] ^= 1;
    assert.deepEqual(key, p256.Point.BASE.multiply(99n).toBytes(false));
  });

  it('bytesToBigInt reads big-endian bytes, the empty array as 0', () => {
    assert.equal(bytesToBigInt(new Uint8Array(0)), 0n);
    assert.equal(bytesToBigInt(Uint8Array.of(1, 0)), 256n);
  });
});

describe('secp256k1 as built for the wallet stamper', () => {
  it('is noble\'s secp256k1: the same public keys, signatures and recovered keys (SEC 2 parameters)', () => {
    for (const k of [1n, 2n, 0xdeadbeefn, nobleSecp256k1.Point.CURVE().n - 1n]) {
      const secret = fromHex(hex32(k));
      assert.equal(toHex(secp256k1.getPublicKey(secret)), toHex(nobleSecp256k1.getPublicKey(secret)));
      const digest = new Uint8Array(32).fill(7);
      const signature = secp256k1.sign(digest, secret, { prehash: false, format: 'recovered' });
      assert.deepEqual(signature, nobleSecp256k1.sign(digest, secret, { prehash: false, format: 'recovered' }));
      assert.deepEqual(secp256k1.recoverPublicKey(signature, digest, { prehash: false }), nobleSecp256k1.getPublicKey(secret));
    }
  });
});

describe('webcrypto helpers', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
  afterEach(() => Object.defineProperty(globalThis, 'crypto', saved));

  it('subtle() is ERR_CRYPTO_UNAVAILABLE without WebCrypto: no crypto at all, or crypto without subtle (an insecure page)', () => {
    for (const value of [undefined, {}]) {
      Object.defineProperty(globalThis, 'crypto', { value, configurable: true, writable: true });
      refused(() => subtle(), 'ERR_CRYPTO_UNAVAILABLE');
    }
  });

  it('sha256 is SHA-256 (FIPS 180-2 "abc") of exactly the view it is given; randomBytes gives the length asked, not zeros', async () => {
    const framed = new TextEncoder().encode('xxabcxx').subarray(2, 5);
    assert.equal(toHex(await sha256(framed)), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const a = randomBytes(32);
    const b = randomBytes(32);
    assert.equal(a.length, 32);
    assert.notDeepEqual(a, b);
    assert.ok(a.some((byte) => byte !== 0));
  });
});
