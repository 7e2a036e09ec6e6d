// importP256PublicKey's cache and refusals, and signP256's, in Node (src/stamp/ecdsa.ts,
// src/stamp/sign-p256.ts). The emulator's stamp-key-cache test proves that the cache never lets a
// removed key act; this one proves the cache's own promise without an emulator, so the mutation
// run of src/stamp reaches it: one import per key whatever the hex case, bounded, least recently
// used out first, failures never kept. Keys are k·G from noble's P-256 (not the kit's code).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { p256 } from '@noble/curves/nist.js';
import { PUBLIC_KEY_CACHE_LIMIT, importP256PublicKey, publicKeyCacheSize, verifyP256 } from '../../../src/stamp/ecdsa.ts';
import { signP256 } from '../../../src/stamp/sign-p256.ts';
import { isLatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';

const keyHex = (k: number, compressed = true) => p256.Point.BASE.multiply(BigInt(k)).toHex(compressed);

async function refusedWith(run: () => Promise<unknown>, code: LatchErrorCode) {
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  assert.ok(isLatchError(caught), `expected ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  assert.ok(caught.message.length > 10, 'a message that says what failed');
  return caught;
}

describe('importP256PublicKey', () => {
  it('imports a verification key only, not extractable', async () => {
    const key = await importP256PublicKey(keyHex(7));
    assert.equal(key.type, 'public');
    assert.equal(key.extractable, false);
    assert.deepEqual(key.usages, ['verify']);
    assert.deepEqual(key.algorithm, { name: 'ECDSA', namedCurve: 'P-256' });
  });

  it('imports a key once: the same CryptoKey for its hex in either case, one cache entry', async () => {
    const before = publicKeyCacheSize();
    const lower = await importP256PublicKey(keyHex(11));
    assert.equal(publicKeyCacheSize(), before + 1);
    assert.equal(await importP256PublicKey(keyHex(11).toUpperCase()), lower);
    assert.equal(await importP256PublicKey(keyHex(11)), lower);
    assert.equal(publicKeyCacheSize(), before + 1);
  });

  it('refuses what is not hex, or not a string, with ERR_KEY_FORMAT, and keeps nothing of it', async () => {
    const before = publicKeyCacheSize();
    const notHex = await refusedWith(() => importP256PublicKey(`0z${keyHex(3).slice(2)}`), 'ERR_KEY_FORMAT');
    assert.ok(notHex.cause !== undefined, 'the decoder\'s error is the cause');
    for (const value of [42, null, undefined, { toLowerCase: () => keyHex(3) }]) {
      await refusedWith(() => importP256PublicKey(value as unknown as string), 'ERR_KEY_FORMAT');
    }
    await refusedWith(() => importP256PublicKey(keyHex(3).slice(0, -2)), 'ERR_KEY_FORMAT');
    assert.equal(publicKeyCacheSize(), before);
  });

  it('holds at most PUBLIC_KEY_CACHE_LIMIT keys and lets the least recently used go first', async () => {
    // Full first, so that every key held before this test is older than 100 and 101 (and gone).
    // Bounded, so that a cache that never fills fails here instead of looping.
    for (let k = 2000; k < 2000 + PUBLIC_KEY_CACHE_LIMIT; k++) await importP256PublicKey(keyHex(k));
    assert.equal(publicKeyCacheSize(), PUBLIC_KEY_CACHE_LIMIT);
    const first = await importP256PublicKey(keyHex(100));
    const kept = await importP256PublicKey(keyHex(101));
    for (let k = 102; k < 100 + PUBLIC_KEY_CACHE_LIMIT; k++) await importP256PublicKey(keyHex(k));
    assert.equal(publicKeyCacheSize(), PUBLIC_KEY_CACHE_LIMIT);
    // Using 101 again makes 100 the oldest: the next new key pushes 100 out, not 101.
    assert.equal(await importP256PublicKey(keyHex(101)), kept);
    await importP256PublicKey(keyHex(5000));
    assert.equal(publicKeyCacheSize(), PUBLIC_KEY_CACHE_LIMIT);
    assert.equal(await importP256PublicKey(keyHex(101)), kept, 'the recently used key stayed');
    const again = await importP256PublicKey(keyHex(100));
    assert.notEqual(again, first, 'the oldest key was let go and imported anew');
    assert.equal(publicKeyCacheSize(), PUBLIC_KEY_CACHE_LIMIT);
    // A key already held is not a new entry, even at the limit: nothing else is pushed out.
    assert.equal(await importP256PublicKey(keyHex(5000)), await importP256PublicKey(keyHex(5000).toUpperCase()));
    assert.equal(await importP256PublicKey(keyHex(101)), kept);
  });
});

describe('importP256PublicKey when WebCrypto refuses the point', () => {
  it('is ERR_KEY_FORMAT with WebCrypto\'s error as the cause, and nothing is kept', async () => {
    // A point the kit's own check accepts but a WebCrypto refuses (here a stand-in that refuses all).
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    const point = keyHex(31337);
    const refusal = new DOMException('Invalid keyData', 'DataError');
    const subtle = { importKey: () => Promise.reject(refusal) };
    Object.defineProperty(globalThis, 'crypto', { value: { subtle }, configurable: true, writable: true });
    try {
      const before = publicKeyCacheSize();
      const error = await refusedWith(() => importP256PublicKey(point), 'ERR_KEY_FORMAT');
      assert.equal(error.cause, refusal);
      assert.equal(publicKeyCacheSize(), before);
    } finally {
      Object.defineProperty(globalThis, 'crypto', saved);
    }
  });
});

describe('signP256 and verifyP256', () => {
  it('verifyP256 is false for a signature of any length but 64 bytes, even one that begins with the valid r||s', async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    const data = new TextEncoder().encode('stamp me');
    const signature = await signP256(pair.privateKey, data);
    for (const wrong of [new Uint8Array(0), signature.subarray(0, 63), Uint8Array.of(...signature, 0), Uint8Array.of(0, ...signature)]) {
      assert.equal(await verifyP256(pair.publicKey, wrong, data), false, `${wrong.length} bytes`);
    }
  });

  it('sign and verify round trip under noble\'s verifier; a key WebCrypto refuses to sign with is ERR_KEY_FORMAT with WebCrypto\'s error as cause', async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const data = new TextEncoder().encode('stamp me');
    const signature = await signP256(pair.privateKey, data);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    // WebCrypto does not normalise S: noble is told to accept high S, as the service does.
    assert.equal(p256.verify(signature, data, raw, { lowS: false }), true);
    assert.equal(await verifyP256(pair.publicKey, signature, data), true);
    // Something that looks like the key but that WebCrypto will not sign with (not a CryptoKey).
    const lookalike = { type: 'private', algorithm: { name: 'ECDSA', namedCurve: 'P-256' }, usages: ['sign'], extractable: false } as unknown as CryptoKey;
    const error = await refusedWith(() => signP256(lookalike, data), 'ERR_KEY_FORMAT');
    assert.ok(error.cause !== undefined);
  });

  it('refuses keys that are not ECDSA P-256 private keys with ERR_KEY_FORMAT', async () => {
    const p384 = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, false, ['sign', 'verify']);
    const ecdh = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    const ecdsa = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    const data = new Uint8Array(3);
    for (const key of [p384.privateKey, ecdh.privateKey, ecdsa.publicKey]) await refusedWith(() => signP256(key, data), 'ERR_KEY_FORMAT');
  });
});
