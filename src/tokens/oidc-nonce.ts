/**
 * OIDC nonce binding (docs/protocol.md §2, `oauth_login`): lowercase hex SHA-256 of the UTF-8 bytes
 * of the compressed public key HEX STRING (not of the 33 raw bytes). Hashed exactly as given,
 * because the service hashes the `publicKey` string it receives.
 */
import { LatchError } from '../errors/latch-error.ts';
import { sha256 } from '../crypto/webcrypto.ts';
import { toHex } from '../encoding/hex.ts';
import { utf8Encode } from '../encoding/utf8.ts';

export async function oidcNonce(publicKeyHex: string): Promise<string> {
  if (typeof publicKeyHex !== 'string' || !/^0[23][0-9a-fA-F]{64}$/.test(publicKeyHex)) {
    throw new LatchError('ERR_KEY_FORMAT', 'Expected a compressed P-256 public key in hex.');
  }
  return toHex(await sha256(utf8Encode(publicKeyHex)));
}
