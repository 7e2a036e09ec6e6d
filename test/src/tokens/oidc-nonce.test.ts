import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { oidcNonce } from '../../../src/tokens/oidc-nonce.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { loadVector } from '../crypto/vectors.ts';

interface NonceVector {
  publicKeyCompressedHex: string;
  expectedNonce: string;
}

describe('oidcNonce', () => {
  let vector: NonceVector;
  before(async () => {
    vector = await loadVector<NonceVector>('oidc-nonce.json');
  });

  it("matches the service's published nonce", async () => {
    expect(await oidcNonce(vector.publicKeyCompressedHex)).to.equal(vector.expectedNonce);
  });

  it('hashes the hex STRING, not the 33 key bytes', async () => {
    const nonce = await oidcNonce(vector.publicKeyCompressedHex);
    expect(nonce).to.not.equal(toHex(nobleSha256(fromHex(vector.publicKeyCompressedHex))));
    expect(nonce).to.match(/^[0-9a-f]{64}$/);
  });

  it('hashes the string exactly as given (the service hashes the publicKey it receives)', async () => {
    expect(await oidcNonce(vector.publicKeyCompressedHex.toUpperCase())).to.not.equal(vector.expectedNonce);
  });

  const good = '0294e549c71fa99dd5cf752fba623090be314949b74e4cdf7ca72031dd638e281a';

  it('refuses a key that is not a string, even one that reads as the key (an array of it), saying what it expects', async () => {
    for (const bad of [[good], 7, undefined]) {
      const refusal = await expectCode(() => oidcNonce(bad as unknown as string), 'ERR_KEY_FORMAT');
      expect(refusal.message).to.match(/compressed P-256 public key in hex/);
    }
  });
  for (const bad of ['', '04' + 'ab'.repeat(64), good.slice(0, -2), 'zz' + good.slice(2), `x${good}`, `${good}00`]) {
    it(`refuses ${JSON.stringify(bad.slice(0, 12))}… with ERR_KEY_FORMAT`, async () => {
      await expectCode(() => oidcNonce(bad), 'ERR_KEY_FORMAT');
    });
  }
});
