// Issue 39 item 3: a sealed plaintext is often a private key (credential and import bundles), so
// the copy hpkeSeal hands to @hpke/core must be wiped once sealed, while the caller's own bytes
// stay as they were. What reaches WebCrypto's AES-GCM is captured (Node's subtle.encrypt wrapped
// for this file) and read after the seal, and the ciphertext still opens to the plaintext.
import { describe, it, after, expect } from '../../support/harness.ts';
import { generateTargetKeyPair, hpkeOpen, hpkeSeal } from '../../../src/bundles/hpke-suite.ts';
import { fromHex } from '../../../src/encoding/hex.ts';

const subtle = globalThis.crypto.subtle;
const realEncrypt = subtle.encrypt.bind(subtle);

describe('hpkeSeal and the plaintext', () => {
  after(() => {
    delete (subtle as Partial<SubtleCrypto>).encrypt; // the prototype's again
  });

  it('the copy AES-GCM encrypted is zeroed once sealed; the caller’s bytes are untouched', async () => {
    const handed: ArrayBuffer[] = [];
    subtle.encrypt = ((algorithm: AlgorithmIdentifier, key: CryptoKey, data: BufferSource) => {
      handed.push(data instanceof ArrayBuffer ? data : (data.buffer as ArrayBuffer));
      return realEncrypt(algorithm, key, data);
    }) as SubtleCrypto['encrypt'];
    const target = await generateTargetKeyPair();
    const plaintext = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
    const sealed = await hpkeSeal(plaintext, fromHex(target.publicKeyHex));
    expect(handed.length, 'one AES-GCM encryption').to.equal(1);
    expect(handed[0]!.byteLength).to.equal(32);
    expect([...new Uint8Array(handed[0]!)].every((b) => b === 0), 'wiped').to.equal(true);
    expect([...plaintext]).to.deep.equal(Array.from({ length: 32 }, (_, i) => i + 1));
    expect([...(await hpkeOpen(sealed, target.keyPair))]).to.deep.equal([...plaintext]);
  });
});
