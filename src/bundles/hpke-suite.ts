/**
 * The one HPKE suite every bundle uses (docs/protocol.md §6): RFC 9180 base mode,
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM, info "turnkey_hpke",
 * AAD = enc (65-byte uncompressed) || receiver public key (65-byte uncompressed).
 * Both directions live here so the kit (receiver) and the emulator (sender) share one module.
 *
 * HPKE itself is @hpke/core's (docs/design.md: no protocol composed by hand where a chosen library
 * implements it). What is ours is only the bundles' framing around it: which suite, the info,
 * the AAD, the enc's form, the receiver pair, the error codes.
 *
 * @hpke/core is imported on the first seal or open, not with this module: generateTargetKeyPair
 * (WebCrypto alone) sits in code that pages load early, and a page that never opens a bundle
 * never downloads HPKE. hpkeSealWith and hpkeOpenWith take the suite, info, AAD (and, for
 * sealing, the ephemeral pair) explicitly for the RFC 9180 vectors; bundleSuite gives the
 * bundles' suite itself to the AEAD and KEM vectors. The package entry (src/index.ts) exports
 * none of them.
 */
import type { CipherSuite } from '@hpke/core';
import { LatchError } from '../errors/latch-error.ts';
import { toHex } from '../encoding/hex.ts';
import { concatBytes, utf8Encode } from '../encoding/utf8.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { decompressPublicKey } from '../crypto/p256.ts';

const INFO = utf8Encode('turnkey_hpke');
const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

let suitePromise: Promise<CipherSuite> | undefined;

/**
 * The bundles' suite, @hpke/core loaded and the suite built on first use and kept; forgotten if
 * the load failed (a flaky network), so a later call tries again instead of repeating it.
 */
export function bundleSuite(): Promise<CipherSuite> {
  suitePromise ??= import('@hpke/core').then(
    ({ Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 }) => new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() }),
    (error: unknown) => {
      suitePromise = undefined;
      throw error;
    },
  );
  return suitePromise;
}

// @hpke/core takes ArrayBuffers; a copy also keeps a caller's view (a subarray of a bundle, a
// SharedArrayBuffer) from reaching it.
// The typed array's own slice, called on whatever came: a string or a plain array has a slice of
// its own whose .buffer is undefined, which @hpke/core sealed as an empty message (a valid bundle
// of nothing); here it is a TypeError, refused by the caller as any other bad input.
const buffer = (bytes: Uint8Array): ArrayBuffer => Uint8Array.prototype.slice.call(bytes).buffer;

export interface HpkeSealed {
  /** Encapsulated ephemeral public key, 65-byte uncompressed. */
  enc: Uint8Array;
  ciphertext: Uint8Array;
}

