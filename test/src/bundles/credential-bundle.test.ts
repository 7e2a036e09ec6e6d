import { describe, it, before, expect } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { base58, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { decryptCredentialBundle, encryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { generateTargetKeyPair } from '../../../src/bundles/hpke-suite.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { compressPublicKey, decompressPublicKey } from '../../../src/crypto/p256.ts';
import { loadVector } from '../crypto/vectors.ts';
import { flipByte, targetFromHex, type CredentialBundleVector } from './bundle-fixtures.ts';

const codec = createBase58check(sha256);
let vector: CredentialBundleVector;
const subtle = globalThis.crypto.subtle;

/** Re-encodes altered bundle bytes with a valid checksum, so the change reaches the crypto. */
const reencode = (bytes: Uint8Array): string => codec.encode(bytes);

async function signsAndVerifies(pair: CryptoKeyPair): Promise<boolean> {
  const message = new TextEncoder().encode('latchkey bundle test');
  const signature = await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, message);
  return subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, pair.publicKey, signature, message);
}

/** An x coordinate whose point is not on P-256, found by walking from a valid one. */
function offCurveEnc(enc: Uint8Array): Uint8Array {
  for (let i = 1; i < 256; i++) {
    const candidate = enc.slice();
    candidate[32] = candidate[32]! ^ i;
    try {
      decompressPublicKey(candidate);
    } catch {
      return candidate;
    }
  }
  throw new Error('no off-curve x found');
}

/** A different x that IS on the curve: an enc that decapsulates to the wrong secret. */
function otherOnCurveEnc(enc: Uint8Array): Uint8Array {
  for (let i = 1; i < 256; i++) {
    const candidate = enc.slice();
    candidate[32] = candidate[32]! ^ i;
    try {
      decompressPublicKey(candidate);
      return candidate;
    } catch {
      // not on the curve, keep looking
    }
  }
  throw new Error('no on-curve x found');
}

describe('credential bundle: published vector', () => {
  let target: CryptoKeyPair;
  let bytes: Uint8Array;

  before(async () => {
    vector = await loadVector<CredentialBundleVector>('credential-bundle.json');
    target = await targetFromHex(vector.targetPrivateKeyHex, vector.targetPublicKeyCompressedHex);
    bytes = codec.decode(vector.bundle);
  });

  it('decrypts to the expected private key and public key', async () => {
    const result = await decryptCredentialBundle(vector.bundle, target, { returnRawKey: true });
    expect(toHex(result.rawPrivateKey!)).to.equal(vector.expectedPlaintextHex);
    expect(result.publicKeyHex).to.equal(vector.expectedCredentialPublicKeyCompressedHex);
    const raw = new Uint8Array(await subtle.exportKey('raw', result.keyPair.publicKey));
    expect(toHex(compressPublicKey(raw))).to.equal(vector.expectedCredentialPublicKeyCompressedHex);
    expect(result.storedKey).to.equal(undefined);
  });

  it('imports a non-extractable ECDSA key that really signs', async () => {
    const { keyPair, rawPrivateKey } = await decryptCredentialBundle(vector.bundle, target);
    expect(rawPrivateKey).to.equal(undefined);
    expect(keyPair.privateKey.extractable).to.equal(false);
    expect(keyPair.privateKey.algorithm.name).to.equal('ECDSA');
    expect((keyPair.privateKey.algorithm as EcKeyAlgorithm).namedCurve).to.equal('P-256');
    expect(await signsAndVerifies(keyPair)).to.equal(true);
    let exported: unknown = 'not rejected';
    try {
      exported = await subtle.exportKey('jwk', keyPair.privateKey);
    } catch (error) {
      exported = error;
    }
    expect(exported).to.be.instanceOf(Error);
  });

  it('stores the pair when a store is given', async () => {
    const store = new MemoryKeyStore();
    const result = await decryptCredentialBundle(vector.bundle, target, { store, metadata: { purpose: 'otp', expiresAt: 1234 } });
    expect(result.storedKey?.id).to.equal(vector.expectedCredentialPublicKeyCompressedHex);
    expect(result.storedKey?.purpose).to.equal('otp');
    expect(result.storedKey?.expiresAt).to.equal(1234);
    const stored = await store.get(vector.expectedCredentialPublicKeyCompressedHex);
    expect(stored?.privateKey).to.equal(result.keyPair.privateKey);
  });

  it('refuses an altered enc, on or off the curve', async () => {
    const enc = bytes.subarray(0, 33);
    const rest = bytes.subarray(33);
    const join = (e: Uint8Array): Uint8Array => new Uint8Array([...e, ...rest]);
    await expectLatchError(() => decryptCredentialBundle(reencode(join(otherOnCurveEnc(enc))), target), 'ERR_BUNDLE_DECRYPT');
    await expectLatchError(() => decryptCredentialBundle(reencode(join(offCurveEnc(enc))), target), 'ERR_BUNDLE_DECRYPT');
    // The other y sign: same x, so a valid point, but not the sender's.
    const otherSign = enc.slice();
    otherSign[0] = otherSign[0] === 0x02 ? 0x03 : 0x02;
    await expectLatchError(() => decryptCredentialBundle(reencode(join(otherSign)), target), 'ERR_BUNDLE_DECRYPT');
    const badPrefix = enc.slice();
    badPrefix[0] = 0x04;
    await expectLatchError(() => decryptCredentialBundle(reencode(join(badPrefix)), target), 'ERR_BUNDLE_MALFORMED');
  });

  it('refuses a bad checksum and non-base58 text', async () => {
    const raw = base58.decode(vector.bundle);
    await expectLatchError(() => decryptCredentialBundle(base58.encode(flipByte(raw, -1)), target), 'ERR_ENCODING_CHECKSUM');
    await expectLatchError(() => decryptCredentialBundle(vector.bundle.slice(0, -1) + '0', target), 'ERR_ENCODING_BASE58');
    await expectLatchError(() => decryptCredentialBundle('', target), 'ERR_BUNDLE_MALFORMED');
  });

  it('refuses truncated and lengthened bundles', async () => {
    await expectLatchError(() => decryptCredentialBundle(reencode(bytes.subarray(0, bytes.length - 1)), target), 'ERR_BUNDLE_MALFORMED');
    await expectLatchError(() => decryptCredentialBundle(reencode(bytes.subarray(0, 33)), target), 'ERR_BUNDLE_MALFORMED');
    await expectLatchError(() => decryptCredentialBundle(reencode(new Uint8Array([...bytes, 0])), target), 'ERR_BUNDLE_MALFORMED');
    // Truncating the text itself breaks the checksum first.
    await expectLatchError(() => decryptCredentialBundle(vector.bundle.slice(0, -2), target), 'ERR_ENCODING_CHECKSUM');
  });

  it('A7 bundle-encoding-malformed: bad base58 character, bad checksum, 33 bytes or fewer, empty, whitespace: typed errors, nothing stored', async () => {
    const store = new MemoryKeyStore();
    const raw = base58.decode(vector.bundle);
    const cases: [string, string][] = [
      [vector.bundle.slice(0, 10) + 'O' + vector.bundle.slice(11), 'ERR_ENCODING_BASE58'], // O is not base58
      [base58.encode(flipByte(raw, -2)), 'ERR_ENCODING_CHECKSUM'],
      [reencode(bytes.subarray(0, 33)), 'ERR_BUNDLE_MALFORMED'],
      [reencode(bytes.subarray(0, 1)), 'ERR_BUNDLE_MALFORMED'],
      [reencode(new Uint8Array(0)), 'ERR_BUNDLE_MALFORMED'],
      ['', 'ERR_BUNDLE_MALFORMED'],
      [` ${vector.bundle}`, 'ERR_ENCODING_BASE58'],
      [`${vector.bundle}\n`, 'ERR_ENCODING_BASE58'],
      [vector.bundle.replace(/(.{20})/, '$1 '), 'ERR_ENCODING_BASE58'],
    ];
    for (const [text, code] of cases) {
      await expectLatchError(() => decryptCredentialBundle(text, target, { store, metadata: { purpose: 'otp' } }), code);
    }
    expect(await store.list()).to.deep.equal([]);
  });

  it('refuses the wrong target key', async () => {
    const other = await generateTargetKeyPair();
    await expectLatchError(() => decryptCredentialBundle(vector.bundle, other.keyPair), 'ERR_BUNDLE_DECRYPT');
  });

  it('refuses a signing (ECDSA) pair as the target', async () => {
    const ecdsa = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    await expectLatchError(() => decryptCredentialBundle(vector.bundle, ecdsa), 'ERR_KEY_FORMAT');
  });
});

