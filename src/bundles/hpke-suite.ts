/**
 * The one HPKE suite every bundle uses (PROTOCOL.md §6): RFC 9180 base mode,
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM, info "turnkey_hpke",
 * AAD = enc (65-byte uncompressed) || receiver public key (65-byte uncompressed).
 * Both directions live here so the kit (receiver) and the emulator (sender) share one
 * implementation. This module pulls in @hpke/core: keep it out of the logged-in bundle.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { LatchError } from '../errors/latch-error.ts';
import { toHex } from '../encoding/hex.ts';
import { concatBytes, utf8Encode } from '../encoding/utf8.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { decompressPublicKey } from '../crypto/p256.ts';

const INFO = utf8Encode('turnkey_hpke');

let suite: CipherSuite | undefined;
// Built on first use so importing the module does no work (and touches no crypto).
function getSuite(): CipherSuite {
  suite ??= new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
  return suite;
}

export interface HpkeSealed {
  /** Encapsulated ephemeral public key, 65-byte uncompressed. */
  enc: Uint8Array;
  ciphertext: Uint8Array;
}

/** An ECDH P-256 pair whose private key is non-extractable: what bundles are encrypted to. */
export interface TargetKeyPair {
  keyPair: CryptoKeyPair;
  /** Uncompressed (65-byte) public key in lowercase hex: what `targetPublicKey` carries. */
  publicKeyHex: string;
}

/**
 * A fresh receiver pair. ECDH, not ECDSA: WebCrypto will not let a signing key derive
 * bits, so flows keep this pair apart from the API key they end up with.
 */
export async function generateTargetKeyPair(): Promise<TargetKeyPair> {
  const keyPair = (await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await subtle().exportKey('raw', keyPair.publicKey));
  return { keyPair, publicKeyHex: toHex(publicKey) };
}

/** Seals `plaintext` to a receiver given as 33- or 65-byte public key bytes. */
export async function hpkeSeal(plaintext: Uint8Array, receiverPublicKey: Uint8Array): Promise<HpkeSealed> {
  let receiver: Uint8Array;
  try {
    receiver = decompressPublicKey(receiverPublicKey);
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The target public key is not a P-256 public key.', { cause: error });
  }
  try {
    const s = getSuite();
    const recipientPublicKey = await s.kem.deserializePublicKey(receiver.slice().buffer);
    const sender = await s.createSenderContext({ recipientPublicKey, info: INFO });
    const enc = new Uint8Array(sender.enc);
    const ciphertext = new Uint8Array(await sender.seal(plaintext.slice(), concatBytes(enc, receiver)));
    return { enc, ciphertext };
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'Could not encrypt to the target public key.', { cause: error });
  }
}

/**
 * Opens a sealed message with the receiver's pair. The whole pair goes to @hpke/core
 * because with a non-extractable private key it otherwise guesses the public key
 * (TOOLCHAIN.md pitfall 1). Every cryptographic failure (bad enc point, wrong key, wrong
 * AAD, altered ciphertext) is ERR_BUNDLE_DECRYPT: from here they are indistinguishable.
 */
export async function hpkeOpen(sealed: HpkeSealed, receiver: CryptoKeyPair): Promise<Uint8Array> {
  if (
    !receiver?.privateKey ||
    !receiver.publicKey ||
    receiver.privateKey.algorithm.name !== 'ECDH' ||
    (receiver.publicKey.algorithm as EcKeyAlgorithm).namedCurve !== 'P-256'
  ) {
    throw new LatchError('ERR_KEY_FORMAT', 'Bundles are decrypted with an ECDH P-256 key pair (see generateTargetKeyPair).');
  }
  const receiverPublic = new Uint8Array(await subtle().exportKey('raw', receiver.publicKey));
  try {
    const recipient = await getSuite().createRecipientContext({ recipientKey: receiver, enc: sealed.enc.slice(), info: INFO });
    return new Uint8Array(await recipient.open(sealed.ciphertext.slice(), concatBytes(sealed.enc, receiverPublic)));
  } catch (error) {
    throw new LatchError('ERR_BUNDLE_DECRYPT', 'The bundle could not be decrypted with this key.', { cause: error });
  }
}
