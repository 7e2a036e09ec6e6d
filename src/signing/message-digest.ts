/**
 * The digests that chains' own wallets sign for a text message, so a signature made through
 * `sign_raw_payload` (with HASH_FUNCTION_NO_OP over this digest) is the standard one every
 * verifier of that chain accepts:
 * - Ethereum, EIP-191 `personal_sign`: Keccak-256 of "\x19Ethereum Signed Message:\n" + the
 *   message's byte length in decimal + the message (what viem's and ethers' verifyMessage and
 *   Sign-In with Ethereum check);
 * - Bitcoin, the signed-message format of BIP-137 (Bitcoin Core's `signmessage`): double SHA-256
 *   of varint(24) "Bitcoin Signed Message:\n" varint(length) message.
 * Keccak is loaded on demand (only Ethereum needs it).
 */
import { concatBytes, utf8Encode } from '../encoding/utf8.ts';
import { sha256 } from '../crypto/webcrypto.ts';

/** The EIP-191 digest of a text (UTF-8) or of raw bytes (what `personal_sign` sends as hex). */
export async function ethereumMessageDigest(text: string | Uint8Array): Promise<Uint8Array> {
  const message = typeof text === 'string' ? utf8Encode(text) : text;
  const { keccak_256 } = await import('@noble/hashes/sha3.js');
  return keccak_256(concatBytes(utf8Encode(`\x19Ethereum Signed Message:\n${message.length}`), message));
}

/** Bitcoin's variable-length integer (CompactSize). */
function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8);
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff);
}

const BITCOIN_MAGIC = utf8Encode('Bitcoin Signed Message:\n');

export async function bitcoinMessageDigest(text: string): Promise<Uint8Array> {
  const message = utf8Encode(text);
  return sha256(await sha256(concatBytes(varint(BITCOIN_MAGIC.length), BITCOIN_MAGIC, varint(message.length), message)));
}
