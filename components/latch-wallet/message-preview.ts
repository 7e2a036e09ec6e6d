/**
 * What signing a text message with an account means, shown before anything is signed: the
 * text's UTF-8 bytes, the hash the account's curve uses, and the exact value the key signs.
 * The digest is computed here in the page and sent with HASH_FUNCTION_NO_OP, so the value the
 * person reviewed is byte for byte what the service signs (Ethereum's Keccak-256 for secp256k1,
 * SHA-256 for P-256). Ed25519 signs the message itself. Keccak is loaded on demand.
 */
import type { Curve, SignRawPayloadParameters } from '../../src/clients/activity-types.ts';
import { toHex } from '../../src/encoding/hex.ts';
import { utf8Encode } from '../../src/encoding/utf8.ts';

export type MessageHash = 'KECCAK256' | 'SHA256' | 'NONE';

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
  KECCAK256: 'Keccak-256',
  SHA256: 'SHA-256',
};

export async function previewMessage(text: string, curve: Curve): Promise<MessagePreview> {
  const bytes = utf8Encode(text);
  const bytesHex = toHex(bytes);
  let hash: MessageHash;
  let payloadHex: string;
  if (curve === 'CURVE_ED25519') {
    hash = 'NONE';
    payloadHex = bytesHex;
  } else if (curve === 'CURVE_P256') {
    hash = 'SHA256';
    payloadHex = toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));
  } else {
    hash = 'KECCAK256';
    const { keccak_256 } = await import('@noble/hashes/sha3.js');
    payloadHex = toHex(keccak_256(bytes));
  }
  return {
    text,
    bytesHex,
    hash,
    payloadHex,
    parameters: {
      payload: payloadHex,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: hash === 'NONE' ? 'HASH_FUNCTION_NOT_APPLICABLE' : 'HASH_FUNCTION_NO_OP',
    },
  };
}
