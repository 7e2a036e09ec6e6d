// The page's private-key recognition (src/account/private-key-formats.ts) against libraries this
// project did not write: `wif` and `bs58check` (bitcoinjs) for WIF, `secp256k1` (elliptic) for
// the key range, `@solana/web3.js` Keypair and `bs58` for Solana secret keys. Property tests over
// random keys, then each format with tampered variants that must throw the right code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import wif from 'wif';
import bs58check from 'bs58check';
import bs58 from 'bs58';
import secp256k1 from 'secp256k1';
import { Keypair } from '@solana/web3.js';
import { encodeSolanaSecretKey, encodeWif, parsePrivateKey } from '../../../src/account/private-key-formats.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { isLatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';

const RUNS = { numRuns: 200 };
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** 32 bytes that `secp256k1` (elliptic) takes as a private key. */
const secpKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((k) => secp256k1.privateKeyVerify(k));
const seed = fc.uint8Array({ minLength: 32, maxLength: 32 });

const bigBytes = (n: bigint): Uint8Array => Uint8Array.from(n.toString(16).padStart(64, '0').match(/../g)!.map((h) => parseInt(h, 16)));

/** Throws the code asked, and the message carries no part of the key (the whole text, or its hex). */
function refused(text: string, code: LatchErrorCode, curve?: 'CURVE_ED25519'): void {
  assert.throws(
    () => parsePrivateKey(text, curve),
    (e: Error) => {
      assert.ok(isLatchError(e, code), `${code} expected, got ${(e as { code?: string }).code}`);
      if (text.trim()) assert.ok(!e.message.includes(text.trim()), 'the key is not in the message');
      return true;
    },
  );
}

/** `text` with the character at `at` replaced by another base58 character. */
function changed(text: string, at: number, shift: number): string {
  const i = BASE58.indexOf(text[at]!);
  return text.slice(0, at) + BASE58[(i + 1 + (shift % 57)) % 58] + text.slice(at + 1);
}

describe('parsePrivateKey: WIF', () => {
  it('reads what wif.encode writes (network, compression, the key), and encodeWif writes what wif.encode does', () => {
    fc.assert(
      fc.property(secpKey, fc.boolean(), fc.boolean(), (key, testnet, compressed) => {
        const text = wif.encode(testnet ? 0xef : 0x80, Buffer.from(key), compressed);
        const parsed = parsePrivateKey(text);
        assert.equal(parsed.format, 'wif');
        assert.equal(parsed.curve, 'CURVE_SECP256K1');
        assert.equal(parsed.network, testnet ? 'testnet' : 'mainnet');
        assert.equal(parsed.compressed, compressed);
        assert.equal(toHex(parsed.privateKey), toHex(key));
        assert.equal(encodeWif(key, testnet ? 'testnet' : 'mainnet', compressed), text);
        const net = testnet ? 'TESTNET' : 'MAINNET';
        // An uncompressed key only ever had legacy addresses; a compressed one segwit first.
        assert.deepEqual(parsed.suggestedFormats, compressed ? [`ADDRESS_FORMAT_BITCOIN_${net}_P2WPKH`, `ADDRESS_FORMAT_BITCOIN_${net}_P2TR`, `ADDRESS_FORMAT_BITCOIN_${net}_P2SH`, `ADDRESS_FORMAT_BITCOIN_${net}_P2PKH`] : [`ADDRESS_FORMAT_BITCOIN_${net}_P2PKH`]);
      }),
      RUNS,
    );
  });

  it('reads the Bitcoin wiki WIF example (5HueCGU8…, uncompressed mainnet)', () => {
    const parsed = parsePrivateKey('5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ');
    assert.equal(toHex(parsed.privateKey), '0c28fca386c7a227600b2fe50b7cae11ec86d3bf1fbe471be89827e19d72aa1d');
    assert.equal(parsed.compressed, false);
    assert.equal(parsed.network, 'mainnet');
  });

  it('refuses every WIF with one character changed (ERR_PRIVATE_KEY_CHECKSUM), as bs58check does', () => {
    fc.assert(
      fc.property(secpKey, fc.boolean(), fc.boolean(), fc.nat(), fc.nat(), (key, testnet, compressed, at, shift) => {
        const text = wif.encode(testnet ? 0xef : 0x80, Buffer.from(key), compressed);
        const tampered = changed(text, at % text.length, shift);
        assert.throws(() => bs58check.decode(tampered));
        refused(tampered, 'ERR_PRIVATE_KEY_CHECKSUM');
      }),
      RUNS,
    );
  });

  it('refuses a good checksum over a wrong version, length or compression flag (ERR_PRIVATE_KEY_FORMAT), as wif does for the flag', () => {
    fc.assert(
      fc.property(secpKey, fc.integer({ min: 0, max: 255 }).filter((v) => v !== 0x80 && v !== 0xef), fc.integer({ min: 2, max: 255 }), (key, version, flag) => {
        refused(bs58check.encode(Uint8Array.from([version, ...key, 1])), 'ERR_PRIVATE_KEY_FORMAT');
        const badFlag = bs58check.encode(Uint8Array.from([0x80, ...key, flag]));
        assert.throws(() => wif.decode(badFlag), /compression flag/);
        refused(badFlag, 'ERR_PRIVATE_KEY_FORMAT');
      }),
      { numRuns: 50 },
    );
    // 31 or 34 key bytes behind a good checksum: too short or too long for any WIF.
    assert.throws(() => wif.decode(bs58check.encode(Uint8Array.from([0x80, ...new Uint8Array(31).fill(7)]))), /Invalid WIF length/);
    refused(bs58check.encode(Uint8Array.from([0x80, ...new Uint8Array(31).fill(7)])), 'ERR_PRIVATE_KEY_FORMAT');
    assert.throws(() => wif.decode(bs58check.encode(Uint8Array.from([0x80, ...new Uint8Array(34).fill(7)]))), /Invalid WIF length/);
    refused(bs58check.encode(Uint8Array.from([0x80, ...new Uint8Array(34).fill(7)])), 'ERR_PRIVATE_KEY_FORMAT');
  });

  it('refuses keys that are zero or not below the order (ERR_PRIVATE_KEY_RANGE), as secp256k1.privateKeyVerify does', () => {
    for (const k of [0n, N, N + 1n, (1n << 256n) - 1n]) {
      const key = bigBytes(k);
      assert.equal(secp256k1.privateKeyVerify(key), false);
      refused(wif.encode(0x80, Buffer.from(key), true), 'ERR_PRIVATE_KEY_RANGE');
      refused(toHex(key), 'ERR_PRIVATE_KEY_RANGE');
    }
    assert.equal(secp256k1.privateKeyVerify(bigBytes(N - 1n)), true);
    assert.equal(parsePrivateKey(wif.encode(0x80, Buffer.from(bigBytes(N - 1n)), true)).format, 'wif');
  });
});

