// The edges of src/encoding that the shared tests left open (issue 26 item 2, mutation
// survivors), each against an outside truth: Node's Buffer (base64url, hex), @scure/base's own
// base58check over noble's SHA-256, and the WHATWG Encoding standard's fatal UTF-8 decoder.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromBase58Check, toBase58Check } from '../../../src/encoding/base58check.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { bytesEqual, toArrayBuffer, utf8Decode } from '../../../src/encoding/utf8.ts';
import { isLatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';

const scure = createBase58check(sha256);

/** Throws a LatchError of `code` whose message says something (never the empty string). */
function refused(run: () => unknown, code: LatchErrorCode, label: string): void {
  assert.throws(run, (error: unknown) => isLatchError(error, code) && error.message.length > 10, label);
}

describe('base58check edges', () => {
  it('every refusal has its code and a message: outside the alphabet, too short, wrong checksum', () => {
    refused(() => fromBase58Check('0OIl'), 'ERR_ENCODING_BASE58', 'alphabet');
    refused(() => fromBase58Check('1'), 'ERR_ENCODING_CHECKSUM', 'one byte');
    refused(() => fromBase58Check('111'), 'ERR_ENCODING_CHECKSUM', 'three bytes');
    const good = scure.encode(Uint8Array.of(1, 2, 3, 4, 5));
    const last = good.at(-1) === '2' ? '3' : '2';
    refused(() => fromBase58Check(good.slice(0, -1) + last), 'ERR_ENCODING_CHECKSUM', 'changed');
  });

  it('returns the payload in a buffer of its own, without the checksum behind it (callers hand .buffer to WebCrypto)', () => {
    const payload = Uint8Array.from({ length: 33 }, (_, i) => i + 1);
    const decoded = fromBase58Check(scure.encode(payload));
    assert.deepEqual(decoded, payload);
    assert.equal(decoded.byteOffset, 0);
    assert.equal(decoded.buffer.byteLength, payload.length);
    assert.equal(toBase58Check(payload), scure.encode(payload));
  });
});

describe('base64url edges', () => {
  it('refuses a one-character group however it is padded (no base64 of any length leaves one), with a LatchError', () => {
    for (const bad of ['A=', 'A==', 'AAAAA=', 'AAAAA==', 'AAAAAAAAA==']) refused(() => fromBase64Url(bad), 'ERR_ENCODING_BASE64URL', bad);
  });

  it('over-padded input gives the bytes Node\'s Buffer reads, or ERR_ENCODING_BASE64URL: never another error', () => {
    for (const text of ['AAAA==', 'AAAA=', 'YWJj==', 'YWJjZA=', 'AA=', 'AAA==']) {
      let decoded: Uint8Array | undefined;
      try {
        decoded = fromBase64Url(text);
      } catch (error) {
        assert.ok(isLatchError(error, 'ERR_ENCODING_BASE64URL'), `${text}: ${String(error)}`);
      }
      if (decoded) assert.deepEqual(decoded, new Uint8Array(Buffer.from(text, 'base64url')), text);
    }
  });

  it('padded and unpadded input decode to what Node\'s Buffer decodes', () => {
    for (const text of ['AA', 'AA==', 'AAA', 'AAA=', 'YWJj', 'YWJjZA', 'YWJjZA==', 'YWJjZGU', 'YWJjZGU=', '-_-_', '_w==']) {
      assert.deepEqual(fromBase64Url(text), new Uint8Array(Buffer.from(text, 'base64url')), text);
    }
  });
});

describe('hex edges', () => {
  it('refuses what is not a string, null included, with ERR_ENCODING_HEX and a message', () => {
    for (const bad of [null, undefined, 12, ['ab'], { length: 2 }]) refused(() => fromHex(bad as unknown as string), 'ERR_ENCODING_HEX', String(bad));
    refused(() => fromHex('abc'), 'ERR_ENCODING_HEX', 'odd');
    assert.deepEqual(fromHex('00ff7F80'), new Uint8Array(Buffer.from('00ff7F80', 'hex')));
  });
});

describe('utf8 edges', () => {
  it('utf8Decode is fatal: ill-formed UTF-8 is an error, never U+FFFD (WHATWG Encoding, fatal mode)', () => {
    // A lone continuation byte, a truncated sequence, an overlong NUL, an encoded surrogate, 0xFF.
    for (const bytes of [[0x80], [0xe2, 0x82], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xff]]) {
      assert.throws(() => utf8Decode(Uint8Array.from(bytes)), TypeError, bytes.join(','));
    }
    assert.equal(utf8Decode(Uint8Array.from(Buffer.from('Zoë 🔑', 'utf8'))), 'Zoë 🔑');
  });

  it('bytesEqual: only the same bytes at the same length, whichever side is longer', () => {
    assert.equal(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2)), true);
    assert.equal(bytesEqual(new Uint8Array(0), new Uint8Array(0)), true);
    assert.equal(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2, 3)), false);
    assert.equal(bytesEqual(Uint8Array.of(1, 2, 0), Uint8Array.of(1, 2)), false);
    assert.equal(bytesEqual(new Uint8Array(0), Uint8Array.of(0)), false);
    assert.equal(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 3)), false);
  });

  it('toArrayBuffer copies exactly the view\'s bytes into a buffer of their own', () => {
    const whole = Uint8Array.of(9, 8, 7, 6, 5);
    const view = whole.subarray(1, 4);
    const copy = toArrayBuffer(view);
    assert.ok(copy instanceof ArrayBuffer);
    assert.deepEqual(new Uint8Array(copy), Uint8Array.of(8, 7, 6));
    whole[2] = 0;
    assert.deepEqual(new Uint8Array(copy), Uint8Array.of(8, 7, 6), 'a copy, not the same memory');
  });
});
