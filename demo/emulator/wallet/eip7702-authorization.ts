/**
 * sign_raw_payload's PAYLOAD_ENCODING_EIP7702_AUTHORIZATION: the payload is the JSON of an
 * EIP-7702 authorization, `{"address": "0x…", "chainId": 1, "nonce": 0}` (what the hosted signer
 * library @turnkey/viem sends: JSON.stringify of viem's authorization, numbers for chainId and
 * nonce), and what is signed is EIP-7702's digest of it:
 * Keccak-256(0x05 ‖ RLP([chain_id, address, nonce])), chain_id below 2^256 and nonce below 2^64
 * as the EIP bounds them. Integers may also come as decimal or 0x-hex strings (JSON decoders of
 * 256-bit integers take both); a JSON number must be a safe integer, so that what is signed is
 * exactly what was sent. Other keys are ignored, as JSON decoders ignore unknown fields.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { rlpEncode } from './ethereum-transaction.ts';
import { WalletError } from './wallet-error.ts';

const MAGIC = 0x05;
const invalid = (message: string) => new WalletError('PAYLOAD_INVALID', message);

/** A non-negative integer below 2^bits as its minimal big-endian bytes (0 is the empty string, as RLP encodes it). */
function integerBytes(value: unknown, name: string, bits: number): Uint8Array {
  let n: bigint | undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) n = BigInt(value);
  else if (typeof value === 'string' && /^(?:0|[1-9]\d{0,77}|0x[0-9a-fA-F]{1,64})$/.test(value)) n = BigInt(value);
  if (n === undefined || n >= 1n << BigInt(bits)) {
    throw invalid(`The authorization's ${name} must be an integer below 2^${bits} (a safe JSON number, or a decimal or 0x-hex string).`);
  }
  if (n === 0n) return new Uint8Array(0);
  const digits = n.toString(16);
  return hex.decode(digits.length % 2 ? `0${digits}` : digits);
}

/** The digest an EIP-7702 authorization signature is over, from the payload's JSON. */
export function eip7702AuthorizationDigest(payload: string): Uint8Array {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch (error) {
    throw new WalletError('PAYLOAD_INVALID', 'An EIP-7702 authorization payload must be JSON.', { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid('An EIP-7702 authorization payload must be a JSON object with address, chainId and nonce.');
  }
  const { address, chainId, nonce } = parsed as Record<string, unknown>;
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    throw invalid("The authorization's address must be 0x and 40 hex digits.");
  }
  const tuple = [integerBytes(chainId, 'chainId', 256), hex.decode(address.slice(2).toLowerCase()), integerBytes(nonce, 'nonce', 64)];
  const encoded = rlpEncode(tuple);
  const message = new Uint8Array(1 + encoded.length);
  message[0] = MAGIC;
  message.set(encoded, 1);
  return keccak_256(message);
}
