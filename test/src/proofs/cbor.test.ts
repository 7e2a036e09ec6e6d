import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { decodeCbor, encodeCbor } from '../../../src/proofs/cbor.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import type { CborValue } from '../../../src/proofs/cbor.ts';

const decodeHex = (hex: string): CborValue => decodeCbor(fromHex(hex));

describe('CBOR decoder (RFC 8949 appendix A examples)', () => {
  it('integers, negative integers and 64-bit values', () => {
    expect(decodeHex('00')).to.equal(0);
    expect(decodeHex('17')).to.equal(23);
    expect(decodeHex('1818')).to.equal(24);
    expect(decodeHex('1903e8')).to.equal(1000);
    expect(decodeHex('1a000f4240')).to.equal(1000000);
    expect(decodeHex('1b000000e8d4a51000')).to.equal(1000000000000);
    expect(decodeHex('1bffffffffffffffff')).to.equal(18446744073709551615n);
    expect(decodeHex('20')).to.equal(-1);
    expect(decodeHex('3863')).to.equal(-100);
    expect(decodeHex('3bffffffffffffffff')).to.equal(-18446744073709551616n);
  });

  it('strings, arrays, maps and simple values', () => {
    expect(decodeHex('4401020304')).to.deep.equal(Uint8Array.of(1, 2, 3, 4));
    expect(decodeHex('6449455446')).to.equal('IETF');
    expect(decodeHex('62c3bc')).to.equal('ü');
    expect(decodeHex('83010203')).to.deep.equal([1, 2, 3]);
    expect(decodeHex('a201020304')).to.deep.equal(new Map([[1, 2], [3, 4]]));
    expect(decodeHex('a26161016162820203')).to.deep.equal(new Map<string, CborValue>([['a', 1], ['b', [2, 3]]]));
    expect([decodeHex('f4'), decodeHex('f5'), decodeHex('f6')]).to.deep.equal([false, true, null]);
  });

  it('indefinite-length maps and arrays (the Nitro Secure Module writes its payload map so)', () => {
    expect(decodeHex('bf61610161629f0203ffff')).to.deep.equal(new Map<string, CborValue>([['a', 1], ['b', [2, 3]]]));
    expect(decodeHex('9fff')).to.deep.equal([]);
  });

  it('encodes with the shortest heads, and round-trips', () => {
    expect(toHex(encodeCbor(['Signature1', Uint8Array.of(0xa1, 0x01, 0x38, 0x22), new Uint8Array(0), Uint8Array.of(1)]))).to.equal('846a5369676e61747572653144a10138224041' + '01');
    expect(toHex(encodeCbor(new Map([[1, -35]])))).to.equal('a1013822');
    for (const [value, hex] of [[23, '17'], [24, '1818'], [255, '18ff'], [256, '190100'], [65536, '1a00010000'], [2 ** 32, '1b0000000100000000'], [-1, '20'], [-25, '3818']] as const) {
      expect(toHex(encodeCbor(value))).to.equal(hex);
      expect(decodeHex(hex)).to.equal(value);
    }
    const value = new Map<string | number, CborValue>([['k', [true, false, null, 'x', Uint8Array.of(9)]], [7, new Map()]]);
    expect(decodeCbor(encodeCbor(value))).to.deep.equal(value);
  });

  it('refuses malformed input with ERR_PROOF_ATTESTATION_FORMAT', async () => {
    const bad = {
      empty: '',
      'truncated integer': '19 03',
      'truncated byte string': '44 0102',
      'truncated array': '83 0102',
      'truncated map': 'a2 0102 03',
      'unterminated indefinite map': 'bf 6161 01',
      'indefinite byte string (chunked)': '5f 4101 ff',
      'indefinite text string (chunked)': '7f 6161 ff',
      'stray break': 'ff',
      'reserved additional info': '1c',
      'trailing bytes': '01 02',
      'a tag': 'c1 1a514b67b0',
      'a float': 'f9 3c00',
      'undefined': 'f7',
      'duplicate map keys': 'a2 01 02 01 03',
      'a map key that is an array': 'a1 80 01',
      'invalid UTF-8': '62 c328',
      'length beyond the input': '5b 00000000ffffffff 00',
      'nesting too deep': '81'.repeat(20) + '00',
    };
    for (const [name, hex] of Object.entries(bad)) {
      await expectCode(() => decodeHex(hex.replace(/ /g, '')), 'ERR_PROOF_ATTESTATION_FORMAT').catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
  });
});
