import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check, hex } from '@scure/base';
import {
  ADDRESS_FORMATS, SUPPORTED_ADDRESS_FORMATS, addressFromPublicKey, assertAddressFormatSupported,
  assertCurveForAddressFormat, curvesForAddressFormat, defaultPathForAddressFormat, deriveAccount, deriveKey,
  isAddressFormatSupported, mnemonicToSeed, normalizePublicKey, publicKeyFromPrivateKey, uncompressedPublicKey,
  type AddressFormat, type Curve,
} from '../../../demo/emulator/wallet/index.ts';
import { expectWalletError } from './expect-wallet-error.ts';
import { ABANDON, ABANDON_ADDRESSES } from './vectors.ts';

const seed = mnemonicToSeed(ABANDON);
const base58check = createBase58check(sha256);
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));
const CURVES: Curve[] = ['CURVE_SECP256K1', 'CURVE_ED25519', 'CURVE_P256'];

function addressAt(format: AddressFormat, path: string, curve: Curve = 'CURVE_SECP256K1'): string {
  return deriveAccount({ seed, curve, path, addressFormat: format }).address;
}

describe('wallet addresses: published vectors of the standard BIP39 test mnemonic', () => {
  for (const vector of ABANDON_ADDRESSES) {
    it(`${vector.format} ${vector.path} (${vector.source})`, () => {
      const account = deriveAccount({ mnemonic: ABANDON, curve: vector.curve, path: vector.path, addressFormat: vector.format as AddressFormat });
      assert.equal(account.address, vector.address);
      if (vector.publicKey) assert.equal(account.publicKey, vector.publicKey);
      if (vector.wif) {
        // WIF = base58check(0x80 || key || 0x01 for a compressed public key).
        const wif = base58check.decode(vector.wif);
        assert.equal(wif[0], 0x80);
        assert.equal(wif[33], 0x01);
        assert.deepEqual(account.privateKey, wif.subarray(1, 33));
      }
      // One path level off gives another address: the vector pins the path too.
      const tamperedPath = vector.path.replace(/\/(\d+)('?)$/, (_, i: string, h: string) => `/${Number(i) + 1}${h}`);
      assert.notEqual(addressAt(vector.format as AddressFormat, tamperedPath, vector.curve), vector.address);
    });
  }
});

describe('wallet addresses: encodings', () => {
  const key = deriveKey(seed, 'CURVE_SECP256K1', "m/84'/0'/0'/0/0");
  const pub = key.publicKey;

  it('Ethereum: private keys 1 and 2 give their well-known EIP-55 addresses', () => {
    for (const [scalar, address] of [[1n, '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf'], [2n, '0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF']] as const) {
      const privateKey = hex.decode(scalar.toString(16).padStart(64, '0'));
      const publicKey = publicKeyFromPrivateKey('CURVE_SECP256K1', privateKey);
      assert.equal(addressFromPublicKey({ publicKey, curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }), address);
    }
  });

  it('P2WPKH, P2PKH, P2SH and Cosmos all commit to HASH160 of the compressed key', () => {
    const h = hash160(pub);
    const at = (addressFormat: AddressFormat) => addressFromPublicKey({ publicKey: pub, curve: 'CURVE_SECP256K1', addressFormat });
    const segwit = bech32.decode(at('ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH') as `${string}1${string}`);
    assert.equal(segwit.prefix, 'bc');
    assert.equal(segwit.words[0], 0);
    assert.deepEqual(bech32.fromWords(segwit.words.slice(1)), h);
    assert.deepEqual(base58check.decode(at('ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH')), Uint8Array.of(0x00, ...h));
    assert.deepEqual(base58check.decode(at('ADDRESS_FORMAT_BITCOIN_MAINNET_P2SH')), Uint8Array.of(0x05, ...hash160(Uint8Array.of(0x00, 0x14, ...h))));
    assert.deepEqual(base58check.decode(at('ADDRESS_FORMAT_DOGE_MAINNET')), Uint8Array.of(0x1e, ...h));
    assert.deepEqual(base58check.decode(at('ADDRESS_FORMAT_DOGE_TESTNET')), Uint8Array.of(0x71, ...h));
    const cosmos = bech32.decodeToBytes(at('ADDRESS_FORMAT_COSMOS'));
    assert.equal(cosmos.prefix, 'cosmos');
    assert.deepEqual(cosmos.bytes, h);
  });

  it('P2WSH (our 1-of-1 multisig witness script; no published vector exists): SHA-256 of OP_1 <key> OP_1 OP_CHECKMULTISIG', () => {
    const script = Uint8Array.of(0x51, 0x21, ...pub, 0x51, 0xae);
    for (const [network, hrp] of [['MAINNET', 'bc'], ['TESTNET', 'tb'], ['SIGNET', 'tb'], ['REGTEST', 'bcrt']] as const) {
      const address = addressFromPublicKey({ publicKey: pub, curve: 'CURVE_SECP256K1', addressFormat: `ADDRESS_FORMAT_BITCOIN_${network}_P2WSH` });
      const decoded = bech32.decode(address as `${string}1${string}`);
      assert.equal(decoded.prefix, hrp);
      assert.equal(decoded.words[0], 0);
      assert.deepEqual(bech32.fromWords(decoded.words.slice(1)), sha256(script));
    }
  });

  it('P2TR carries the BIP86 output key published for m/86\'/0\'/0\'/0/0', () => {
    const address = addressAt('ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR', "m/86'/0'/0'/0/0");
    const decoded = bech32m.decode(address as `${string}1${string}`);
    assert.equal(decoded.words[0], 1);
    assert.equal(hex.encode(bech32m.fromWords(decoded.words.slice(1))), 'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c');
    // bech32 (v0 checksum) would be the wrong encoding for witness v1.
    assert.throws(() => bech32.decode(address as `${string}1${string}`));
  });

  it('Tron shares Ethereum\'s key hash, behind version byte 0x41', () => {
    const tron = addressFromPublicKey({ publicKey: pub, curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_TRON' });
    const eth = addressFromPublicKey({ publicKey: pub, curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_ETHEREUM' });
    assert.deepEqual(base58check.decode(tron), Uint8Array.of(0x41, ...hex.decode(eth.slice(2).toLowerCase())));
  });

  it('signet and regtest reuse testnet\'s base58 versions; regtest segwit uses "bcrt"', () => {
    for (const kind of ['P2PKH', 'P2SH', 'P2WPKH', 'P2WSH', 'P2TR'] as const) {
      const at = (network: string) => addressFromPublicKey({ publicKey: pub, curve: 'CURVE_SECP256K1', addressFormat: `ADDRESS_FORMAT_BITCOIN_${network}_${kind}` as AddressFormat });
      assert.equal(at('SIGNET'), at('TESTNET'));
      if (kind === 'P2PKH' || kind === 'P2SH') assert.equal(at('REGTEST'), at('TESTNET'));
      else assert.ok(at('REGTEST').startsWith('bcrt1') && at('TESTNET').startsWith('tb1'));
      assert.notEqual(at('MAINNET'), at('TESTNET'));
    }
  });

  it('raw public key formats', () => {
    const secpUncompressed = uncompressedPublicKey('CURVE_SECP256K1', pub);
    assert.equal(secpUncompressed.length, 65);
    assert.deepEqual(secp256k1.Point.fromBytes(secpUncompressed).toBytes(true), pub);
    assert.equal(addressFromPublicKey({ publicKey: pub, curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_COMPRESSED' }), hex.encode(pub));
    assert.equal(addressFromPublicKey({ publicKey: pub, curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_UNCOMPRESSED' }), hex.encode(secpUncompressed));
    // An uncompressed input is accepted and gives the same addresses.
    assert.equal(
      addressFromPublicKey({ publicKey: secpUncompressed, curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH' }),
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );

    const p256 = deriveKey(seed, 'CURVE_P256', "m/0'/0");
    const p256Hex = addressFromPublicKey({ publicKey: p256.publicKey, curve: 'CURVE_P256', addressFormat: 'ADDRESS_FORMAT_UNCOMPRESSED' });
    assert.match(p256Hex, /^04[0-9a-f]{128}$/);
    assert.match(addressFromPublicKey({ publicKey: p256.publicKey, curve: 'CURVE_P256', addressFormat: 'ADDRESS_FORMAT_COMPRESSED' }), /^0[23][0-9a-f]{64}$/);

    const ed = deriveKey(seed, 'CURVE_ED25519', "m/0'/0'");
    assert.equal(addressFromPublicKey({ publicKey: ed.publicKey, curve: 'CURVE_ED25519', addressFormat: 'ADDRESS_FORMAT_COMPRESSED' }), hex.encode(ed.publicKey));
  });
});

describe('wallet addresses: formats, curves, default paths', () => {
  it('supports every format of the seed\'s list; anything else is UNKNOWN', () => {
    assert.deepEqual(SUPPORTED_ADDRESS_FORMATS, ADDRESS_FORMATS);
    assert.equal(SUPPORTED_ADDRESS_FORMATS.filter((f) => f.startsWith('ADDRESS_FORMAT_BITCOIN_')).length, 20);
    for (const format of ['ADDRESS_FORMAT_SEI', 'ADDRESS_FORMAT_XLM', 'ADDRESS_FORMAT_TON_V3R2', 'ADDRESS_FORMAT_TON_V4R2', 'ADDRESS_FORMAT_TON_V5R1']) {
      assert.equal(isAddressFormatSupported(format), true);
      assert.equal(assertAddressFormatSupported(format), format);
    }
    for (const format of ['ADDRESS_FORMAT_BITCOIN_MAINNET_P2SH_P2WSH', 'ADDRESS_FORMAT_ethereum', 'ETHEREUM', 'ADDRESS_FORMAT_TON_V5R2', 'ADDRESS_FORMAT_SPARK_MAINNET', '', null, 3]) {
      assert.equal(isAddressFormatSupported(format), false);
      expectWalletError(() => assertAddressFormatSupported(format), 'ADDRESS_FORMAT_UNKNOWN');
      expectWalletError(() => deriveAccount({ seed, curve: 'CURVE_ED25519', path: "m/0'", addressFormat: format as AddressFormat }), 'ADDRESS_FORMAT_UNKNOWN');
    }
  });

  it('every supported format derives on each curve it lists and refuses the others with CURVE_MISMATCH', () => {
    for (const format of SUPPORTED_ADDRESS_FORMATS) {
      const curves = curvesForAddressFormat(format);
      for (const curve of CURVES) {
        const path = defaultPathForAddressFormat(format, curves.includes(curve) ? { curve } : {});
        if (curves.includes(curve)) {
          assert.ok(deriveAccount({ seed, curve, path, addressFormat: format }).address.length > 20, `${format} ${curve}`);
        } else {
          expectWalletError(() => assertCurveForAddressFormat(curve, format), 'CURVE_MISMATCH');
          expectWalletError(() => deriveAccount({ seed, curve, path: "m/0'", addressFormat: format }), 'CURVE_MISMATCH');
        }
      }
    }
    assert.deepEqual(curvesForAddressFormat('ADDRESS_FORMAT_SOLANA'), ['CURVE_ED25519']);
    assert.deepEqual(curvesForAddressFormat('ADDRESS_FORMAT_ETHEREUM'), ['CURVE_SECP256K1']);
    assert.deepEqual([...curvesForAddressFormat('ADDRESS_FORMAT_UNCOMPRESSED')].sort(), ['CURVE_P256', 'CURVE_SECP256K1']);
  });

  it('default paths follow the service\'s documented table (Ed25519 fully hardened)', () => {
    const expected: Record<string, string> = {
      ADDRESS_FORMAT_ETHEREUM: "m/44'/60'/0'/0/0",
      ADDRESS_FORMAT_SOLANA: "m/44'/501'/0'/0'",
      ADDRESS_FORMAT_COSMOS: "m/44'/118'/0'/0/0",
      ADDRESS_FORMAT_TRON: "m/44'/195'/0'/0/0",
      ADDRESS_FORMAT_SUI: "m/44'/784'/0'/0'/0'",
      ADDRESS_FORMAT_APTOS: "m/44'/637'/0'/0'/0'",
      ADDRESS_FORMAT_XRP: "m/44'/144'/0'/0/0",
      ADDRESS_FORMAT_DOGE_MAINNET: "m/44'/3'/0'/0/0",
      ADDRESS_FORMAT_DOGE_TESTNET: "m/44'/1'/0'/0/0",
      ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH: "m/44'/0'/0'/0/0",
      ADDRESS_FORMAT_BITCOIN_MAINNET_P2SH: "m/49'/0'/0'/0/0",
      ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH: "m/84'/0'/0'/0/0",
      ADDRESS_FORMAT_BITCOIN_MAINNET_P2WSH: "m/48'/0'/0'/2'/0/0",
      ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR: "m/86'/0'/0'/0/0",
      ADDRESS_FORMAT_BITCOIN_TESTNET_P2WPKH: "m/84'/1'/0'/0/0",
      ADDRESS_FORMAT_BITCOIN_REGTEST_P2TR: "m/86'/1'/0'/0/0",
      ADDRESS_FORMAT_BITCOIN_SIGNET_P2SH: "m/49'/1'/0'/0/0",
      ADDRESS_FORMAT_COMPRESSED: "m/0'/0",
      ADDRESS_FORMAT_SEI: "m/44'/118'/0'/0/0",
      ADDRESS_FORMAT_XLM: "m/44'/148'/0'",
      ADDRESS_FORMAT_TON_V3R2: "m/44'/607'/0'/0'/0'",
      ADDRESS_FORMAT_TON_V4R2: "m/44'/607'/0'/0'/0'",
      ADDRESS_FORMAT_TON_V5R1: "m/44'/607'/0'/0'/0'",
    };
    for (const [format, path] of Object.entries(expected)) assert.equal(defaultPathForAddressFormat(format as AddressFormat), path, format);
    assert.equal(defaultPathForAddressFormat('ADDRESS_FORMAT_COMPRESSED', { curve: 'CURVE_ED25519' }), "m/0'/0'");
    assert.equal(defaultPathForAddressFormat('ADDRESS_FORMAT_ETHEREUM', { accountIndex: 3 }), "m/44'/60'/3'/0/0");
    assert.equal(defaultPathForAddressFormat('ADDRESS_FORMAT_SOLANA', { accountIndex: 2 }), "m/44'/501'/2'/0'");
    assert.equal(defaultPathForAddressFormat('ADDRESS_FORMAT_BITCOIN_MAINNET_P2WSH', { accountIndex: 1 }), "m/48'/0'/1'/2'/0/0");
    assert.equal(defaultPathForAddressFormat('ADDRESS_FORMAT_UNCOMPRESSED', { accountIndex: 5 }), "m/0'/5");
    // The default path is the published one for the standard vectors.
    assert.equal(addressAt('ADDRESS_FORMAT_ETHEREUM', defaultPathForAddressFormat('ADDRESS_FORMAT_ETHEREUM')), '0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    for (const bad of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expectWalletError(() => defaultPathForAddressFormat('ADDRESS_FORMAT_ETHEREUM', { accountIndex: bad }), 'PATH_INVALID');
    }
    expectWalletError(() => defaultPathForAddressFormat('ADDRESS_FORMAT_ETHEREUM', { curve: 'CURVE_ED25519' }), 'CURVE_MISMATCH');
    expectWalletError(() => defaultPathForAddressFormat('ADDRESS_FORMAT_XLM', { curve: 'CURVE_SECP256K1' }), 'CURVE_MISMATCH');
    expectWalletError(() => defaultPathForAddressFormat('ADDRESS_FORMAT_STELLAR' as AddressFormat), 'ADDRESS_FORMAT_UNKNOWN');
  });

  it('refuses public keys that are not points of the curve', () => {
    const pub = deriveKey(seed, 'CURVE_SECP256K1', 'm/0').publicKey;
    const offCurve = pub.slice();
    offCurve[0] = 0x05;
    const badEd = new Uint8Array(32).fill(0xff);
    badEd[31] = 0x7f; // y = 2^255 - 1 is above the field prime: not an encoding of any point
    const cases: [Curve, Uint8Array][] = [
      ['CURVE_SECP256K1', offCurve], ['CURVE_SECP256K1', pub.subarray(0, 32)], ['CURVE_SECP256K1', new Uint8Array(33)],
      ['CURVE_P256', new Uint8Array(65)], ['CURVE_ED25519', new Uint8Array(33)], ['CURVE_ED25519', badEd],
      ['CURVE_SECP256K1', 'not bytes' as unknown as Uint8Array],
    ];
    for (const [curve, publicKey] of cases) {
      expectWalletError(() => normalizePublicKey(curve, publicKey), 'PUBLIC_KEY_INVALID');
      expectWalletError(() => addressFromPublicKey({ publicKey, curve, addressFormat: 'ADDRESS_FORMAT_COMPRESSED' }), 'PUBLIC_KEY_INVALID');
    }
    expectWalletError(() => uncompressedPublicKey('CURVE_ED25519', new Uint8Array(32)), 'CURVE_MISMATCH');
    expectWalletError(() => addressFromPublicKey({ publicKey: pub, curve: 'CURVE_X' as Curve, addressFormat: 'ADDRESS_FORMAT_COMPRESSED' }), 'CURVE_UNSUPPORTED');
  });
});
