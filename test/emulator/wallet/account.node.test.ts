import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hex } from '@scure/base';
import {
  addressFromPrivateKey, assertAccountSpec, deriveAccount, deriveAccounts, mnemonicToSeed, privateKeyToAccount,
  type AccountSpec, type AddressFormat,
} from '../../../demo/emulator/wallet/index.ts';
import { expectWalletError } from './expect-wallet-error.ts';
import { ABANDON } from './vectors.ts';

const ETH: AccountSpec = { curve: 'CURVE_SECP256K1', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };
const SOL: AccountSpec = { curve: 'CURVE_ED25519', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' };
const BTC: AccountSpec = { curve: 'CURVE_SECP256K1', path: "m/84'/0'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH', pathFormat: 'PATH_FORMAT_BIP32' };

describe('deriveAccount / deriveAccounts', () => {
  it('returns the account record the service lists, from a mnemonic or a seed', () => {
    const fromMnemonic = deriveAccount({ mnemonic: ABANDON, ...ETH });
    const fromSeed = deriveAccount({ seed: mnemonicToSeed(ABANDON), ...ETH });
    assert.deepEqual(fromSeed, fromMnemonic);
    assert.equal(fromMnemonic.address, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    assert.equal(fromMnemonic.curve, 'CURVE_SECP256K1');
    assert.equal(fromMnemonic.pathFormat, 'PATH_FORMAT_BIP32');
    assert.equal(fromMnemonic.path, ETH.path);
    assert.equal(fromMnemonic.addressFormat, 'ADDRESS_FORMAT_ETHEREUM');
    assert.match(fromMnemonic.publicKey, /^0[23][0-9a-f]{64}$/, 'compressed secp256k1 key in hex');
    assert.ok(fromMnemonic.privateKey instanceof Uint8Array && fromMnemonic.privateKey.length === 32);
    const sol = deriveAccount({ mnemonic: ABANDON, ...SOL });
    assert.match(sol.publicKey, /^[0-9a-f]{64}$/, '32-byte Ed25519 key in hex');
  });

  it('derives several accounts of one wallet in order', () => {
    const accounts = deriveAccounts({ mnemonic: ABANDON, accounts: [ETH, SOL, BTC] });
    assert.deepEqual(accounts.map((a) => a.address), [
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    ]);
    assert.deepEqual(deriveAccounts({ seed: mnemonicToSeed(ABANDON), accounts: [] }), []);
  });

  it('checks every spec before deriving anything, and cheap checks before the seed', () => {
    expectWalletError(() => deriveAccounts({ mnemonic: ABANDON, accounts: [ETH, { ...SOL, path: "m/44'/501'/0'/0" }] }), 'PATH_NOT_HARDENED');
    // A bad spec is reported even when the mnemonic is bad too: no key work is wasted on it.
    expectWalletError(() => deriveAccount({ mnemonic: 'not a mnemonic', ...ETH, addressFormat: 'ADDRESS_FORMAT_TON_V4R2' }), 'CURVE_MISMATCH');
    expectWalletError(() => deriveAccount({ mnemonic: 'not a mnemonic', ...ETH, addressFormat: 'ADDRESS_FORMAT_TON_V6' as AddressFormat }), 'ADDRESS_FORMAT_UNKNOWN');
    expectWalletError(() => deriveAccounts({ mnemonic: ABANDON, accounts: 'x' as unknown as AccountSpec[] }), 'PATH_INVALID');
  });

  it('refuses each bad part with its code', () => {
    const seed = mnemonicToSeed(ABANDON);
    expectWalletError(() => deriveAccount({ mnemonic: `${ABANDON} about`, ...ETH }), 'MNEMONIC_INVALID');
    expectWalletError(() => deriveAccount({ ...ETH } as unknown as Parameters<typeof deriveAccount>[0]), 'SEED_INVALID');
    expectWalletError(() => deriveAccount({ mnemonic: ABANDON, seed, ...ETH } as unknown as Parameters<typeof deriveAccount>[0]), 'SEED_INVALID');
    expectWalletError(() => deriveAccount({ seed: seed.subarray(0, 8), ...ETH }), 'SEED_INVALID');
    expectWalletError(() => deriveAccount({ seed, ...ETH, curve: 'CURVE_ED25519' }), 'CURVE_MISMATCH');
    expectWalletError(() => deriveAccount({ seed, ...ETH, curve: 'CURVE_BLS' as 'CURVE_P256' }), 'CURVE_UNSUPPORTED');
    expectWalletError(() => deriveAccount({ seed, ...ETH, pathFormat: 'PATH_FORMAT_SLIP10' }), 'PATH_FORMAT_UNSUPPORTED');
    expectWalletError(() => deriveAccount({ seed, ...ETH, path: "m/44'/60'/0'/0/" }), 'PATH_INVALID');
    expectWalletError(() => deriveAccount({ seed, ...ETH, addressFormat: 'ADDRESS_FORMAT_EVM' as AddressFormat }), 'ADDRESS_FORMAT_UNKNOWN');
    expectWalletError(() => assertAccountSpec(null as unknown as AccountSpec), 'PATH_INVALID');
  });
});

describe('privateKeyToAccount (import_private_key)', () => {
  const one = hex.decode('00'.repeat(31) + '01');

  it('gives the public key and every asked address, in order', () => {
    const account = privateKeyToAccount({
      privateKey: one, curve: 'CURVE_SECP256K1',
      addressFormats: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH', 'ADDRESS_FORMAT_COMPRESSED', 'ADDRESS_FORMAT_UNCOMPRESSED'],
    });
    // Private key 1: the generator point G; its addresses are widely published.
    const G = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
    assert.equal(account.publicKey, G);
    assert.deepEqual(account.addresses, [
      { format: 'ADDRESS_FORMAT_ETHEREUM', address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf' },
      { format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH', address: '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH' },
      { format: 'ADDRESS_FORMAT_COMPRESSED', address: G },
      { format: 'ADDRESS_FORMAT_UNCOMPRESSED', address: '0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8' },
    ]);
    assert.deepEqual(privateKeyToAccount({ privateKey: one, curve: 'CURVE_SECP256K1', addressFormats: [] }).addresses, []);
  });

  it('round-trips a derived key: import gives the same address as the wallet account', () => {
    const more: AccountSpec[] = [
      { curve: 'CURVE_SECP256K1', path: "m/44'/118'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_SEI' },
      { curve: 'CURVE_ED25519', path: "m/44'/148'/0'", addressFormat: 'ADDRESS_FORMAT_XLM' },
      { curve: 'CURVE_ED25519', path: "m/44'/607'/0'/0'/0'", addressFormat: 'ADDRESS_FORMAT_TON_V3R2' },
      { curve: 'CURVE_ED25519', path: "m/44'/607'/0'/0'/0'", addressFormat: 'ADDRESS_FORMAT_TON_V4R2' },
      { curve: 'CURVE_ED25519', path: "m/44'/607'/0'/0'/0'", addressFormat: 'ADDRESS_FORMAT_TON_V5R1' },
    ];
    for (const spec of [ETH, SOL, BTC, ...more]) {
      const derived = deriveAccount({ mnemonic: ABANDON, ...spec });
      assert.equal(addressFromPrivateKey({ privateKey: derived.privateKey, curve: spec.curve, addressFormat: spec.addressFormat }), derived.address);
      assert.equal(privateKeyToAccount({ privateKey: derived.privateKey, curve: spec.curve, addressFormats: [] }).publicKey, derived.publicKey);
    }
  });

  it('the Ed25519 key of RFC 8032 TEST 1 gives its public key and Solana address', () => {
    const account = privateKeyToAccount({
      privateKey: hex.decode('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'), curve: 'CURVE_ED25519',
      addressFormats: ['ADDRESS_FORMAT_SOLANA', 'ADDRESS_FORMAT_COMPRESSED'],
    });
    assert.equal(account.publicKey, 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
    // Base58 of RFC 8032 TEST 1's public key, as independent Solana suites publish it.
    assert.equal(account.addresses[0].address, 'FVen3X669xLzsi6N2V91DoiyzHzg1uAgqiT8jZ9nS96Z');
    assert.equal(account.addresses[1].address, account.publicKey);
  });

  it('checks all formats before computing any address, and refuses bad keys', () => {
    expectWalletError(() => privateKeyToAccount({ privateKey: one, curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_SOLANA'] }), 'CURVE_MISMATCH');
    expectWalletError(() => privateKeyToAccount({ privateKey: one, curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_SEI', 'ADDRESS_FORMAT_XLM'] }), 'CURVE_MISMATCH');
    expectWalletError(() => privateKeyToAccount({ privateKey: one, curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_XLM2' as AddressFormat] }), 'ADDRESS_FORMAT_UNKNOWN');
    expectWalletError(() => privateKeyToAccount({ privateKey: one, curve: 'CURVE_SECP256K1', addressFormats: 'ADDRESS_FORMAT_ETHEREUM' as unknown as AddressFormat[] }), 'ADDRESS_FORMAT_UNKNOWN');
    expectWalletError(() => privateKeyToAccount({ privateKey: new Uint8Array(32), curve: 'CURVE_SECP256K1', addressFormats: [] }), 'PRIVATE_KEY_INVALID');
    expectWalletError(() => privateKeyToAccount({ privateKey: new Uint8Array(32).fill(0xff), curve: 'CURVE_P256', addressFormats: [] }), 'PRIVATE_KEY_INVALID');
    expectWalletError(() => privateKeyToAccount({ privateKey: new Uint8Array(16), curve: 'CURVE_ED25519', addressFormats: [] }), 'PRIVATE_KEY_INVALID');
    expectWalletError(() => privateKeyToAccount({ privateKey: one, curve: 'CURVE_RSA' as 'CURVE_P256', addressFormats: [] }), 'CURVE_UNSUPPORTED');
  });
});
