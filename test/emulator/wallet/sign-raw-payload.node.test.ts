import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import {
  decodePayload, deriveAccount, publicKeyFromPrivateKey, signRawPayload, type RawSignature,
} from '../../../demo/emulator/wallet/index.ts';
import { nativeSecp256k1, signSecp256k1Digest } from '../../../demo/emulator/wallet/sign-raw-payload.ts';
import { expectWalletError } from './expect-wallet-error.ts';
import { ABANDON, ED25519_RFC8032_TEST2, P256_RFC6979_SAMPLE, SECP256K1_RFC6979_SATOSHI } from './vectors.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const join = (sig: RawSignature) => hex.decode(sig.r + sig.s);

function expectShape(sig: RawSignature): void {
  assert.match(sig.r, /^[0-9a-f]{64}$/);
  assert.match(sig.s, /^[0-9a-f]{64}$/);
  assert.match(sig.v, /^[0-9a-f]{2}$/);
}

/** Recovers the signer of a secp256k1 {r, s, v} over `digest` the way an EVM client does. */
function recover(sig: RawSignature, digest: Uint8Array): Uint8Array {
  const recovered = Uint8Array.of(parseInt(sig.v, 16), ...hex.decode(sig.r + sig.s));
  return secp256k1.recoverPublicKey(recovered, digest, { prehash: false });
}