/** What differs from the bundles' framing, for the published vectors only. */
export interface HpkeInputs {
  /** Defaults to the bundles' suite (bundleSuite). */
  suite?: CipherSuite;
  /** Defaults to "turnkey_hpke". */
  info?: Uint8Array;
  /** Defaults to enc || receiver public key, both 65-byte uncompressed. */
  aad?: Uint8Array;
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
  const keyPair = (await subtle().generateKey(ECDH_P256, false, ['deriveBits'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await subtle().exportKey('raw', keyPair.publicKey));
  rawPublicKeys.set(keyPair.publicKey, publicKey);
  return { keyPair, publicKeyHex: toHex(publicKey) };
}

// A receiver's public key bytes (the second half of the AAD), exported once per CryptoKey: a
// page opens several bundles with the same target pair. CryptoKeys are immutable.
const rawPublicKeys = new WeakMap<CryptoKey, Uint8Array>();

async function rawPublicKey(publicKey: CryptoKey): Promise<Uint8Array> {
  let raw = rawPublicKeys.get(publicKey);
  if (!raw) {
    raw = new Uint8Array(await subtle().exportKey('raw', publicKey));
    rawPublicKeys.set(publicKey, raw);
  }
  return raw;
}

/**
 * Single-shot seal through @hpke/core's sender context (the AAD holds enc, known only once the
 * context exists). `receiver` is the 65-byte uncompressed public key; `ephemeral` is @hpke/core's
 * test-only `ekm`, for the published vectors. Throws what @hpke/core throws.
 */
export async function hpkeSealWith(plaintext: Uint8Array, receiver: Uint8Array, inputs: HpkeInputs & { ephemeral?: CryptoKeyPair } = {}): Promise<HpkeSealed> {
  const suite = inputs.suite ?? (await bundleSuite());
  const recipientPublicKey = await suite.kem.deserializePublicKey(buffer(receiver));
  const sender = await suite.createSenderContext({ recipientPublicKey, info: buffer(inputs.info ?? INFO), ...(inputs.ephemeral ? { ekm: inputs.ephemeral } : {}) });
  const enc = new Uint8Array(sender.enc);
  // The plaintext is often a private key: the copy handed to @hpke/core is wiped once sealed.
  const copy = buffer(plaintext);
  try {
    const ciphertext = new Uint8Array(await sender.seal(copy, buffer(inputs.aad ?? concatBytes(enc, receiver))));
    return { enc, ciphertext };
  } finally {
    new Uint8Array(copy).fill(0);
  }
}

/**
 * Single-shot open through @hpke/core. The whole pair goes in: with a non-extractable private
 * key alone @hpke/core guesses the public key's y and fails about half the time (docs/toolchain.md
 * pitfall 1). `sealed.enc` is the 65-byte uncompressed point. Throws what @hpke/core throws.
 */
export async function hpkeOpenWith(sealed: HpkeSealed, receiver: CryptoKeyPair, inputs: HpkeInputs = {}): Promise<Uint8Array> {
  const [suite, receiverPublic] = await Promise.all([inputs.suite ?? bundleSuite(), inputs.aad ? undefined : rawPublicKey(receiver.publicKey)]);
  const aad = inputs.aad ?? concatBytes(sealed.enc, receiverPublic!);
  return new Uint8Array(await suite.open({ recipientKey: receiver, enc: buffer(sealed.enc), info: buffer(inputs.info ?? INFO) }, buffer(sealed.ciphertext), buffer(aad)));
}

/** Seals `plaintext` to a receiver given as 33- or 65-byte public key bytes. */
export async function hpkeSeal(plaintext: Uint8Array, receiverPublicKey: Uint8Array): Promise<HpkeSealed> {
  let receiver: Uint8Array;
  try {
    receiver = decompressPublicKey(receiverPublicKey);
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The target public key is not a P-256 public key.', { cause: error });
  }
  subtle(); // no WebCrypto is ERR_CRYPTO_UNAVAILABLE, not a key problem
  // A failed load of @hpke/core is not the target's fault: it goes out as it came, as the kit's other lazy loads do.
  const suite = await bundleSuite();
  try {
    return await hpkeSealWith(plaintext, receiver, { suite });
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'Could not encrypt to the target public key.', { cause: error });
  }
}

/**
 * Opens a sealed message with the receiver's pair: the private key derives the shared secret
 * inside WebCrypto (it may be, and for targets is, non-extractable) and the public key is the
 * second half of the AAD. `enc` is the 65-byte uncompressed point, or with `encForm`
 * 'compressed' the 33-byte form credential bundles carry (the AAD and the KEM context still hold
 * the uncompressed one). Every cryptographic failure (bad enc point, wrong key, wrong AAD,
 * altered ciphertext) is ERR_BUNDLE_DECRYPT: from here they are indistinguishable.
 */
export async function hpkeOpen(sealed: HpkeSealed, receiver: CryptoKeyPair, encForm: 'uncompressed' | 'compressed' = 'uncompressed'): Promise<Uint8Array> {
  if (
    !receiver?.privateKey ||
    !receiver.publicKey ||
    receiver.privateKey.algorithm.name !== 'ECDH' ||
    (receiver.publicKey.algorithm as EcKeyAlgorithm).namedCurve !== 'P-256'
  ) {
    throw new LatchError('ERR_KEY_FORMAT', 'Bundles are decrypted with an ECDH P-256 key pair (see generateTargetKeyPair).');
  }
  subtle(); // no WebCrypto is ERR_CRYPTO_UNAVAILABLE, not a key or bundle problem
  try {
    await rawPublicKey(receiver.publicKey);
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The receiver public key could not be read.', { cause: error });
  }
  // A failed load of @hpke/core says nothing about the bundle: it goes out as it came.
  const suite = await bundleSuite();
  try {
    if (sealed.enc.length !== (encForm === 'compressed' ? 33 : 65)) throw new Error(`enc is not a ${encForm} P-256 point`);
    // decompressPublicKey refuses an x with no point on the curve; @hpke/core (WebCrypto's import) any other bad point.
    const enc = encForm === 'compressed' ? decompressPublicKey(sealed.enc) : sealed.enc;
    return await hpkeOpenWith({ enc, ciphertext: sealed.ciphertext }, receiver, { suite });
  } catch (error) {
    throw new LatchError('ERR_BUNDLE_DECRYPT', 'The bundle could not be decrypted with this key.', { cause: error });
  }
}
