import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { p256 } from '@noble/curves/nist.js';
import { compressPublicKey, decompressPublicKey, toCompressedHex, P256_N } from '../../../src/crypto/p256.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { loadVector, type WycheproofFile, type WycheproofTest } from './vectors.ts';

type PointTest = WycheproofTest & { public: string };

describe('p256 point compression', () => {
  let tests: PointTest[] = [];
  before(async () => {
    const file = await loadVector<WycheproofFile<object>>('wycheproof/ecdh_secp256r1_ecpoint_test.json');
    tests = file.testGroups.flatMap((group) => group.tests as PointTest[]);
    expect(tests.length).to.equal(355);
  });

  it('compresses every valid Wycheproof uncompressed point and decompresses it back', () => {
    const valid = tests.filter((t) => t.result === 'valid');
    expect(valid.length).to.equal(330);
    for (const t of valid) {
      const uncompressed = fromHex(t.public);
      const compressed = compressPublicKey(uncompressed);
      expect(compressed.length, `tcId ${t.tcId}`).to.equal(33);
      // Independent check: noble's encoding of the same point.
      expect(toHex(compressed), `tcId ${t.tcId}`).to.equal(toHex(p256.Point.fromBytes(uncompressed).toBytes(true)));
      expect(toHex(decompressPublicKey(compressed)), `tcId ${t.tcId}`).to.equal(t.public);
      expect(toCompressedHex(t.public), `tcId ${t.tcId}`).to.equal(toHex(compressed));
    }
  });

  it('decompresses the acceptable compressed Wycheproof point to the same point as its uncompressed twin', () => {
    const compressed = tests.find((t) => t.flags.includes('CompressedPublic'))!;
    const normal = tests.find((t) => t.tcId === 1)!;
    expect(compressed.result).to.equal('acceptable');
    expect(toHex(decompressPublicKey(fromHex(compressed.public)))).to.equal(normal.public);
    expect(toHex(compressPublicKey(fromHex(normal.public)))).to.equal(compressed.public);
  });

  it('refuses every off-curve Wycheproof point (InvalidCurveAttack) with ERR_KEY_NOT_ON_CURVE', async () => {
    const offCurve = tests.filter((t) => t.flags.includes('InvalidCurveAttack'));
    expect(offCurve.length).to.equal(16);
    for (const t of offCurve) {
      await expectCode(() => compressPublicKey(fromHex(t.public)), 'ERR_KEY_NOT_ON_CURVE');
      await expectCode(() => decompressPublicKey(fromHex(t.public)), 'ERR_KEY_NOT_ON_CURVE');
      await expectCode(() => toCompressedHex(t.public), 'ERR_KEY_NOT_ON_CURVE');
    }
  });

  it('A3 hpke-enc-point-validation: refuses invalid compressed Wycheproof points (twist, no square root) with ERR_KEY_NOT_ON_CURVE', async () => {
    const bad = tests.filter((t) => t.result === 'invalid' && t.flags.includes('CompressedPoint'));
    expect(bad.length).to.equal(7);
    for (const t of bad) {
      await expectCode(() => decompressPublicKey(fromHex(t.public)), 'ERR_KEY_NOT_ON_CURVE');
      await expectCode(() => toCompressedHex(t.public), 'ERR_KEY_NOT_ON_CURVE');
    }
  });

  it('refuses the empty Wycheproof encoding with ERR_KEY_FORMAT', async () => {
    const empty = tests.find((t) => t.flags.includes('InvalidEncoding'))!;
    await expectCode(() => compressPublicKey(fromHex(empty.public)), 'ERR_KEY_FORMAT');
    await expectCode(() => decompressPublicKey(fromHex(empty.public)), 'ERR_KEY_FORMAT');
  });

  it('refuses wrong lengths and prefixes with ERR_KEY_FORMAT', async () => {
    const point = fromHex(tests[0]!.public);
    const compressed = compressPublicKey(point);
    const withPrefix = (bytes: Uint8Array, prefix: number) => Uint8Array.from([prefix, ...bytes.subarray(1)]);
    await expectCode(() => compressPublicKey(withPrefix(point, 0x05)), 'ERR_KEY_FORMAT');
    await expectCode(() => compressPublicKey(compressed), 'ERR_KEY_FORMAT');
    await expectCode(() => compressPublicKey(point.subarray(0, 64)), 'ERR_KEY_FORMAT');
    await expectCode(() => decompressPublicKey(withPrefix(compressed, 0x04)), 'ERR_KEY_FORMAT');
    await expectCode(() => decompressPublicKey(withPrefix(compressed, 0x00)), 'ERR_KEY_FORMAT');
    await expectCode(() => decompressPublicKey(compressed.subarray(0, 32)), 'ERR_KEY_FORMAT');
    await expectCode(() => decompressPublicKey(withPrefix(point, 0x06)), 'ERR_KEY_FORMAT');
    await expectCode(() => toCompressedHex('02zz'), 'ERR_ENCODING_HEX');
  });

  it('refuses coordinates at or above the field prime with ERR_KEY_NOT_ON_CURVE', async () => {
    const p = 'ffffffff00000001000000000000000000000000ffffffffffffffffffffffff';
    await expectCode(() => decompressPublicKey(fromHex('02' + p)), 'ERR_KEY_NOT_ON_CURVE');
    await expectCode(() => decompressPublicKey(fromHex('03' + 'ff'.repeat(32))), 'ERR_KEY_NOT_ON_CURVE');
    const gx = p256.Point.BASE.x.toString(16).padStart(64, '0');
    await expectCode(() => compressPublicKey(fromHex('04' + gx + 'ff'.repeat(32))), 'ERR_KEY_NOT_ON_CURVE');
    await expectCode(() => compressPublicKey(fromHex('04' + p + gx)), 'ERR_KEY_NOT_ON_CURVE');
  });

  it('agrees with WebCrypto on freshly generated keys, and the compressed key imports back', async () => {
    for (let i = 0; i < 8; i++) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const compressed = compressPublicKey(raw);
      const back = decompressPublicKey(compressed);
      expect(toHex(back)).to.equal(toHex(raw));
      const imported = await crypto.subtle.importKey('raw', back.slice(), { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify']);
      expect(toHex(new Uint8Array(await crypto.subtle.exportKey('raw', imported)))).to.equal(toHex(raw));
    }
  });

  it('exports the group order', () => {
    expect(P256_N).to.equal(p256.Point.CURVE().n);
  });
});
