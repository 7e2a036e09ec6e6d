// The credential bundle's second way to the API key's public point: where WebCrypto refuses a
// PKCS #8 key without its point (Firefox), the kit computes the point in script. Firefox runs it
// in the browser tests; here Node's WebCrypto is made to refuse that one import, as Firefox does,
// so Node (and the mutation run) reaches the same path. The answer is checked against the
// published vector, and the key against WebCrypto's own verify.
import { describe, it, before, after, expect } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { decryptCredentialBundle, encryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { generateTargetKeyPair } from '../../../src/bundles/hpke-suite.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { compressPublicKey } from '../../../src/crypto/p256.ts';
import { loadVector } from '../crypto/vectors.ts';
import { targetFromHex, type CredentialBundleVector } from './bundle-fixtures.ts';

const subtle = globalThis.crypto.subtle;
const realImportKey = subtle.importKey;
let refused = 0;

describe('credential bundle, where WebCrypto refuses a bare PKCS #8 key', () => {
  before(() => {
    subtle.importKey = function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['importKey']>) {
      if (args[0] === 'pkcs8') {
        refused++;
        return Promise.reject(new DOMException('Data provided to an operation does not meet requirements', 'DataError'));
      }
      return (realImportKey as (...a: unknown[]) => Promise<CryptoKey>).apply(this, args);
    } as SubtleCrypto['importKey'];
  });
  after(() => {
    delete (subtle as Partial<SubtleCrypto>).importKey; // the prototype's again
    expect(subtle.importKey).to.equal(realImportKey);
  });

  it('decrypts the published bundle to the published key, and the key signs', async () => {
    const vector = await loadVector<CredentialBundleVector>('credential-bundle.json');
    const target = await targetFromHex(vector.targetPrivateKeyHex, vector.targetPublicKeyCompressedHex);
    const before = refused;
    const result = await decryptCredentialBundle(vector.bundle, target, { returnRawKey: true });
    expect(refused - before, 'the PKCS #8 path was tried and refused').to.equal(1);
    expect(toHex(result.rawPrivateKey!)).to.equal(vector.expectedPlaintextHex);
    expect(result.publicKeyHex).to.equal(vector.expectedCredentialPublicKeyCompressedHex);
    const raw = new Uint8Array(await subtle.exportKey('raw', result.keyPair.publicKey));
    expect(toHex(compressPublicKey(raw))).to.equal(vector.expectedCredentialPublicKeyCompressedHex);
    expect(result.keyPair.privateKey.extractable).to.equal(false);
    const message = new TextEncoder().encode('signed after the script path');
    const signature = await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, result.keyPair.privateKey, message);
    expect(await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, result.keyPair.publicKey, signature, message)).to.equal(true);
  });

  it('still refuses a scalar out of range (zero) with ERR_BUNDLE_MALFORMED and its cause', async () => {
    const target = await generateTargetKeyPair();
    const zero = await encryptCredentialBundle(new Uint8Array(32), target.publicKeyHex);
    await expectLatchError(() => decryptCredentialBundle(zero, target.keyPair), 'ERR_BUNDLE_MALFORMED', { cause: true });
  });
});
