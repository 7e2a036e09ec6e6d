import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { fromBase58Check, toBase58Check } from '../../../src/encoding/base58check.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { loadVector } from '../crypto/vectors.ts';

interface CredentialBundleVector {
  bundle: string;
}

describe('base58check', () => {
  // Bitcoin wiki, "Technical background of version 1 Bitcoin addresses": version byte 0x00 ||
  // RIPEMD-160 hash, checksum c7f18fe8, and the older page's example address.
  const bitcoin: Array<[string, string]> = [
    ['00f54a5851e9372b87810a8e60cdd2e7cfd80b6e31', '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs'],
    ['00010966776006953d5567439e5e39f86a0d273bee', '16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM'],
  ];
  for (const [payload, address] of bitcoin) {
    it(`encodes and decodes the Bitcoin address ${address}`, () => {
      expect(toBase58Check(fromHex(payload))).to.equal(address);
      expect(toHex(fromBase58Check(address))).to.equal(payload);
    });
  }

  it("refuses a text past the decoder's length cap as ERR_ENCODING_BASE58, not an untyped Error", async () => {
    // @scure/base refuses more than 4,096 characters with a plain Error('invalid length'); an
    // oversized credential bundle must still meet a typed refusal (the verifier sweep's case).
    await expectCode(() => fromBase58Check('w'.repeat(5000)), 'ERR_ENCODING_BASE58');
  });

  it('keeps leading zero bytes as leading 1s', () => {
    const text = toBase58Check(new Uint8Array(2));
    expect(text.startsWith('11')).to.equal(true);
    expect(fromBase58Check(text)).to.deep.equal(new Uint8Array(2));
  });

  it('round-trips the empty payload and random payloads', () => {
    expect(fromBase58Check(toBase58Check(new Uint8Array(0)))).to.deep.equal(new Uint8Array(0));
    for (const length of [1, 31, 32, 33, 81, 114]) {
      const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length));
      expect(fromBase58Check(toBase58Check(bytes))).to.deep.equal(bytes);
    }
  });

  it("decodes the service's published credential bundle to 33-byte enc || 48-byte ciphertext", async () => {
    const { bundle } = await loadVector<CredentialBundleVector>('credential-bundle.json');
    const bytes = fromBase58Check(bundle);
    expect(bytes.length).to.equal(81);
    expect([0x02, 0x03]).to.include(bytes[0]);
    expect(toBase58Check(bytes)).to.equal(bundle);
  });

  for (const bad of ['0PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs', '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAO', '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAI', '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAl', '1PMyc acn', '1PMycacn+', 'é']) {
    it(`refuses ${JSON.stringify(bad)} (outside the alphabet) with ERR_ENCODING_BASE58`, async () => {
      await expectCode(() => fromBase58Check(bad), 'ERR_ENCODING_BASE58');
    });
  }

  it('refuses a non-string with ERR_ENCODING_BASE58', async () => {
    await expectCode(() => fromBase58Check(null as unknown as string), 'ERR_ENCODING_BASE58');
  });

  it('refuses a changed character with ERR_ENCODING_CHECKSUM', async () => {
    await expectCode(() => fromBase58Check('1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAt'), 'ERR_ENCODING_CHECKSUM');
    await expectCode(() => fromBase58Check('2PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs'), 'ERR_ENCODING_CHECKSUM');
  });

  it('refuses a dropped character with ERR_ENCODING_CHECKSUM', async () => {
    await expectCode(() => fromBase58Check('1PMycacnJaSqwwJqjawXBErnLsZ7RkXUA'), 'ERR_ENCODING_CHECKSUM');
  });

  it('refuses input too short to hold a checksum with ERR_ENCODING_CHECKSUM', async () => {
    await expectCode(() => fromBase58Check(''), 'ERR_ENCODING_CHECKSUM');
    await expectCode(() => fromBase58Check('1'), 'ERR_ENCODING_CHECKSUM');
    await expectCode(() => fromBase58Check('2g'), 'ERR_ENCODING_CHECKSUM');
  });
});
