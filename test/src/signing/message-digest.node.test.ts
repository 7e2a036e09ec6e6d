// The standard message digests against the chains' own libraries, which this project did not
// write: viem's hashMessage (EIP-191) and bitcoinjs-message's magicHash (BIP-137), for ASCII,
// Unicode, empty and long (multi-byte varint) messages; and a digest viem and ethers accept a
// real signature over (recoverMessageAddress / verifyMessage), tampered messages refused.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hashMessage, recoverMessageAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { verifyMessage as ethersVerifyMessage } from 'ethers';
import bitcoinMessage from 'bitcoinjs-message';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bitcoinMessageDigest, ethereumMessageDigest } from '../../../src/signing/message-digest.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { toBase58Check } from '../../../src/encoding/base58check.ts';
import { createHash } from 'node:crypto';

const MESSAGES = ['Hello', '', 'Sign in to example.com ✓ — ünïcödé', 'x'.repeat(300), 'line\nbreak'];

describe('standard message digests', () => {
  for (const message of MESSAGES) {
    it(`EIP-191 and BIP-137 of ${JSON.stringify(message.slice(0, 24))}${message.length > 24 ? '…' : ''} match viem and bitcoinjs-message`, async () => {
      assert.equal(`0x${toHex(await ethereumMessageDigest(message))}`, hashMessage(message));
      assert.equal(toHex(await bitcoinMessageDigest(message)), Buffer.from(bitcoinMessage.magicHash(message)).toString('hex'));
    });
  }

  it('a raw secp256k1 signature over the EIP-191 digest is a personal_sign signature viem and ethers verify', async () => {
    const privateKey = secp256k1.utils.randomSecretKey();
    const account = privateKeyToAccount(`0x${toHex(privateKey)}`);
    const message = 'Sign in to example.com ✓';
    const recovered = secp256k1.sign(await ethereumMessageDigest(message), privateKey, { prehash: false, format: 'recovered' });
    // noble's recovered format: recovery byte first, then r‖s; Ethereum wants r‖s‖v (v = 27 + recovery).
    const signature = `0x${toHex(recovered.slice(1))}${(27 + recovered[0]!).toString(16)}` as const;
    assert.equal(await recoverMessageAddress({ message, signature }), account.address);
    assert.equal(ethersVerifyMessage(message, signature), account.address);
    assert.notEqual(await recoverMessageAddress({ message: `${message}!`, signature }), account.address);
  });

  it('a raw signature over the BIP-137 digest verifies with bitcoinjs-message for a P2PKH address', async () => {
    const privateKey = secp256k1.utils.randomSecretKey();
    const message = 'Prove you own this address';
    const recovered = secp256k1.sign(await bitcoinMessageDigest(message), privateKey, { prehash: false, format: 'recovered' });
    // BIP-137 header for a compressed key's P2PKH address: 31 + recovery.
    const signature = Buffer.from([31 + recovered[0]!, ...recovered.slice(1)]);
    const expected = bitcoinMessage.sign(message, Buffer.from(privateKey), true);
    const address = addressOf(privateKey);
    assert.equal(bitcoinMessage.verify(message, address, signature), true);
    assert.equal(bitcoinMessage.verify(message, address, expected), true);
    assert.equal(bitcoinMessage.verify(`${message}.`, address, signature), false);
  });
});

/** P2PKH address of a compressed public key: Base58Check of 0x00 ‖ HASH160 (Node's hashes). */
function addressOf(privateKey: Uint8Array): string {
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const hash160 = createHash('ripemd160').update(createHash('sha256').update(publicKey).digest()).digest();
  return toBase58Check(Uint8Array.of(0, ...hash160));
}
