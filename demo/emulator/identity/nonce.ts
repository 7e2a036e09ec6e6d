/**
 * The OIDC nonce that binds a key: lowercase hex SHA-256 of the key's hex string as sent. The
 * core's oidcNonce covers compressed keys (what the kit sends); the seed's `oauth` activity may
 * carry an uncompressed targetPublicKey, hashed by the same rule.
 */
import { oidcNonce } from '../../../src/tokens/oidc-nonce.ts';
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';

export async function nonceOf(publicKeyHex: string): Promise<string> {
  if (/^0[23][0-9a-fA-F]{64}$/.test(publicKeyHex)) return oidcNonce(publicKeyHex);
  return toHex(await sha256(utf8Encode(publicKeyHex)));
}