describe('credential bundle: round trip (emulator seals, kit opens)', () => {
  before(async () => {
    vector = await loadVector<CredentialBundleVector>('credential-bundle.json');
  });

  it('encrypts to a generated target and decrypts to the same key', async () => {
    const target = await generateTargetKeyPair();
    const privateKey = fromHex(vector.expectedPlaintextHex);
    for (const targetHex of [target.publicKeyHex, toHex(compressPublicKey(fromHex(target.publicKeyHex)))]) {
      const bundle = await encryptCredentialBundle(privateKey, targetHex);
      expect(codec.decode(bundle).length).to.equal(81);
      const result = await decryptCredentialBundle(bundle, target.keyPair, { returnRawKey: true });
      expect(toHex(result.rawPrivateKey!)).to.equal(vector.expectedPlaintextHex);
      expect(result.publicKeyHex).to.equal(vector.expectedCredentialPublicKeyCompressedHex);
      expect(await signsAndVerifies(result.keyPair)).to.equal(true);
    }
    expect(toHex(privateKey)).to.equal(vector.expectedPlaintextHex); // the caller's bytes are left alone
  });

  it('makes a fresh bundle each time (fresh ephemeral key)', async () => {
    const target = await generateTargetKeyPair();
    const key = fromHex(vector.expectedPlaintextHex);
    expect(await encryptCredentialBundle(key, target.publicKeyHex)).not.to.equal(await encryptCredentialBundle(key, target.publicKeyHex));
  });

  it('refuses a key that is not 32 bytes, a bad target, and a zero scalar in the plaintext', async () => {
    const target = await generateTargetKeyPair();
    await expectLatchError(() => encryptCredentialBundle(new Uint8Array(31), target.publicKeyHex), 'ERR_KEY_FORMAT');
    await expectLatchError(() => encryptCredentialBundle(new Uint8Array(32).fill(1), 'zz'), 'ERR_KEY_FORMAT');
    await expectLatchError(() => encryptCredentialBundle(new Uint8Array(32).fill(1), '04' + '00'.repeat(64)), 'ERR_KEY_FORMAT');
    const zero = await encryptCredentialBundle(new Uint8Array(32), target.publicKeyHex);
    await expectLatchError(() => decryptCredentialBundle(zero, target.keyPair), 'ERR_BUNDLE_MALFORMED');
  });
});
