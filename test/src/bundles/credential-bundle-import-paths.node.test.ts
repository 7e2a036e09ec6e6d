// Issue 39 item 3: how the credential bundle's key reaches WebCrypto, each step held to an outside
// truth. Node, like Chromium and WebKit, derives the public point from a bare PKCS #8 key: the
// bytes the kit hands over must be a PKCS #8 key OpenSSL (node:crypto) reads as the published
// key, and the point WebCrypto exports must be the one @noble/curves derives. Then the two
// refusals no honest WebCrypto gives: an export without the point, and a JWK import that fails
// (each a typed error keeping its cause). Node's WebCrypto is wrapped for one call at a time.
import { createPrivateKey } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { describe, it, afterEach, expect, expectCode } from '../../support/harness.ts';
import { decryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { loadVector } from '../crypto/vectors.ts';
import { targetFromHex, type CredentialBundleVector } from './bundle-fixtures.ts';

const subtle = globalThis.crypto.subtle;
type Importer = (...args: Parameters<SubtleCrypto['importKey']>) => Promise<CryptoKey>;
type Exporter = (format: string, key: CryptoKey) => Promise<JsonWebKey | ArrayBuffer>;
const realImport = subtle.importKey.bind(subtle) as Importer;
const realExport = subtle.exportKey.bind(subtle) as Exporter;

function wrap(importKey?: (real: Importer, ...args: Parameters<Importer>) => Promise<CryptoKey>, exportKey?: (real: Exporter, format: string, key: CryptoKey) => Promise<JsonWebKey | ArrayBuffer>): void {
  if (importKey) subtle.importKey = ((...args: Parameters<Importer>) => importKey(realImport, ...args)) as SubtleCrypto['importKey'];
  if (exportKey) subtle.exportKey = ((format: string, key: CryptoKey) => exportKey(realExport, format, key)) as SubtleCrypto['exportKey'];
}

async function published(): Promise<{ vector: CredentialBundleVector; target: CryptoKeyPair }> {
  const vector = await loadVector<CredentialBundleVector>('credential-bundle.json');
  return { vector, target: await targetFromHex(vector.targetPrivateKeyHex, vector.targetPublicKeyCompressedHex) };
}

describe('credential bundle: the key on its way into WebCrypto', () => {
  afterEach(() => {
    delete (subtle as Partial<SubtleCrypto>).importKey; // the prototype's again
    delete (subtle as Partial<SubtleCrypto>).exportKey;
    delete (subtle as Partial<SubtleCrypto>).decrypt;
  });

  it('hands WebCrypto a PKCS #8 key OpenSSL reads as the published key, and reads back the point noble derives', async () => {
    const { vector, target } = await published();
    const pkcs8: Uint8Array[] = [];
    const jwks: JsonWebKey[] = [];
    wrap(
      (real, format, data, algorithm, extractable, usages) => {
        if (format === 'pkcs8') pkcs8.push(new Uint8Array((data as ArrayBuffer).slice(0)));
        return real(format, data, algorithm, extractable, usages);
      },
      async (real, format, key) => {
        const out = await real(format, key);
        if (format === 'jwk') jwks.push(out as JsonWebKey);
        return out;
      },
    );
    const result = await decryptCredentialBundle(vector.bundle, target);
    expect(result.publicKeyHex).to.equal(vector.expectedCredentialPublicKeyCompressedHex);
    expect(pkcs8.length, 'one PKCS #8 import').to.equal(1);
    const openssl = createPrivateKey({ key: Buffer.from(pkcs8[0]!), format: 'der', type: 'pkcs8' });
    const d = openssl.export({ format: 'jwk' }).d!;
    expect(toHex(fromBase64Url(d))).to.equal(vector.expectedPlaintextHex);
    expect(jwks.length, 'the point read from the PKCS #8 key, not computed in script').to.equal(1);
    const point = p256.getPublicKey(fromHex(vector.expectedPlaintextHex), false);
    expect(toHex(fromBase64Url(jwks[0]!.x!))).to.equal(toHex(point.subarray(1, 33)));
    expect(toHex(fromBase64Url(jwks[0]!.y!))).to.equal(toHex(point.subarray(33)));
  });

  for (const missing of ['x', 'y'] as const) {
    it(`an exported JWK without ${missing} is ERR_BUNDLE_MALFORMED, its cause saying no public point`, async () => {
      const { vector, target } = await published();
      wrap(undefined, async (real, format, key) => {
        const out = await real(format, key);
        if (format !== 'jwk') return out;
        const jwk = { ...(out as JsonWebKey) };
        delete jwk[missing];
        return jwk;
      });
      const refusal = await expectCode(() => decryptCredentialBundle(vector.bundle, target), 'ERR_BUNDLE_MALFORMED');
      expect(refusal.message).to.match(/valid P-256 private key/);
      expect((refusal.cause as Error).message).to.equal('no public point');
    });
  }

  it('a JWK import WebCrypto refuses is ERR_KEY_FORMAT, keeping WebCrypto’s error as its cause', async () => {
    const { vector, target } = await published();
    const refused = new DOMException('refused for the test', 'DataError');
    wrap((real, format, data, algorithm, extractable, usages) => ((format as string) === 'jwk' ? Promise.reject(refused) : real(format, data, algorithm, extractable, usages)));
    const refusal = await expectCode(() => decryptCredentialBundle(vector.bundle, target), 'ERR_KEY_FORMAT');
    expect(refusal.message).to.match(/decrypted key could not be imported/);
    expect(refusal.cause).to.equal(refused);
  });

  it('reads the target pair’s public key once, however many bundles it opens (the AAD’s second half)', async () => {
    const { vector, target } = await published();
    let rawExports = 0;
    wrap(undefined, (real, format, key) => {
      if (format === 'raw' && key === target.publicKey) rawExports++;
      return real(format, key);
    });
    // @hpke/core reads it too, for its own KEM context, on every open: count what the first open
    // reads more than each later one.
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await decryptCredentialBundle(vector.bundle, target)).publicKeyHex).to.equal(vector.expectedCredentialPublicKeyCompressedHex);
      counts.push(rawExports);
    }
    const [first, second, third] = counts as [number, number, number];
    expect(third - second, 'each later open reads the same').to.equal(second - first);
    expect(first - (second - first), 'the kit reads it once, on the first open').to.equal(1);
  });

  it('the decrypted key bytes WebCrypto handed back are zeroed once the key is imported; returnRawKey gets a copy', async () => {
    const { vector, target } = await published();
    const realDecrypt = subtle.decrypt.bind(subtle);
    const outputs: ArrayBuffer[] = [];
    subtle.decrypt = (async (...args: Parameters<SubtleCrypto['decrypt']>) => {
      const out = await realDecrypt(...args);
      outputs.push(out);
      return out;
    }) as SubtleCrypto['decrypt'];
    const result = await decryptCredentialBundle(vector.bundle, target, { returnRawKey: true });
    expect(toHex(result.rawPrivateKey!)).to.equal(vector.expectedPlaintextHex);
    expect(outputs.length, 'one AES-GCM decryption').to.equal(1);
    expect(outputs[0]!.byteLength).to.equal(32);
    expect([...new Uint8Array(outputs[0]!)].every((b) => b === 0), 'wiped').to.equal(true);
  });
});
