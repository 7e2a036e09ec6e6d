/**
 * The one HPKE suite every bundle uses (PROTOCOL.md §6): RFC 9180 base mode,
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM, info "turnkey_hpke",
 * AAD = enc (65-byte uncompressed) || receiver public key (65-byte uncompressed).
 * Both directions live here so the kit (receiver) and the emulator (sender) share one
 * implementation.
 *
 * Written directly on WebCrypto rather than through an HPKE library: a bundle is opened once
 * with one message, so the suite is RFC 9180's single-shot base mode and nothing more, and
 * WebCrypto's HKDF does each LabeledExtract + LabeledExpand pair in ONE call (HKDF is extract
 * then expand; the labelled IKM is its key material, the labelled info its info). What does not
 * depend on the message (psk_id_hash, info_hash, key_schedule_context, the labels) is computed
 * once. An open is 7 WebCrypto calls (one more, beside the ECDH, for a compressed enc); a
 * library's schedule made about 20. RFC 9180's published vectors and @hpke/core (as an
 * independent implementation, both ways) check it in the tests.
 * The parts with explicit inputs (hpkeSchedule, hpkeSharedSecret, hpkeKeySchedule, hpkeSealWith,
 * hpkeOpenWith, aeadOpen) are exported for those vectors; the package entry (src/index.ts)
 * exports none of them.
 */
import { LatchError } from '../errors/latch-error.ts';
import { toHex } from '../encoding/hex.ts';
import { concatBytes, utf8Encode } from '../encoding/utf8.ts';
import { subtle } from '../crypto/webcrypto.ts';
import { decompressPublicKey } from '../crypto/p256.ts';

// WebCrypto's types want views of an ArrayBuffer. Ours are (concatBytes allocates one), and a
// caller's SharedArrayBuffer view is refused by WebCrypto itself with a TypeError that the
// callers below turn into their error code: so a cast, not a copy of possibly secret bytes.
type Bytes = Uint8Array<ArrayBuffer>;
const buf = (bytes: Uint8Array): Bytes => bytes as Bytes;
const concat = (...parts: Uint8Array[]): Bytes => buf(concatBytes(...parts));

const INFO = utf8Encode('turnkey_hpke');
const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const EMPTY = new Uint8Array(0);
/** Nsecret = Nh = 32 for DHKEM(P-256, HKDF-SHA256) and HKDF-SHA256; Nn = 12 for AES-GCM. */
const HASH_LENGTH = 32;
const NONCE_LENGTH = 12;

/** An AEAD of RFC 9180 by its id and key length (Nk). Bundles use AES-256-GCM only. */
export interface HpkeAead {
  id: number;
  keyLength: number;
}
const AES_256_GCM: HpkeAead = { id: 0x0002, keyLength: 32 };

const i2osp2 = (n: number): Bytes => Uint8Array.of(n >> 8, n & 0xff);
const VERSION = utf8Encode('HPKE-v1');
// suite_id of the KEM ("KEM" || kem_id) and of the whole suite ("HPKE" || kem_id || kdf_id || aead_id).
const KEM_SUITE = concat(utf8Encode('KEM'), i2osp2(0x0010));
const hpkeSuite = (aead: HpkeAead): Bytes => concat(utf8Encode('HPKE'), i2osp2(0x0010), i2osp2(0x0001), i2osp2(aead.id));

/** RFC 9180 §4: the message LabeledExtract hands to Extract, which is HKDF's key material. */
const labeledIkm = (suite: Uint8Array, label: string, ikm: Uint8Array): Bytes => concat(VERSION, suite, utf8Encode(label), ikm);
/** RFC 9180 §4: the info LabeledExpand hands to Expand, which is HKDF's info. */
const labeledInfo = (suite: Uint8Array, label: string, info: Uint8Array, length: number): Bytes =>
  concat(i2osp2(length), VERSION, suite, utf8Encode(label), info);
const hkdf = (salt: Uint8Array, info: Uint8Array): HkdfParams => ({ name: 'HKDF', hash: 'SHA-256', salt: buf(salt), info: buf(info) });

/** What the key schedule needs that depends only on the suite and the info, not on the message. */
export interface HpkeSchedule {
  aead: HpkeAead;
  suite: Uint8Array;
  keyScheduleContext: Uint8Array;
  /** HKDF key material of `secret = LabeledExtract(shared_secret, "secret", psk = "")`. */
  secretIkm: CryptoKey;
  keyInfo: Uint8Array;
  nonceInfo: Uint8Array;
}

