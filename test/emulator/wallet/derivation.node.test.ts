import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HDKey } from '@scure/bip32';
import { hex } from '@scure/base';
import {
  HARDENED_OFFSET, childNumber, deriveKey, formatDerivationPath, mnemonicToSeed, parseDerivationPath,
} from '../../../demo/emulator/wallet/index.ts';
import { expectWalletError } from './expect-wallet-error.ts';
import { ABANDON, SLIP10_VECTORS } from './vectors.ts';

describe('wallet derivation paths', () => {
  it('parses hardened and normal levels, with any hardened marker', () => {
    assert.deepEqual(parseDerivationPath("m/44'/60'/0'/0/7"), [
      { index: 44, hardened: true }, { index: 60, hardened: true }, { index: 0, hardened: true },
      { index: 0, hardened: false }, { index: 7, hardened: false },
    ]);
    assert.deepEqual(parseDerivationPath('m/44h/1H/2'), parseDerivationPath("m/44'/1'/2"));
    assert.deepEqual(parseDerivationPath('m'), []);
    assert.deepEqual(parseDerivationPath("m/2147483647'"), [{ index: 2147483647, hardened: true }]);
    assert.equal(formatDerivationPath(parseDerivationPath('m/44h/0h/0/1')), "m/44'/0'/0/1");
    assert.equal(childNumber({ index: 5, hardened: true }), HARDENED_OFFSET + 5);
    assert.equal(childNumber({ index: 5, hardened: false }), 5);
  });

  it('accepts the full 255 levels and refuses one more', () => {
    assert.equal(parseDerivationPath(`m${'/0'.repeat(255)}`).length, 255);
    expectWalletError(() => parseDerivationPath(`m${'/0'.repeat(256)}`), 'PATH_INVALID');
  });

  it('refuses malformed paths', () => {
    const bad = [
      '', 'M/0', '/0', "44'/0", 'm/', 'm//0', 'm/0/', 'm/-1', 'm/+1', 'm/01', 'm/1.5', 'm/0x10', 'm/ 0',
      "m/0''", "m/0'h", 'm/a', 'm/2147483648', "m/2147483648'", 'm/99999999999999999999', "m\\0'",
    ];
    for (const path of bad) expectWalletError(() => parseDerivationPath(path), 'PATH_INVALID');
    expectWalletError(() => parseDerivationPath(7 as unknown as string), 'PATH_INVALID');
  });
});

describe('wallet key derivation', () => {
  for (const vector of SLIP10_VECTORS) {
    it(`SLIP-0010 ${vector.name}`, () => {
      const seed = hex.decode(vector.seed);
      for (const chain of vector.chains) {
        const key = deriveKey(seed, vector.curve, chain.path);
        assert.equal(hex.encode(key.privateKey), chain.privateKey, `${chain.path} private`);
        assert.equal(hex.encode(key.publicKey), chain.publicKey, `${chain.path} public`);
        assert.equal(hex.encode(key.chainCode), chain.chainCode, `${chain.path} chain code`);
      }
    });
  }

  it('a tampered seed or path changes the key', () => {
    const vector = SLIP10_VECTORS.find((v) => v.curve === 'CURVE_ED25519')!;
    const chain = vector.chains[2];
    const seed = hex.decode(vector.seed);
    seed[0] ^= 1;
    assert.notEqual(hex.encode(deriveKey(seed, vector.curve, chain.path).privateKey), chain.privateKey);
    assert.notEqual(hex.encode(deriveKey(hex.decode(vector.seed), vector.curve, "m/0'/2'").privateKey), chain.privateKey);
  });

  it('secp256k1 derivation agrees with @scure/bip32 on the test mnemonic', () => {
    const seed = mnemonicToSeed(ABANDON);
    for (const path of ["m/44'/60'/0'/0/0", "m/0/1/2'", "m/84'/0'/3'/1/9"]) {
      const reference = HDKey.fromMasterSeed(seed).derive(path);
      const key = deriveKey(seed, 'CURVE_SECP256K1', path);
      assert.deepEqual(key.privateKey, reference.privateKey);
      assert.deepEqual(key.publicKey, reference.publicKey);
    }
  });

  it('the three curves give three different keys for one seed and path', () => {
    const seed = mnemonicToSeed(ABANDON);
    const keys = (['CURVE_SECP256K1', 'CURVE_P256', 'CURVE_ED25519'] as const).map((curve) => hex.encode(deriveKey(seed, curve, "m/0'/1'").privateKey));
    assert.equal(new Set(keys).size, 3);
  });

  it('Ed25519 refuses any non-hardened level', () => {
    const seed = mnemonicToSeed(ABANDON);
    for (const path of ["m/44'/501'/0'/0", 'm/0', "m/0/1'"]) {
      expectWalletError(() => deriveKey(seed, 'CURVE_ED25519', path), 'PATH_NOT_HARDENED');
    }
  });

  it('P-256 derives non-hardened levels (SLIP-10 nist256p1)', () => {
    const seed = mnemonicToSeed(ABANDON);
    const a = deriveKey(seed, 'CURVE_P256', "m/0'/0");
    const b = deriveKey(seed, 'CURVE_P256', "m/0'/1");
    assert.notDeepEqual(a.privateKey, b.privateKey);
    assert.equal(a.publicKey.length, 33);
  });

  it('refuses bad seeds, curves and paths', () => {
    const seed = mnemonicToSeed(ABANDON);
    for (const bad of [new Uint8Array(15), new Uint8Array(65), 'seed' as unknown as Uint8Array, null as unknown as Uint8Array]) {
      expectWalletError(() => deriveKey(bad, 'CURVE_SECP256K1', 'm/0'), 'SEED_INVALID');
    }
    for (const curve of ['CURVE_SECP256R1', 'secp256k1', '', undefined]) {
      expectWalletError(() => deriveKey(seed, curve as 'CURVE_P256', 'm/0'), 'CURVE_UNSUPPORTED');
    }
    expectWalletError(() => deriveKey(seed, 'CURVE_SECP256K1', 'm/x'), 'PATH_INVALID');
  });
});