describe('parsePrivateKey: Solana base58 secret key', () => {
  it('reads Keypair.secretKey in base58 (its seed), and encodeSolanaSecretKey writes what Keypair holds', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const pair = Keypair.fromSeed(s);
        const text = bs58.encode(pair.secretKey);
        const parsed = parsePrivateKey(text);
        assert.equal(parsed.format, 'solana');
        assert.equal(parsed.curve, 'CURVE_ED25519');
        assert.deepEqual(parsed.suggestedFormats, ['ADDRESS_FORMAT_SOLANA']);
        assert.equal(toHex(parsed.privateKey), toHex(s));
        assert.equal(encodeSolanaSecretKey(s), text);
        assert.equal(Keypair.fromSecretKey(bs58.decode(encodeSolanaSecretKey(s))).publicKey.toBase58(), pair.publicKey.toBase58());
      }),
      RUNS,
    );
  });

  it('refuses a secret key whose public half is not its seed\u2019s (ERR_PRIVATE_KEY_PAIR_MISMATCH), as Keypair.fromSecretKey does', () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: 0, max: 63 }), fc.integer({ min: 1, max: 255 }), (s, at, xor) => {
        const bytes = Uint8Array.from(Keypair.fromSeed(s).secretKey);
        bytes[at]! ^= xor;
        assert.throws(() => Keypair.fromSecretKey(bytes));
        refused(bs58.encode(bytes), 'ERR_PRIVATE_KEY_PAIR_MISMATCH');
      }),
      RUNS,
    );
  });

  it('refuses base58 of another length (ERR_PRIVATE_KEY_FORMAT), as Keypair.fromSecretKey does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 60, maxLength: 66 }).filter((b) => b.length !== 64 && b[0] !== 0), (bytes) => {
        const text = bs58.encode(bytes);
        assert.throws(() => Keypair.fromSecretKey(bytes));
        refused(text, text.length === 51 || text.length === 52 ? 'ERR_PRIVATE_KEY_CHECKSUM' : 'ERR_PRIVATE_KEY_FORMAT');
      }),
      { numRuns: 100 },
    );
  });
});

describe('parsePrivateKey: hex and everything else', () => {
  it('reads 64 hex digits with or without 0x, any case, and leaves the curve to the person', () => {
    fc.assert(
      fc.property(secpKey, fc.boolean(), fc.boolean(), (key, prefix, upper) => {
        const hex = toHex(key);
        const parsed = parsePrivateKey(`  ${prefix ? '0x' : ''}${upper ? hex.toUpperCase() : hex}\n`);
        assert.equal(parsed.format, 'hex');
        assert.equal(parsed.curve, undefined);
        assert.equal(toHex(parsed.privateKey), hex);
      }),
      RUNS,
    );
  });

  it('an Ed25519 seed is any 32 bytes but zeros; a secp256k1 key must be in range', () => {
    assert.equal(parsePrivateKey(toHex(bigBytes(N)), 'CURVE_ED25519').format, 'hex');
    refused(toHex(bigBytes(N)), 'ERR_PRIVATE_KEY_RANGE');
    refused('00'.repeat(32), 'ERR_PRIVATE_KEY_RANGE', 'CURVE_ED25519');
  });

  it('refuses what has no known shape (ERR_PRIVATE_KEY_FORMAT), never echoing it', () => {
    for (const text of ['', '   ', 'ab'.repeat(31), 'ab'.repeat(33), '0x' + 'g'.repeat(64), 'all wallet above', 'O'.repeat(52), 'l'.repeat(88), '1'.repeat(70)]) {
      refused(text, 'ERR_PRIVATE_KEY_FORMAT');
    }
    assert.throws(() => parsePrivateKey(42), (e: Error) => isLatchError(e, 'ERR_PRIVATE_KEY_FORMAT'));
  });
});