/** Base mode, empty psk and psk_id: key_schedule_context = mode || psk_id_hash || info_hash. */
export async function hpkeSchedule(info: Uint8Array, aead: HpkeAead = AES_256_GCM): Promise<HpkeSchedule> {
  const s = subtle();
  const suite = hpkeSuite(aead);
  // LabeledExtract with an empty salt is HMAC keyed with Nh zero bytes (RFC 5869 §2.2).
  const zeroSalt = await s.importKey('raw', new Uint8Array(HASH_LENGTH), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const [pskIdHash, infoHash, secretIkm] = await Promise.all([
    s.sign('HMAC', zeroSalt, labeledIkm(suite, 'psk_id_hash', EMPTY)),
    s.sign('HMAC', zeroSalt, labeledIkm(suite, 'info_hash', info)),
    s.importKey('raw', labeledIkm(suite, 'secret', EMPTY), 'HKDF', false, ['deriveBits', 'deriveKey']),
  ]);
  const keyScheduleContext = concat(Uint8Array.of(0x00), new Uint8Array(pskIdHash), new Uint8Array(infoHash));
  return {
    aead,
    suite,
    keyScheduleContext,
    secretIkm,
    keyInfo: labeledInfo(suite, 'key', keyScheduleContext, aead.keyLength),
    nonceInfo: labeledInfo(suite, 'base_nonce', keyScheduleContext, NONCE_LENGTH),
  };
}

let bundleSchedule: Promise<HpkeSchedule> | undefined;
// The bundles' schedule, computed on first use (importing the module does no crypto) and kept;
// forgotten if it failed, so a later call tries again instead of repeating the failure.
function getBundleSchedule(): Promise<HpkeSchedule> {
  bundleSchedule ??= hpkeSchedule(INFO).catch((error: unknown) => {
    bundleSchedule = undefined;
    throw error;
  });
  return bundleSchedule;
}

/**
 * DHKEM's ExtractAndExpand: shared_secret = LabeledExpand(LabeledExtract("", "eae_prk", dh),
 * "shared_secret", kem_context, Nsecret), as one HKDF. The DH output and the key material that
 * carries it are wiped once WebCrypto holds its own copy.
 */
export async function hpkeSharedSecret(privateKey: CryptoKey, publicKey: CryptoKey, kemContext: Uint8Array | Promise<Uint8Array>): Promise<Uint8Array> {
  const s = subtle();
  // The KEM context may still be on its way (an enc's uncompressed form being exported): it is
  // needed only after the ECDH, so both go on at once.
  const [dhBits, context] = await Promise.all([s.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, HASH_LENGTH * 8), kemContext]);
  const dh = new Uint8Array(dhBits);
  const ikm = labeledIkm(KEM_SUITE, 'eae_prk', dh);
  dh.fill(0);
  try {
    const key = await s.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
    return new Uint8Array(await s.deriveBits(hkdf(EMPTY, labeledInfo(KEM_SUITE, 'shared_secret', context, HASH_LENGTH)), key, HASH_LENGTH * 8));
  } finally {
    ikm.fill(0);
  }
}

export interface HpkeContext {
  /** The AEAD key, derived straight into WebCrypto: its bytes never reach script (unless `extractable`, for the vectors). */
  key: CryptoKey;
  baseNonce: Uint8Array<ArrayBuffer>;
}

/**
 * The key schedule's outputs from the shared secret: key and base_nonce, each
 * LabeledExpand(LabeledExtract(shared_secret, "secret", ""), label, key_schedule_context, L),
 * i.e. one HKDF with the shared secret as salt. The shared secret is wiped here.
 */
export async function hpkeKeySchedule(sharedSecret: Uint8Array, schedule: HpkeSchedule, usage: 'encrypt' | 'decrypt', extractable = false): Promise<HpkeContext> {
  const s = subtle();
  try {
    const [key, baseNonce] = await Promise.all([
      s.deriveKey(hkdf(sharedSecret, schedule.keyInfo), schedule.secretIkm, { name: 'AES-GCM', length: schedule.aead.keyLength * 8 }, extractable, [usage]),
      s.deriveBits(hkdf(sharedSecret, schedule.nonceInfo), schedule.secretIkm, NONCE_LENGTH * 8),
    ]);
    return { key, baseNonce: new Uint8Array(baseNonce) };
  } finally {
    sharedSecret.fill(0);
  }
}

