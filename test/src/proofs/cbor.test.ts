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

describe('CBOR: every RFC 8949 appendix A example in the subset, both ways', () => {
  // Definite-length examples: decoding gives the value and encoding the value gives the same bytes
  // (appendix A's encodings are the preferred, shortest ones, which encodeCbor writes).
  const definite: [string, CborValue][] = [
    ['00', 0], ['01', 1], ['0a', 10], ['17', 23], ['1818', 24], ['1819', 25], ['1864', 100], ['1903e8', 1000],
    ['1a000f4240', 1000000], ['1b000000e8d4a51000', 1000000000000], ['20', -1], ['29', -10], ['3863', -100], ['3903e7', -1000],
    ['40', new Uint8Array(0)], ['4401020304', Uint8Array.of(1, 2, 3, 4)], ['60', ''], ['6161', 'a'], ['6449455446', 'IETF'],
    ['62225c', '"\\'], ['62c3bc', 'ü'], ['63e6b0b4', '水'], ['64f0908591', '𐅑'],
    ['80', []], ['83010203', [1, 2, 3]], ['8301820203820405', [1, [2, 3], [4, 5]]],
    ['98190102030405060708090a0b0c0d0e0f101112131415161718181819', Array.from({ length: 25 }, (_, i) => i + 1)],
    ['a0', new Map()], ['a201020304', new Map([[1, 2], [3, 4]])], ['a26161016162820203', new Map<string, CborValue>([['a', 1], ['b', [2, 3]]])],
    ['826161a161626163', ['a', new Map([['b', 'c']])]],
    ['a56161614161626142616361436164614461656145', new Map([['a', 'A'], ['b', 'B'], ['c', 'C'], ['d', 'D'], ['e', 'E']])],
    ['f4', false], ['f5', true], ['f6', null],
  ];
  // Indefinite-length containers (decoded only: encodeCbor writes definite lengths).
  const indefinite: [string, CborValue][] = [
    ['9fff', []], ['9f018202039f0405ffff', [1, [2, 3], [4, 5]]], ['9f01820203820405ff', [1, [2, 3], [4, 5]]],
    ['83018202039f0405ff', [1, [2, 3], [4, 5]]], ['83019f0203ff820405', [1, [2, 3], [4, 5]]],
    ['9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff', Array.from({ length: 25 }, (_, i) => i + 1)],
    ['bf61610161629f0203ffff', new Map<string, CborValue>([['a', 1], ['b', [2, 3]]])], ['826161bf61626163ff', ['a', new Map([['b', 'c']])]],
    ['bf6346756ef563416d7421ff', new Map<string, CborValue>([['Fun', true], ['Amt', -2]])],
  ];

  it('decodes and re-encodes the definite-length examples', () => {
    for (const [hex, value] of definite) {
      expect(decodeHex(hex), hex).to.deep.equal(value);
      expect(toHex(encodeCbor(value)), hex).to.equal(hex);
    }
  });

  it('decodes the indefinite-length examples', () => {
    for (const [hex, value] of indefinite) expect(decodeHex(hex), hex).to.deep.equal(value);
  });

  it('writes the head of each length class at its edges (24, 256, 65536 bytes) and 2^32', () => {
    for (const length of [23, 24, 255, 256, 65535, 65536]) {
      const bytes = new Uint8Array(length).fill(7);
      const encoded = encodeCbor(bytes);
      const head = length < 24 ? 1 : length < 256 ? 2 : length < 65536 ? 3 : 5;
      expect(encoded.length, String(length)).to.equal(head + length);
      expect(decodeCbor(encoded)).to.deep.equal(bytes);
      const text = 'x'.repeat(length);
      expect(decodeCbor(encodeCbor(text))).to.equal(text);
    }
    expect(toHex(encodeCbor(2 ** 32 - 1))).to.equal('1affffffff');
    expect(toHex(encodeCbor(Number.MAX_SAFE_INTEGER))).to.equal('1b001fffffffffffff');
    expect(toHex(encodeCbor(-(2 ** 32)))).to.equal('3affffffff');
    expect(decodeHex('1b001fffffffffffff')).to.equal(Number.MAX_SAFE_INTEGER);
    expect(decodeHex('1b0020000000000000')).to.equal(2n ** 53n);
    expect(decodeHex('3b0020000000000000')).to.equal(-(2n ** 53n) - 1n);
  });

  it('refuses what it cannot write exactly, and simple values and tags it does not know', async () => {
    for (const value of [2 ** 53, 1.5, Number.NaN, -(2 ** 53) - 2]) await expectCode(() => encodeCbor(value), 'ERR_INPUT_INVALID');
    for (const hex of ['f0', 'f818', 'f90000', 'fa47c35000', 'fb3ff199999999999a', 'c074323031332d30332d32315432303a30343a30305a', 'd818456449455446', '1f', '3f', '5f', 'bf', '9f', 'a1', '81']) {
      await expectCode(() => decodeHex(hex), 'ERR_PROOF_ATTESTATION_FORMAT').catch((error: Error) => {
        throw new Error(`${hex}: ${error.message}`);
      });
    }
    // Nesting: eight levels are allowed, nine are not.
    expect(decodeHex('81'.repeat(8) + '00')).to.deep.equal([[[[[[[[0]]]]]]]]);
    await expectCode(() => decodeHex('81'.repeat(9) + '00'), 'ERR_PROOF_ATTESTATION_FORMAT');
    // A map whose count says more pairs than bytes remain (two bytes a pair at least).
    await expectCode(() => decodeHex('a3' + '0102' + '0304'), 'ERR_PROOF_ATTESTATION_FORMAT');
  });
});

