// ADDRESS_FORMAT_XLM against the Stellar Development Foundation's own library
// (@stellar/stellar-base: StrKey, Keypair.fromRawEd25519Seed), SEP-0005's published vectors and
// trustwallet/wallet-core's. Also CRC-16/XMODEM's standard check value.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hex } from '@scure/base';
import { Keypair, StrKey } from '@stellar/stellar-base';
import { addressFromPrivateKey, defaultPathForAddressFormat, deriveAccount, deriveKey, mnemonicToSeed } from '../../../demo/emulator/wallet/index.ts';
import { crc16Xmodem } from '../../../demo/emulator/wallet/crc16-xmodem.ts';
import { stellarAddress } from '../../../demo/emulator/wallet/stellar-address.ts';
import { expectWalletError } from './expect-wallet-error.ts';
import { ABANDON, SEP5_TEST1, WALLET_CORE_KEY_46 } from './vectors.ts';

const seed = mnemonicToSeed(ABANDON);

describe('ADDRESS_FORMAT_XLM', () => {
  it('CRC-16/XMODEM gives the catalogued check value 0x31c3 for "123456789"', () => {
    assert.equal(crc16Xmodem(new TextEncoder().encode('123456789')), 0x31c3);
    assert.equal(crc16Xmodem(new Uint8Array(0)), 0);
  });

  it('equals StrKey.encodeEd25519PublicKey and Keypair.fromRawEd25519Seed for twenty SEP-0005 accounts', () => {
    for (let i = 0; i < 20; i++) {
      const path = defaultPathForAddressFormat('ADDRESS_FORMAT_XLM', { accountIndex: i });
      const account = deriveAccount({ seed, curve: 'CURVE_ED25519', path, addressFormat: 'ADDRESS_FORMAT_XLM' });
      assert.equal(account.address, StrKey.encodeEd25519PublicKey(Buffer.from(account.publicKey, 'hex')), path);
      // The library derives the public key from the seed on its own, too.
      assert.equal(account.address, Keypair.fromRawEd25519Seed(Buffer.from(account.privateKey)).publicKey(), path);
    }
  });

  it('SEP-0005 "Test 1": every listed account and secret seed', () => {
    for (const { path, address, secret } of SEP5_TEST1.accounts) {
      const account = deriveAccount({ mnemonic: SEP5_TEST1.mnemonic, curve: 'CURVE_ED25519', path, addressFormat: 'ADDRESS_FORMAT_XLM' });
      assert.equal(account.address, address, path);
      assert.deepEqual(Uint8Array.from(StrKey.decodeEd25519SecretSeed(secret)), account.privateKey, path);
    }
  });

  it('gives the account id trustwallet/wallet-core publishes for the Ed25519 seed 0x46…46', () => {
    const address = addressFromPrivateKey({ privateKey: hex.decode(WALLET_CORE_KEY_46.privateKey), curve: 'CURVE_ED25519', addressFormat: 'ADDRESS_FORMAT_XLM' });
    assert.equal(address, WALLET_CORE_KEY_46.stellar);
  });

  it('the independent decoder takes our address back to the key, and refuses tampered ones', () => {
    const { publicKey } = deriveKey(seed, 'CURVE_ED25519', "m/44'/148'/0'");
    const address = stellarAddress(publicKey);
    assert.ok(StrKey.isValidEd25519PublicKey(address));
    assert.deepEqual(Uint8Array.from(StrKey.decodeEd25519PublicKey(address)), publicKey);
    const swap = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    // A changed key character, a changed checksum character: the CRC no longer matches.
    assert.equal(StrKey.isValidEd25519PublicKey(swap(address, 20)), false);
    assert.equal(StrKey.isValidEd25519PublicKey(swap(address, 55)), false);
    assert.throws(() => StrKey.decodeEd25519PublicKey(swap(address, 20)));
    // Another version byte (a secret seed "S…" of the same 32 bytes) is not an account id.
    const seedForm = StrKey.encodeEd25519SecretSeed(Buffer.from(publicKey));
    assert.equal(StrKey.isValidEd25519PublicKey(seedForm), false);
    assert.equal(StrKey.isValidEd25519PublicKey(address.slice(0, -1)), false);
  });

  it('is Ed25519 only, with SEP-0005\'s primary-key path as default', () => {
    assert.equal(defaultPathForAddressFormat('ADDRESS_FORMAT_XLM'), "m/44'/148'/0'");
    assert.equal(defaultPathForAddressFormat('ADDRESS_FORMAT_XLM', { accountIndex: 7 }), "m/44'/148'/7'");
    expectWalletError(() => deriveAccount({ seed, curve: 'CURVE_SECP256K1', path: "m/44'/148'/0'", addressFormat: 'ADDRESS_FORMAT_XLM' }), 'CURVE_MISMATCH');
    expectWalletError(() => deriveAccount({ seed, curve: 'CURVE_ED25519', path: "m/44'/148'/0'/0", addressFormat: 'ADDRESS_FORMAT_XLM' }), 'PATH_NOT_HARDENED');
  });
});