/** AES-GCM as the suite uses it: 96-bit nonce, 128-bit tag. A wrong tag, key or AAD throws. */
export async function aeadOpen(key: CryptoKey, nonce: Uint8Array, ciphertext: Uint8Array, aad: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: buf(aad), tagLength: 128 }, key, buf(ciphertext)));
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
  const keyPair = (await subtle().generateKey(ECDH_P256, false, ['deriveBits'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await subtle().exportKey('raw', keyPair.publicKey));
  rawPublicKeys.set(keyPair.publicKey, publicKey);
  return { keyPair, publicKeyHex: toHex(publicKey) };
}

// A receiver's public key bytes (in the AAD and the KEM context), exported once per CryptoKey:
// a page opens several bundles with the same target pair. CryptoKeys are immutable.
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
 * Single-shot seal with every input explicit (the ephemeral pair, the schedule, the AAD; the AAD
 * defaults to the bundles' enc || receiver). hpkeSeal is this with a fresh pair; RFC 9180's
 * vectors call it with theirs. `receiver` is the 65-byte uncompressed public key.
 */
export async function hpkeSealWith(plaintext: Uint8Array, receiver: Uint8Array, ephemeral: CryptoKeyPair, schedule: HpkeSchedule, aad?: Uint8Array): Promise<HpkeSealed> {
  const s = subtle();
  const [receiverKey, encBuffer] = await Promise.all([s.importKey('raw', buf(receiver), ECDH_P256, false, []), s.exportKey('raw', ephemeral.publicKey)]);
  const enc = new Uint8Array(encBuffer);
  const kemContext = concat(enc, receiver);
  const sharedSecret = await hpkeSharedSecret(ephemeral.privateKey, receiverKey, kemContext);
  const { key, baseNonce } = await hpkeKeySchedule(sharedSecret, schedule, 'encrypt');
  // Sequence number 0: the nonce is base_nonce itself.
  const ciphertext = new Uint8Array(await s.encrypt({ name: 'AES-GCM', iv: baseNonce, additionalData: buf(aad ?? kemContext), tagLength: 128 }, key, buf(plaintext)));
  return { enc, ciphertext };
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
    const [ephemeral, schedule] = await Promise.all([subtle().generateKey(ECDH_P256, false, ['deriveBits']) as Promise<CryptoKeyPair>, getBundleSchedule()]);
    return await hpkeSealWith(plaintext, receiver, ephemeral, schedule);
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'Could not encrypt to the target public key.', { cause: error });
  }
}

// Whether this engine's WebCrypto imports a compressed point (Chromium and Node do): learnt from
// the first compressed enc that WebCrypto refuses but the square root below accepts.
let compressedImport = true;

/**
 * The sender's ephemeral key (enc) as a CryptoKey, and its uncompressed form (the first half of
 * the KEM context and of the AAD). A compressed enc (credential bundles carry one) goes to
 * WebCrypto as it is where WebCrypto takes it, and its uncompressed form comes back from
 * WebCrypto's export while the ECDH runs: that spares the main thread a BigInt square root
 * (decompressPublicKey), which costs as much as two WebCrypto calls. Elsewhere, the square root.
 */
async function importEnc(enc: Uint8Array): Promise<{ key: CryptoKey; uncompressed: Promise<Uint8Array> }> {
  const s = subtle();
  if (enc.length === 33 && compressedImport) {
    try {
      const key = await s.importKey('raw', buf(enc), ECDH_P256, true, []);
      return { key, uncompressed: s.exportKey('raw', key).then((raw) => new Uint8Array(raw)) };
    } catch {
      // Refused: either no compressed points here, or x is not on the curve, which the square
      // root below tells apart by throwing.
    }
  }
  if (enc.length !== 33 && (enc.length !== 65 || enc[0] !== 0x04)) throw new Error('enc is not a P-256 point');
  const uncompressed = enc.length === 33 ? decompressPublicKey(enc) : enc;
  if (enc.length === 33) compressedImport = false;
  return { key: await s.importKey('raw', buf(uncompressed), ECDH_P256, false, []), uncompressed: Promise.resolve(uncompressed) };
}

/**
 * Single-shot open with the schedule and the AAD explicit (the AAD defaults to the bundles'
 * enc || receiver). hpkeOpen is this with the bundles' schedule; RFC 9180's vectors call it
 * with theirs. Throws whatever WebCrypto throws: the caller decides what it means.
 */
export async function hpkeOpenWith(sealed: HpkeSealed, receiver: CryptoKeyPair, schedule: HpkeSchedule, aad?: Uint8Array): Promise<Uint8Array> {
  const [ephemeral, receiverPublic] = await Promise.all([importEnc(sealed.enc), rawPublicKey(receiver.publicKey)]);
  const kemContext = ephemeral.uncompressed.then((enc) => concat(enc, receiverPublic));
  const sharedSecret = await hpkeSharedSecret(receiver.privateKey, ephemeral.key, kemContext);
  const { key, baseNonce } = await hpkeKeySchedule(sharedSecret, schedule, 'decrypt');
  return aeadOpen(key, baseNonce, sealed.ciphertext, aad ?? (await kemContext));
}

/**
 * Opens a sealed message with the receiver's pair: the private key derives the shared secret
 * inside WebCrypto (it may be, and for targets is, non-extractable) and the public key is the
 * second half of the AAD. `enc` is the 65-byte uncompressed point, or with `encForm`
 * 'compressed' the 33-byte form credential bundles carry (the AAD still holds the uncompressed
 * one). Every cryptographic failure (bad enc point, wrong key, wrong AAD, altered ciphertext) is
 * ERR_BUNDLE_DECRYPT: from here they are indistinguishable.
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
  try {
    if (sealed.enc.length !== (encForm === 'compressed' ? 33 : 65)) throw new Error(`enc is not a ${encForm} P-256 point`);
    return await hpkeOpenWith(sealed, receiver, await getBundleSchedule());
  } catch (error) {
    throw new LatchError('ERR_BUNDLE_DECRYPT', 'The bundle could not be decrypted with this key.', { cause: error });
  }
}
