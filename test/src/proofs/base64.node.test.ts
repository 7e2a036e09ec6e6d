// Boot proof blobs are standard base64 (RFC 4648 §4). The RFC's own test vectors (§10), padded
// and unpadded, decode to what Node's Buffer decodes; everything outside the alphabet, or
// padded wrongly, is refused with the code of the check the blob belongs to.
import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { fromBase64 } from '../../../src/proofs/base64.ts';

const RFC4648: [string, string][] = [
  ['', ''],
  ['f', 'Zg=='],
  ['fo', 'Zm8='],
  ['foo', 'Zm9v'],
  ['foob', 'Zm9vYg=='],
  ['fooba', 'Zm9vYmE='],
  ['foobar', 'Zm9vYmFy'],
];

describe('fromBase64 (RFC 4648 §4, padding optional)', () => {
  it('decodes the RFC 4648 §10 vectors, padded or not, as Buffer does', () => {
    for (const [text, encoded] of RFC4648) {
      const want = new TextEncoder().encode(text);
      expect(fromBase64(encoded, 'ERR_PROOF_MANIFEST'), encoded).to.deep.equal(want);
      expect(fromBase64(encoded.replace(/=+$/, ''), 'ERR_PROOF_MANIFEST'), encoded).to.deep.equal(want);
      expect(Buffer.from(encoded, 'base64')).to.deep.equal(Buffer.from(want));
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const encoded = Buffer.from(all).toString('base64');
    expect(encoded).to.match(/[+/]/);
    expect(fromBase64(encoded, 'ERR_PROOF_MANIFEST')).to.deep.equal(all);
  });

  it('refuses other alphabets, whitespace, stray or extra padding and impossible lengths, with the given code', async () => {
    const bad = ['Z', 'Zm9vY', 'Zg=', 'Zg===', 'Zm8==', 'Zm9v=', '=', '==', 'Zg==Zg==', 'Z=g=', 'Zm9v\n', ' Zm9v', 'Zm9v ', 'Zm-_', 'Zm9v*', '=Zm9'];
    for (const text of bad) {
      await expectCode(() => fromBase64(text, 'ERR_PROOF_ATTESTATION_FORMAT'), 'ERR_PROOF_ATTESTATION_FORMAT').catch((error: Error) => {
        throw new Error(`${JSON.stringify(text)}: ${error.message}`);
      });
    }
    for (const value of [undefined, null, 7, ['Zg=='], new Uint8Array(4)]) await expectCode(() => fromBase64(value, 'ERR_PROOF_MANIFEST'), 'ERR_PROOF_MANIFEST');
  });
});
