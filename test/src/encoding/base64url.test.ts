import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { fromBase64Url, textToBase64Url, toBase64Url } from '../../../src/encoding/base64url.ts';
import { utf8Decode, utf8Encode } from '../../../src/encoding/utf8.ts';

describe('base64url', () => {
  // RFC 4648 §10 test vectors, in the URL-safe alphabet without padding.
  const rfc4648: Array<[string, string]> = [
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ];
  for (const [plain, encoded] of rfc4648) {
    it(`RFC 4648 vector ${JSON.stringify(plain)}`, () => {
      expect(toBase64Url(utf8Encode(plain))).to.equal(encoded);
      expect(utf8Decode(fromBase64Url(encoded))).to.equal(plain);
    });
  }

  it('uses - and _ where base64 uses + and /', () => {
    const bytes = Uint8Array.of(0xfb, 0xff, 0xbf);
    expect(toBase64Url(bytes)).to.equal('-_-_');
    expect(fromBase64Url('-_-_')).to.deep.equal(bytes);
  });

  it('round-trips every byte value at every length modulo 3', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (const length of [253, 254, 255, 256]) {
      const bytes = all.subarray(0, length);
      const text = toBase64Url(bytes);
      expect(text).to.match(/^[A-Za-z0-9_-]*$/);
      expect(fromBase64Url(text)).to.deep.equal(bytes);
    }
  });

  it('encodes 20,000 bytes without losing or reordering any', () => {
    const bytes = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7 + (i >> 8)) & 0xff);
    const text = toBase64Url(bytes);
    expect(text.length).to.equal(Math.ceil((20_000 * 4) / 3));
    expect(fromBase64Url(text)).to.deep.equal(bytes);
  });

  it('textToBase64Url encodes the UTF-8 bytes of text, ASCII or not', () => {
    for (const [plain, encoded] of rfc4648) expect(textToBase64Url(plain)).to.equal(encoded);
    // ASCII goes straight to btoa; Latin-1 and astral characters must still be UTF-8 first.
    for (const text of ['{"publicKey":"02ab"}', 'Zoë', 'ÿ\u0080', '🔑 鍵', '\u0000\u007f']) {
      expect(textToBase64Url(text)).to.equal(toBase64Url(utf8Encode(text)));
      expect(utf8Decode(fromBase64Url(textToBase64Url(text)))).to.equal(text);
    }
  });

  it('accepts padded input', () => {
    expect(utf8Decode(fromBase64Url('Zg=='))).to.equal('f');
    expect(utf8Decode(fromBase64Url('Zm8='))).to.equal('fo');
  });

  for (const bad of ['Zm9v+w', 'Zm9v/w', 'Z', 'Zm9vY', 'Zm 9v', 'Zm9v\n', 'Zg===', '=Zg', 'Zm9v!']) {
    it(`refuses ${JSON.stringify(bad)} with ERR_ENCODING_BASE64URL`, async () => {
      await expectCode(() => fromBase64Url(bad), 'ERR_ENCODING_BASE64URL');
    });
  }

  it('refuses a non-string with ERR_ENCODING_BASE64URL', async () => {
    await expectCode(() => fromBase64Url(undefined as unknown as string), 'ERR_ENCODING_BASE64URL');
  });
});
