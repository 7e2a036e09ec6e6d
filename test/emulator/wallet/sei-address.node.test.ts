// ADDRESS_FORMAT_SEI against libraries this project did not write: CosmJS's pubkeyToAddress
// (@cosmjs/amino, which hashes the key itself) and the bitcoinjs `bech32` decoder (no code shared
// with @scure/base, which the emulator encodes with). Published vectors: vectors.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pubkeyToAddress, rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino';
import { hex } from '@scure/base';
import { bech32 } from 'bech32';
import { addressFromPrivateKey, addressFromPublicKey, defaultPathForAddressFormat, deriveAccount, deriveKey, mnemonicToSeed } from '../../../demo/emulator/wallet/index.ts';
import { expectWalletError } from './expect-wallet-error.ts';
import { ABANDON, WALLET_CORE_KEY_46 } from './vectors.ts';

const seed = mnemonicToSeed(ABANDON);
const cosmjsSei = (publicKey: Uint8Array) => pubkeyToAddress({ type: 'tendermint/PubKeySecp256k1', value: Buffer.from(publicKey).toString('base64') }, 'sei');
const seiOf = (publicKey: Uint8Array) => addressFromPublicKey({ publicKey, curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_SEI' });

describe('ADDRESS_FORMAT_SEI', () => {
  it('equals CosmJS pubkeyToAddress(…, "sei") for twenty keys of the default path family', () => {
    for (let i = 0; i < 20; i++) {
      const { publicKey } = deriveKey(seed, 'CURVE_SECP256K1', defaultPathForAddressFormat('ADDRESS_FORMAT_SEI', { accountIndex: i }));
      assert.equal(seiOf(publicKey), cosmjsSei(publicKey), `account ${i}`);
    }
  });

  it('decodes with an independent bech32 decoder to prefix "sei" and RIPEMD160(SHA256(compressed key))', () => {
    const { publicKey } = deriveKey(seed, 'CURVE_SECP256K1', "m/44'/118'/0'/0/0");
    const decoded = bech32.decode(seiOf(publicKey));
    assert.equal(decoded.prefix, 'sei');
    assert.deepEqual(Uint8Array.from(bech32.fromWords(decoded.words)), rawSecp256k1PubkeyToRawAddress(publicKey));
    // The same hash as the Cosmos Hub address: only the prefix (and so the checksum) differs.
    const cosmos = bech32.decode(addressFromPublicKey({ publicKey, curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_COSMOS' }));
    assert.deepEqual(cosmos.words, decoded.words);
  });

  it('refuses tampered addresses in the independent decoder: one character, the prefix, the checksum', () => {
    const address = WALLET_CORE_KEY_46.sei;
    assert.doesNotThrow(() => bech32.decode(address));
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'q' ? 'p' : 'q') + text.slice(at + 1);
    assert.throws(() => bech32.decode(flip(address, 10)), /checksum/i);
    assert.throws(() => bech32.decode(flip(address, address.length - 1)), /checksum/i);
    // Another chain's prefix on the same data and checksum is not a valid address at all.
    assert.throws(() => bech32.decode(`cosmos${address.slice(3)}`), /checksum/i);
    // And a valid Cosmos address is not a Sei one: the prefix is part of what the decoder returns.
    const { words } = bech32.decode(address);
    assert.notEqual(bech32.decode(bech32.encode('cosmos', words)).prefix, 'sei');
  });

  it('gives the address trustwallet/wallet-core publishes for private key 0x46…46', () => {
    const address = addressFromPrivateKey({ privateKey: hex.decode(WALLET_CORE_KEY_46.privateKey), curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_SEI' });
    assert.equal(address, WALLET_CORE_KEY_46.sei);
  });

  it('is secp256k1 only, with the Cosmos default path', () => {
    assert.equal(defaultPathForAddressFormat('ADDRESS_FORMAT_SEI'), "m/44'/118'/0'/0/0");
    expectWalletError(() => deriveAccount({ seed, curve: 'CURVE_ED25519', path: "m/44'/118'/0'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SEI' }), 'CURVE_MISMATCH');
  });
});
