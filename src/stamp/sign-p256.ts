/**
 * ECDSA P-256 SHA-256 signing through WebCrypto, for stamps, client signatures and tokens.
 * WebCrypto signatures are not normalized to low S; the service accepts both (docs/protocol.md §4).
 */
import { LatchError } from '../errors/latch-error.ts';
import { subtle } from '../crypto/webcrypto.ts';

export const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

/**
 * Signs `data` (hashed once with SHA-256 by WebCrypto); returns raw r||s, 64 bytes. WebCrypto
 * copies `data` when called, so it is passed as it is (no copy of our own on the stamp path).
 */
export async function signP256(privateKey: CryptoKey, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const algorithm = privateKey.algorithm as Partial<EcKeyAlgorithm>;
  if (algorithm.name !== 'ECDSA' || algorithm.namedCurve !== 'P-256' || privateKey.type !== 'private') {
    throw new LatchError('ERR_KEY_FORMAT', 'Expected an ECDSA P-256 private key.');
  }
  const s = subtle();
  try {
    return new Uint8Array(await s.sign(ECDSA_SHA256, privateKey, data));
  } catch (cause) {
    throw new LatchError('ERR_KEY_FORMAT', 'The key cannot sign (it needs the "sign" usage).', { cause });
  }
}
