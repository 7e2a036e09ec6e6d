// ADDRESS_FORMAT_TON_V3R2 / _V4R2 / _V5R1 against the TON Core team's libraries (@ton/ton's
// WalletContractV3R2 / V4 / V5R1 and @ton/core's cells and addresses), the wallet codes'
// published hashes, and published vectors from bip_utils and trustwallet/wallet-core.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, contractAddress } from '@ton/core';
import { WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { base64url, hex } from '@scure/base';
import {
  addressFromPrivateKey, addressFromPublicKey, defaultPathForAddressFormat, deriveAccount, deriveKey, mnemonicToSeed,
  type AddressFormat,
} from '../../../demo/emulator/wallet/index.ts';
import { tonUserFriendlyAddress, tonV5R1WalletId, tonWalletAddress, tonWalletStateInit } from '../../../demo/emulator/wallet/ton-address.ts';
import { parseBoc } from '../../../demo/emulator/wallet/ton-boc.ts';
import { CellBuilder, cellHash } from '../../../demo/emulator/wallet/ton-cell.ts';
import { tonWalletCode, type TonWalletVersion } from '../../../demo/emulator/wallet/ton-wallet-code.ts';
import { expectWalletError } from './expect-wallet-error.ts';
import { ABANDON, BIP_UTILS_TON_VECTORS, TON_WALLET_CODE_HASHES, WALLET_CORE_KEY_46, WALLET_CORE_TON_MNEMONIC } from './vectors.ts';

const seed = mnemonicToSeed(ABANDON);
const VERSIONS: TonWalletVersion[] = ['V3R2', 'V4R2', 'V5R1'];
const FORMAT = { V3R2: 'ADDRESS_FORMAT_TON_V3R2', V4R2: 'ADDRESS_FORMAT_TON_V4R2', V5R1: 'ADDRESS_FORMAT_TON_V5R1' } as const satisfies Record<TonWalletVersion, AddressFormat>;

function theirWallet(version: TonWalletVersion, publicKey: Uint8Array) {
  const args = { workchain: 0, publicKey: Buffer.from(publicKey) };
  return version === 'V3R2' ? WalletContractV3R2.create(args) : version === 'V4R2' ? WalletContractV4.create(args) : WalletContractV5R1.create(args);
}

describe('TON wallet addresses', () => {
  it('the stored wallet codes hash to the published code hashes, as @ton/ton\'s own copies do', () => {
    for (const version of VERSIONS) {
      assert.equal(hex.encode(cellHash(tonWalletCode(version))), TON_WALLET_CODE_HASHES[version], version);
      const theirs = theirWallet(version, new Uint8Array(32)).init.code;
      assert.equal(theirs.hash().toString('hex'), TON_WALLET_CODE_HASHES[version], version);
    }
  });

  it('cell hashes agree with @ton/core for cells of every data length class and with references', () => {
    const sizes = [0, 1, 7, 8, 9, 63, 64, 255, 256, 321, 322, 1023];
    for (const size of sizes) {
      const bits = Array.from({ length: size }, (_, i) => (i * 7 + size) % 3 === 0);
      const leaf = new CellBuilder().uint(5n, 3).end();
      const ours = new CellBuilder();
      const theirs = beginCell();
      bits.forEach((bit) => {
        ours.bit(bit);
        theirs.storeBit(bit);
      });
      const withRefs = size % 2 === 1;
      if (withRefs) {
        ours.ref(leaf).ref(new CellBuilder().ref(leaf).end());
        const theirLeaf = beginCell().storeUint(5, 3).endCell();
        theirs.storeRef(theirLeaf).storeRef(beginCell().storeRef(theirLeaf).endCell());
      }
      assert.equal(hex.encode(cellHash(ours.end())), theirs.endCell().hash().toString('hex'), `${size} bits${withRefs ? ' with refs' : ''}`);
    }
  });

  it('the StateInit and its data cell match @ton/ton\'s for each version; the address is its hash', () => {
    const { publicKey } = deriveKey(seed, 'CURVE_ED25519', "m/44'/607'/0'/0'/0'");
    for (const version of VERSIONS) {
      const ours = tonWalletStateInit(version, publicKey);
      const theirs = theirWallet(version, publicKey);
      assert.equal(hex.encode(cellHash(ours.refs[1]!)), theirs.init.data.hash().toString('hex'), `${version} data`);
      assert.equal(hex.encode(cellHash(ours)), contractAddress(0, theirs.init).hash.toString('hex'), `${version} StateInit`);
    }
  });

  it('v5r1\'s wallet id: 2147483409 on mainnet workchain 0, and as @ton/ton computes it for other contexts', () => {
    assert.equal(tonV5R1WalletId(), 2147483409);
    for (const context of [{ networkGlobalId: -3, workchain: 0, subwalletNumber: 0 }, { networkGlobalId: -239, workchain: -1, subwalletNumber: 7 }, { networkGlobalId: -239, workchain: 0, subwalletNumber: 32767 }]) {
      const wallet = WalletContractV5R1.create({
        publicKey: Buffer.alloc(32, 9),
        walletId: { networkGlobalId: context.networkGlobalId, context: { workchain: context.workchain, walletVersion: 'v5r1', subwalletNumber: context.subwalletNumber } },
      });
      const slice = wallet.init.data.beginParse();
      slice.skip(33); // is_signature_allowed, seqno
      assert.equal(tonV5R1WalletId(context), slice.loadInt(32), JSON.stringify(context));
    }
  });

  it('equals WalletContract*.create({ workchain: 0, publicKey }).address in non-bounceable url-safe form, twenty keys per version', () => {
    for (const version of VERSIONS) {
      for (let i = 0; i < 20; i++) {
        const path = defaultPathForAddressFormat(FORMAT[version], { accountIndex: i });
        const account = deriveAccount({ seed, curve: 'CURVE_ED25519', path, addressFormat: FORMAT[version] });
        const theirs = theirWallet(version, hex.decode(account.publicKey)).address;
        assert.equal(account.address, theirs.toString({ bounceable: false, urlSafe: true, testOnly: false }), `${version} ${path}`);
      }
    }
  });

  it('the independent parser reads our addresses as workchain 0, non-bounceable, mainnet; bounceable and testnet forms match too', () => {
    const { publicKey } = deriveKey(seed, 'CURVE_ED25519', "m/44'/607'/0'/0'/0'");
    for (const version of VERSIONS) {
      const address = tonWalletAddress(version, publicKey);
      assert.match(address, /^UQ[A-Za-z0-9_-]{46}$/);
      const parsed = Address.parseFriendly(address);
      assert.equal(parsed.isBounceable, false);
      assert.equal(parsed.isTestOnly, false);
      assert.equal(parsed.address.workChain, 0);
      const hash = cellHash(tonWalletStateInit(version, publicKey));
      assert.deepEqual(Uint8Array.from(parsed.address.hash), hash);
      const theirs = theirWallet(version, publicKey).address;
      assert.equal(tonUserFriendlyAddress(0, hash, { bounceable: true }), theirs.toString({ bounceable: true }));
      assert.equal(tonUserFriendlyAddress(0, hash, { bounceable: false, testOnly: true }), theirs.toString({ bounceable: false, testOnly: true }));
      assert.equal(tonUserFriendlyAddress(-1, hash, { bounceable: true }), new Address(-1, Buffer.from(hash)).toString());
    }
  });

  it('the independent parser refuses tampered addresses: a changed character, a changed flag, a short one', () => {
    const { publicKey } = deriveKey(seed, 'CURVE_ED25519', "m/44'/607'/0'/0'/0'");
    const address = tonWalletAddress('V4R2', publicKey);
    assert.doesNotThrow(() => Address.parse(address));
    const swap = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    assert.throws(() => Address.parse(swap(address, 10)), /checksum/i);
    assert.throws(() => Address.parse(swap(address, 47)));
    // The bounceable flag byte with the non-bounceable checksum.
    const bytes = base64url.decode(address);
    bytes[0] = 0x11;
    assert.throws(() => Address.parse(base64url.encode(bytes)), /checksum/i);
    assert.throws(() => Address.parse(address.slice(0, 44)));
  });

  it('bip_utils\' published public keys give their published addresses', () => {
    for (const vector of BIP_UTILS_TON_VECTORS) {
      const address = addressFromPublicKey({ publicKey: hex.decode(vector.publicKey), curve: 'CURVE_ED25519', addressFormat: FORMAT[vector.version] });
      assert.equal(address, vector.address, vector.version);
    }
  });

  it('trustwallet/wallet-core\'s published v4r2 addresses: key 0x46…46 and a BIP39 mnemonic at m/44\'/607\'/0\'', () => {
    const fromKey = addressFromPrivateKey({ privateKey: hex.decode(WALLET_CORE_KEY_46.privateKey), curve: 'CURVE_ED25519', addressFormat: 'ADDRESS_FORMAT_TON_V4R2' });
    const fromMnemonic = deriveAccount({ mnemonic: WALLET_CORE_TON_MNEMONIC.mnemonic, curve: 'CURVE_ED25519', path: WALLET_CORE_TON_MNEMONIC.path, addressFormat: 'ADDRESS_FORMAT_TON_V4R2' });
    for (const [ours, published] of [[fromKey, WALLET_CORE_KEY_46.tonV4R2Bounceable], [fromMnemonic.address, WALLET_CORE_TON_MNEMONIC.v4r2Bounceable]] as const) {
      // Published in the bounceable form: the same account, another flag byte and checksum.
      assert.ok(Address.parse(ours).equals(Address.parse(published)));
      const hash = Address.parse(published).hash;
      assert.equal(tonUserFriendlyAddress(0, hash, { bounceable: true }), published);
      assert.equal(tonUserFriendlyAddress(0, hash, { bounceable: false }), ours);
    }
  });

  it('the BOC reader refuses what it does not model', () => {
    const v3 = Uint8Array.from(Buffer.from(theirWallet('V3R2', new Uint8Array(32)).init.code.toBoc({ idx: false, crc32: false })));
    assert.equal(hex.encode(cellHash(parseBoc(v3))), TON_WALLET_CODE_HASHES.V3R2);
    const badMagic = v3.slice();
    badMagic[0] ^= 1;
    assert.throws(() => parseBoc(badMagic), RangeError);
    assert.throws(() => parseBoc(v3.slice(0, v3.length - 10)), RangeError);
    const exotic = Uint8Array.from(beginCell().storeBit(true).endCell().toBoc({ idx: false, crc32: false }));
    exotic[exotic.length - 3] |= 0x08; // d1 of the only cell: set the exotic flag
    assert.throws(() => parseBoc(exotic), RangeError);
  });

  it('is Ed25519 only; the default path is the service SDK\'s m/44\'/607\'/0\'/0\'/0\'', () => {
    for (const version of VERSIONS) {
      assert.equal(defaultPathForAddressFormat(FORMAT[version]), "m/44'/607'/0'/0'/0'");
      assert.equal(defaultPathForAddressFormat(FORMAT[version], { accountIndex: 2 }), "m/44'/607'/2'/0'/0'");
      expectWalletError(() => deriveAccount({ seed, curve: 'CURVE_SECP256K1', path: "m/44'/607'/0'", addressFormat: FORMAT[version] }), 'CURVE_MISMATCH');
    }
  });
});
