/**
 * The checks on a key pair a page brings (`put`), kept out of key-pair.ts: the kit's own keys
 * are generated non-extractable and never pass through here, so a page that only logs in and
 * signs loads none of this (the IndexedDB store imports it with its first `put`). It imports
 * nothing the signing path shares with other lazy chunks (the encoders, webcrypto.ts): that
 * would split the path's chunks, and each boundary costs more bytes than this file saves.
 * WebCrypto is there wherever a CryptoKey is; a stand-in pair without it fails the probe.
 */
import { LatchError } from '../errors/latch-error.ts';

const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

const isP256Ecdsa = (key: CryptoKey | undefined, type: KeyType): boolean => {
  const algorithm = key?.algorithm as EcKeyAlgorithm | undefined;
  return key?.type === type && algorithm?.name === 'ECDSA' && algorithm.namedCurve === 'P-256';
};

/**
 * Checks a pair before it is stored. An extractable private key is refused outright
 * (ERR_STORE_EXTRACTABLE): storing it would let any script on the origin read it out. The pair
 * signs and verifies once, so a private key never sits under another key's id (ERR_KEY_MISMATCH).
 */
export async function assertStorablePair(pair: CryptoKeyPair): Promise<void> {
  if (!pair || !isP256Ecdsa(pair.privateKey, 'private') || !isP256Ecdsa(pair.publicKey, 'public')) {
    throw new LatchError('ERR_KEY_FORMAT', 'Expected an ECDSA P-256 key pair.');
  }
  if (pair.privateKey.extractable) {
    throw new LatchError('ERR_STORE_EXTRACTABLE', 'Refusing to store an extractable private key.');
  }
  const probe = new Uint8Array(8); // any bytes: only the pair is on trial
  let matches = false;
  try {
    const signature = await crypto.subtle.sign(ECDSA_SHA256, pair.privateKey, probe);
    matches = await crypto.subtle.verify(ECDSA_SHA256, pair.publicKey, signature, probe);
  } catch (error) {
    throw new LatchError('ERR_KEY_FORMAT', 'The key pair cannot sign and verify.', { cause: error });
  }
  if (!matches) throw new LatchError('ERR_KEY_MISMATCH', 'The private key does not belong to the public key.');
}