describe('CBOR: inputs that only one check refuses', () => {
  it('additional info 28 to 31 on an integer, with the bytes a 16- to 128-byte argument would take', async () => {
    // Without the bytes after it, the cut-off argument would refuse it anyway.
    for (const [info, size] of [['1c', 16], ['1d', 32], ['1e', 64], ['1f', 128]] as const) {
      await expectCode(() => decodeHex(info + '00'.repeat(size)), 'ERR_PROOF_ATTESTATION_FORMAT').catch((error: Error) => {
        throw new Error(`${info}: ${error.message}`);
      });
    }
  });

  it('a break byte inside a definite-length array or map', async () => {
    // Read as the end of an indefinite container, 82 01 ff would decode as [1].
    for (const hex of ['8201ff', 'a20102ff']) await expectCode(() => decodeHex(hex), 'ERR_PROOF_ATTESTATION_FORMAT');
  });

  it('a tag with nothing after it, alone or inside an array', async () => {
    // With bytes after the tag, the trailing bytes would refuse it anyway.
    for (const hex of ['c0', 'd818', '81c0']) await expectCode(() => decodeHex(hex), 'ERR_PROOF_ATTESTATION_FORMAT');
  });

  it('nesting through map keys and map values is bounded like arrays: a LatchError, not a stack overflow', async () => {
    // Each map the key of the one before: unbounded, 100,000 levels overflow the stack.
    await expectCode(() => decodeCbor(new Uint8Array(100_000).fill(0xa1)), 'ERR_PROOF_ATTESTATION_FORMAT');
    // Each map the value of the one before: eight levels are allowed, nine are not.
    expect(decodeHex('a100'.repeat(8) + '00')).to.be.instanceOf(Map);
    await expectCode(() => decodeHex('a100'.repeat(9) + '00'), 'ERR_PROOF_ATTESTATION_FORMAT');
  });

  it('a length past 2^53 (a bigint argument) is refused, not multiplied', async () => {
    for (const hex of ['5bffffffffffffffff', '5b0020000000000000', '9bffffffffffffffff', 'bbffffffffffffffff']) {
      await expectCode(() => decodeHex(hex), 'ERR_PROOF_ATTESTATION_FORMAT').catch((error: Error) => {
        throw new Error(`${hex}: ${error.message}`);
      });
    }
  });

  it('a decoded byte string is a copy: writing to the input does not change it', () => {
    const input = fromHex('4100');
    const bytes = decodeCbor(input) as Uint8Array;
    input[1] = 7;
    expect(bytes).to.deep.equal(Uint8Array.of(0));
    expect(bytes.byteOffset).to.equal(0);
  });

  it('encodes bigints in range as integers, and refuses a negative fraction that rounds to a head of -1', async () => {
    expect(toHex(encodeCbor(1n))).to.equal('01');
    expect(toHex(encodeCbor(-1n))).to.equal('20');
    // -1 - (-1e-17) rounds to -1, a safe integer but no CBOR argument.
    await expectCode(() => encodeCbor(-1e-17), 'ERR_INPUT_INVALID');
  });

  it('a head cut off and a map too long for its input are refused by their own checks, with no cause', async () => {
    // The checks inside a text string's decoding would add the inner refusal as a cause.
    for (const hex of ['78', 'a162']) {
      const refusal = await expectCode(() => decodeHex(hex), 'ERR_PROOF_ATTESTATION_FORMAT');
      expect(refusal.cause, hex).to.equal(undefined);
    }
  });
});