describe('sign_raw_payload: secp256k1', () => {
  const eth = deriveAccount({ mnemonic: ABANDON, curve: 'CURVE_SECP256K1', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' });
  const publicKey = hex.decode(eth.publicKey);

  it('RFC 6979 known answer (private key 1, SHA-256 of "Satoshi Nakamoto"), low-S', () => {
    const vector = SECP256K1_RFC6979_SATOSHI;
    const sig = signRawPayload({
      privateKey: hex.decode(vector.privateKey), curve: 'CURVE_SECP256K1',
      payload: vector.message, encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_SHA256',
    });
    assert.equal(sig.r, vector.r);
    assert.equal(sig.s, vector.s);
    assert.deepEqual(recover(sig, sha256(utf8(vector.message))), publicKeyFromPrivateKey('CURVE_SECP256K1', hex.decode(vector.privateKey)));
  });

  it('v is the recovery id: recovering with it gives back the account key, for many payloads', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const digest = keccak_256(utf8(`payload ${i}`));
      const sig = signRawPayload({ privateKey: eth.privateKey, curve: 'CURVE_SECP256K1', payload: hex.encode(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' });
      expectShape(sig);
      assert.ok(sig.v === '00' || sig.v === '01');
      seen.add(sig.v);
      assert.deepEqual(recover(sig, digest), publicKey);
      assert.ok(secp256k1.verify(join(sig), digest, publicKey, { prehash: false }));
      // The other recovery id names another key: v is load-bearing.
      const flipped = { ...sig, v: sig.v === '00' ? '01' : '00' };
      assert.notDeepEqual(recover(flipped, digest), publicKey);
    }
    assert.equal(seen.size, 2, 'both recovery ids occur over 24 signatures');
  });

  it('hashes with Keccak-256 and SHA-256 as asked; NO_OP signs the digest itself', () => {
    const text = 'hello latchkey';
    const keccak = signRawPayload({ privateKey: eth.privateKey, curve: 'CURVE_SECP256K1', payload: text, encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_KECCAK256' });
    assert.deepEqual(recover(keccak, keccak_256(utf8(text))), publicKey);
    const viaHex = signRawPayload({ privateKey: eth.privateKey, curve: 'CURVE_SECP256K1', payload: hex.encode(utf8(text)), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_KECCAK256' });
    assert.deepEqual(viaHex, keccak, 'same bytes, same deterministic signature');
    const noOp = signRawPayload({ privateKey: eth.privateKey, curve: 'CURVE_SECP256K1', payload: `0x${hex.encode(keccak_256(utf8(text)))}`, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' });
    assert.deepEqual(noOp, keccak, 'NO_OP over the Keccak digest (0x prefix allowed) equals KECCAK256 over the text');
    const sha = signRawPayload({ privateKey: eth.privateKey, curve: 'CURVE_SECP256K1', payload: text, encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_SHA256' });
    assert.deepEqual(recover(sha, sha256(utf8(text))), publicKey);
    assert.notEqual(sha.r, keccak.r);
  });

  it('a tampered signature or message no longer verifies', () => {
    const digest = sha256(utf8('tamper'));
    const sig = signRawPayload({ privateKey: eth.privateKey, curve: 'CURVE_SECP256K1', payload: hex.encode(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' });
    const bytes = join(sig);
    bytes[10] ^= 1;
    assert.equal(secp256k1.verify(bytes, digest, publicKey, { prehash: false }), false);
    assert.equal(secp256k1.verify(join(sig), sha256(utf8('tamperd')), publicKey, { prehash: false }), false);
  });
});

describe('sign_raw_payload: P-256', () => {
  it('RFC 6979 A.2.5 known answer ("sample", SHA-256), normalized to low-S; v is "00"', () => {
    const vector = P256_RFC6979_SAMPLE;
    const privateKey = hex.decode(vector.privateKey);
    const sig = signRawPayload({ privateKey, curve: 'CURVE_P256', payload: vector.message, encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_SHA256' });
    expectShape(sig);
    assert.equal(sig.r, vector.r);
    const n = p256.Point.Fn.ORDER;
    assert.equal(BigInt(`0x${sig.s}`), n - BigInt(`0x${vector.s}`));
    assert.equal(sig.v, '00');
    const publicKey = publicKeyFromPrivateKey('CURVE_P256', privateKey);
    assert.ok(p256.verify(join(sig), utf8(vector.message), publicKey, { lowS: false }));
    const tampered = join(sig);
    tampered[40] ^= 0x80;
    assert.equal(p256.verify(tampered, utf8(vector.message), publicKey, { lowS: false }), false);
  });

  it('signs derived keys and verifies with the curve library (NO_OP over a digest)', () => {
    const account = deriveAccount({ mnemonic: ABANDON, curve: 'CURVE_P256', path: "m/0'/0", addressFormat: 'ADDRESS_FORMAT_COMPRESSED' });
    const digest = sha256(utf8('p256 payload'));
    const sig = signRawPayload({ privateKey: account.privateKey, curve: 'CURVE_P256', payload: hex.encode(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' });
    assert.ok(p256.verify(join(sig), digest, hex.decode(account.publicKey), { prehash: false }));
  });
});

describe('sign_raw_payload: Ed25519', () => {
  it('RFC 8032 TEST 2 known answer; r and s are the two halves, v "00"', () => {
    const vector = ED25519_RFC8032_TEST2;
    const sig = signRawPayload({ privateKey: hex.decode(vector.secretKey), curve: 'CURVE_ED25519', payload: vector.message, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' });
    expectShape(sig);
    assert.equal(sig.r + sig.s, vector.signature);
    assert.equal(sig.v, '00');
    assert.equal(hex.encode(publicKeyFromPrivateKey('CURVE_ED25519', hex.decode(vector.secretKey))), vector.publicKey);
  });

  it('a Solana account signs a message; NO_OP is accepted as "sign as given"; tampering breaks it', () => {
    const sol = deriveAccount({ mnemonic: ABANDON, curve: 'CURVE_ED25519', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' });
    const message = 'Sign in to Latchkey';
    const sig = signRawPayload({ privateKey: sol.privateKey, curve: 'CURVE_ED25519', payload: message, encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' });
    const publicKey = hex.decode(sol.publicKey);
    assert.ok(ed25519.verify(join(sig), utf8(message), publicKey));
    assert.deepEqual(
      signRawPayload({ privateKey: sol.privateKey, curve: 'CURVE_ED25519', payload: message, encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_NO_OP' }),
      sig,
    );
    const tampered = join(sig);
    tampered[63] ^= 1;
    assert.equal(ed25519.verify(tampered, utf8(message), publicKey), false);
    assert.equal(ed25519.verify(join(sig), utf8(`${message}!`), publicKey), false);
  });
});

describe('sign_raw_payload: refused inputs', () => {
  const secp = deriveAccount({ mnemonic: ABANDON, curve: 'CURVE_SECP256K1', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }).privateKey;
  const ed = deriveAccount({ mnemonic: ABANDON, curve: 'CURVE_ED25519', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' }).privateKey;
  const digest = hex.encode(new Uint8Array(32).fill(7));
  const base = { privateKey: secp, curve: 'CURVE_SECP256K1' as const, payload: digest, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' };

  it('unknown encodings and hash functions', () => {
    for (const encoding of ['PAYLOAD_ENCODING_BASE64', 'PAYLOAD_ENCODING_EIP712', 'hex', '']) {
      expectWalletError(() => signRawPayload({ ...base, encoding }), 'PAYLOAD_ENCODING_UNSUPPORTED');
    }
    for (const hashFunction of ['HASH_FUNCTION_SHA512', 'HASH_FUNCTION_sha256', '']) {
      expectWalletError(() => signRawPayload({ ...base, hashFunction }), 'HASH_FUNCTION_UNSUPPORTED');
    }
  });

  it('curve and hash function combinations the service refuses', () => {
    expectWalletError(() => signRawPayload({ ...base, hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' }), 'HASH_FUNCTION_UNSUPPORTED');
    for (const hashFunction of ['HASH_FUNCTION_SHA256', 'HASH_FUNCTION_KECCAK256']) {
      expectWalletError(() => signRawPayload({ ...base, privateKey: ed, curve: 'CURVE_ED25519', hashFunction }), 'HASH_FUNCTION_UNSUPPORTED');
    }
  });

  it('malformed payloads, and NO_OP ECDSA payloads that are not 32 bytes', () => {
    for (const payload of ['', '0x', 'abc', 'zz', '0xzz', '12 34', ' 1234']) {
      expectWalletError(() => signRawPayload({ ...base, payload, hashFunction: 'HASH_FUNCTION_SHA256' }), 'PAYLOAD_INVALID');
    }
    expectWalletError(() => signRawPayload({ ...base, payload: 42 as unknown as string }), 'PAYLOAD_INVALID');
    expectWalletError(() => signRawPayload({ ...base, payload: '', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_SHA256' }), 'PAYLOAD_INVALID');
    for (const payload of [digest.slice(2), `${digest}00`]) {
      expectWalletError(() => signRawPayload({ ...base, payload }), 'PAYLOAD_INVALID');
      expectWalletError(() => signRawPayload({ ...base, curve: 'CURVE_P256', payload }), 'PAYLOAD_INVALID');
    }
    expectWalletError(() => signRawPayload({ ...base, payload: 'x'.repeat(31), encoding: 'PAYLOAD_ENCODING_TEXT_UTF8' }), 'PAYLOAD_INVALID');
    // 32 UTF-8 bytes are a valid NO_OP digest, whatever they spell.
    assert.doesNotThrow(() => signRawPayload({ ...base, payload: 'x'.repeat(32), encoding: 'PAYLOAD_ENCODING_TEXT_UTF8' }));
  });

  it('bad private keys and curves', () => {
    const n = hex.decode(secp256k1.Point.Fn.ORDER.toString(16).padStart(64, '0'));
    for (const privateKey of [new Uint8Array(32), n, new Uint8Array(31), new Uint8Array(33), 'key' as unknown as Uint8Array]) {
      expectWalletError(() => signRawPayload({ ...base, privateKey }), 'PRIVATE_KEY_INVALID');
    }
    expectWalletError(() => signRawPayload({ ...base, curve: 'CURVE_ED448' as 'CURVE_P256' }), 'CURVE_UNSUPPORTED');
  });

  it('decodePayload: hex in either case with an optional 0x; UTF-8 as bytes', () => {
    assert.deepEqual(decodePayload('0xABcd', 'PAYLOAD_ENCODING_HEXADECIMAL'), Uint8Array.of(0xab, 0xcd));
    assert.deepEqual(decodePayload('ABcd', 'PAYLOAD_ENCODING_HEXADECIMAL'), Uint8Array.of(0xab, 0xcd));
    assert.deepEqual(decodePayload('é', 'PAYLOAD_ENCODING_TEXT_UTF8'), Uint8Array.of(0xc3, 0xa9));
  });
});

describe('sign_raw_payload: its own curve instances (pooled randomness, wider tables) sign as noble does', () => {
  it('300 random keys and digests per curve: the same r, s and recovery id as noble secp256k1.sign / p256.sign', () => {
    for (const [curve, noble] of [['CURVE_SECP256K1', secp256k1], ['CURVE_P256', p256]] as const) {
      for (let i = 0; i < 300; i++) {
        const privateKey = noble.utils.randomSecretKey();
        const digest = crypto.getRandomValues(new Uint8Array(32));
        const sig = signRawPayload({ privateKey: privateKey.slice(), curve, payload: hex.encode(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' });
        const expected = noble.sign(digest, privateKey, { prehash: false, lowS: true, format: 'recovered' });
        assert.equal(sig.r, hex.encode(expected.subarray(1, 33)));
        assert.equal(sig.s, hex.encode(expected.subarray(33)));
        assert.equal(sig.v, curve === 'CURVE_SECP256K1' ? expected[0]!.toString(16).padStart(2, '0') : '00');
      }
    }
  });
});

describe('sign_raw_payload: secp256k1 through libsecp256k1 (the secp256k1 package\'s addon) signs as noble does', () => {
  it('the addon loads here (without it noble signs, about ten times slower)', () => {
    assert.ok(nativeSecp256k1, 'secp256k1/bindings did not load');
  });

  it('300 random keys and digests: the same recovery id, r and s from the addon, the noble fallback and noble itself', () => {
    for (let i = 0; i < 300; i++) {
      const privateKey = secp256k1.utils.randomSecretKey();
      const digest = crypto.getRandomValues(new Uint8Array(32));
      const expected = secp256k1.sign(digest, privateKey, { prehash: false, lowS: true, format: 'recovered' });
      assert.deepEqual(signSecp256k1Digest(digest, privateKey), expected);
      assert.deepEqual(signSecp256k1Digest(digest, privateKey, undefined), expected);
    }
  });

  it('digests at or above the group order (RFC 6979 seeds with the digest modulo the order, as noble does)', () => {
    const n = secp256k1.Point.Fn.ORDER;
    const bytes = (value: bigint) => hex.decode(value.toString(16).padStart(64, '0'));
    const privateKey = secp256k1.utils.randomSecretKey();
    for (const value of [n, n + 1n, 2n ** 256n - 1n, n - 1n, 0n, 1n, 0xffffffffn << 224n]) {
      const digest = bytes(value);
      const expected = secp256k1.sign(digest, privateKey, { prehash: false, lowS: true, format: 'recovered' });
      assert.deepEqual(signSecp256k1Digest(digest, privateKey), expected, `digest ${value.toString(16)}`);
      assert.ok(secp256k1.verify(expected.subarray(1), digest, secp256k1.getPublicKey(privateKey), { prehash: false }));
    }
  });
});
