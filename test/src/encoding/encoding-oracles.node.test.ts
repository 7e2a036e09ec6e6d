// Issue 39 item 3: the encoders against outside truths, checking what the earlier files left to
// the code's word: which refusal a short or tampered base58check string gets (bs58check, the
// bitcoinjs implementation, as the oracle), base64url against Node's own Buffer decoder for every
// length and padding, and withUtf8's documented buffer contract (shared bytes zeroed when `use`
// returns, reused from call to call, a buffer of its own past the limit).
import fc from 'fast-check';
import bs58check from 'bs58check';
import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { fromBase58Check, toBase58Check } from '../../../src/encoding/base58check.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { utf8Encode, withUtf8 } from '../../../src/encoding/utf8.ts';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58Text = fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 12 });

describe('base58check against bs58check', () => {
  it('a string of fewer than 4 bytes is refused as too short, not as a checksum mismatch', async () => {
    // 0 to 3 bytes: '' none, '1' one zero byte, '2g' one byte, '111' three zeros, 'Ldp' three bytes.
    for (const text of ['', '1', '2g', '111', 'Ldp']) {
      expect(bs58check.decodeUnsafe(text)).to.equal(undefined);
      const refusal = await expectCode(() => fromBase58Check(text), 'ERR_ENCODING_CHECKSUM');
      expect(refusal.message).to.match(/too short to carry a checksum/);
    }
  });

  it('4 bytes or more with a wrong checksum is refused as a mismatch', async () => {
    const good = bs58check.encode(Uint8Array.from([0, 1, 2, 3, 4]));
    const bad = good.slice(0, -1) + (good.endsWith('z') ? 'y' : 'z');
    expect(bs58check.decodeUnsafe(bad)).to.equal(undefined);
    const refusal = await expectCode(() => fromBase58Check(bad), 'ERR_ENCODING_CHECKSUM');
    expect(refusal.message).to.match(/checksum does not match/);
    // Exactly four bytes: an empty payload, whose checksum bs58check accepts.
    const empty = bs58check.encode(new Uint8Array(0));
    expect([...fromBase58Check(empty)]).to.deep.equal([]);
    expect(toBase58Check(new Uint8Array(0))).to.equal(empty);
  });

  it('a character outside the alphabet is ERR_ENCODING_BASE58 from the kit, never the library’s own error', async () => {
    for (const text of ['0', 'O', 'I', 'l', '1PMyc acn', '+', 'é', '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUA0']) {
      expect(() => bs58check.decode(text)).to.throw();
      const refusal = await expectCode(() => fromBase58Check(text), 'ERR_ENCODING_BASE58');
      expect(refusal.message).to.match(/base58 string \(Bitcoin alphabet\)/);
    }
  });

  it('accepts exactly what bs58check accepts, with the same payload (random alphabet strings and real encodings)', () => {
    fc.assert(
      fc.property(fc.oneof(base58Text, fc.uint8Array({ maxLength: 40 }).map((b) => bs58check.encode(b))), (text) => {
        const theirs = bs58check.decodeUnsafe(text);
        let ours: Uint8Array | undefined;
        try {
          ours = fromBase58Check(text);
        } catch (error) {
          expect((error as { code?: string }).code).to.equal('ERR_ENCODING_CHECKSUM');
        }
        expect(ours === undefined ? undefined : [...ours]).to.deep.equal(theirs === undefined ? undefined : [...theirs]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('base64url against Buffer', () => {
  it('decodes every length 0..40, padded or not, to the bytes Buffer encoded', () => {
    for (let length = 0; length <= 40; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length * 11) & 0xff);
      const unpadded = Buffer.from(bytes).toString('base64url');
      const padded = Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
      expect([...fromBase64Url(unpadded)]).to.deep.equal([...bytes]);
      expect([...fromBase64Url(padded)]).to.deep.equal([...bytes]);
    }
  });
});

describe('withUtf8 buffer contract', () => {
  const bufferOf = (text: string): { buffer: ArrayBufferLike; zeroedAfter: boolean } => {
    let seen: Uint8Array | undefined;
    const buffer = withUtf8(text, (bytes) => ((seen = bytes), bytes.buffer));
    return { buffer, zeroedAfter: seen!.length > 0 && seen!.every((b) => b === 0) };
  };

  it('reuses the one shared buffer from call to call, also after it grew to fit a longer text', () => {
    expect(bufferOf('a').buffer).to.equal(bufferOf('b').buffer);
    const text = 'x'.repeat(5000); // 15,000 bytes at most: more than the first 4,096
    const grown = bufferOf(text);
    expect(grown.zeroedAfter).to.equal(true);
    expect(bufferOf(text).buffer).to.equal(grown.buffer);
    expect(bufferOf('c').buffer).to.equal(grown.buffer);
  });

  it('shares up to a text whose UTF-8 might reach 48 KiB (16,384 characters); one more gets its own, left as it is', () => {
    const atLimit = 'y'.repeat(16_384);
    const shared = bufferOf(atLimit);
    expect(shared.zeroedAfter).to.equal(true);
    const over = 'y'.repeat(16_385);
    let seen: Uint8Array | undefined;
    withUtf8(over, (bytes) => void (seen = bytes));
    expect(seen!.length).to.equal(16_385);
    expect(seen!.every((b) => b === 0x79)).to.equal(true);
    expect(seen!.buffer).to.not.equal(shared.buffer);
    expect([...seen!.subarray(0, 4)]).to.deep.equal([...utf8Encode('yyyy')]);
  });
});
