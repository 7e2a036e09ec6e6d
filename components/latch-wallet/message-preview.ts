/**
 * What signing a text message with an account means, shown before anything is signed: the
 * text's UTF-8 bytes, the standard the account's chain verifies messages by, and the exact
 * value the key signs. The digest is computed here in the page and sent with
 * HASH_FUNCTION_NO_OP, so the value the person reviewed is byte for byte what the service signs:
 * - Ethereum: EIP-191 `personal_sign` (what viem, ethers and Sign-In with Ethereum verify);
 * - Bitcoin: the signed-message digest of BIP-137 (Bitcoin Core's `signmessage`);
 * - other secp256k1 accounts: Keccak-256 of the text; P-256: SHA-256; Ed25519 signs the text.
 * The digests live in the core (src/signing/message-digest.ts) and load on demand.
 */
import type { AddressFormat, Curve, SignRawPayloadParameters } from '../../src/clients/activity-types.ts';
import { toHex } from '../../src/encoding/hex.ts';
import { utf8Encode } from '../../src/encoding/utf8.ts';

export type MessageHash = 'EIP191' | 'BIP137' | 'KECCAK256' | 'SHA256' | 'NONE';

export interface MessagePreview {
  text: string;
  /** The text's UTF-8 bytes, hex. */
  bytesHex: string;
  hash: MessageHash;
  /** The hex value sent as `payload` (the digest, or the bytes for Ed25519). */
  payloadHex: string;
  /** sign_raw_payload parameters, minus `signWith`. */
  parameters: Omit<SignRawPayloadParameters, 'signWith'>;
}

export const HASH_LABELS: Readonly<Record<Exclude<MessageHash, 'NONE'>, string>> = {
  EIP191: 'EIP-191 personal message (Keccak-256)',
  BIP137: 'Bitcoin signed message (BIP-137, double SHA-256)',
  KECCAK256: 'Keccak-256',
  SHA256: 'SHA-256',
};

async function digestFor(text: string, bytes: Uint8Array, account: { curve: Curve; addressFormat: AddressFormat }): Promise<[MessageHash, Uint8Array]> {
  if (account.curve === 'CURVE_ED25519') return ['NONE', bytes];
  if (account.curve === 'CURVE_P256') return ['SHA256', new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))];
  const { bitcoinMessageDigest, ethereumMessageDigest } = await import('../../src/signing/message-digest.ts');
  if (account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM') return ['EIP191', await ethereumMessageDigest(text)];
  if (account.addressFormat.startsWith('ADDRESS_FORMAT_BITCOIN_')) return ['BIP137', await bitcoinMessageDigest(text)];
  const { keccak_256 } = await import('@noble/hashes/sha3.js');
  return ['KECCAK256', keccak_256(bytes)];
}

export async function previewMessage(text: string, account: { curve: Curve; addressFormat: AddressFormat }): Promise<MessagePreview> {
  const bytes = utf8Encode(text);
  const [hash, payload] = await digestFor(text, bytes, account);
  const payloadHex = toHex(payload);
  return {
    text,
    bytesHex: toHex(bytes),
    hash,
    payloadHex,
    parameters: {
      payload: payloadHex,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: hash === 'NONE' ? 'HASH_FUNCTION_NOT_APPLICABLE' : 'HASH_FUNCTION_NO_OP',
    },
  };
}
