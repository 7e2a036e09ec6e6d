/**
 * sign_raw_payload's structured encodings, whose payload is JSON the service reads and hashes
 * itself (the hosted API's PayloadEncoding: EIP712 is "EIP-712 typed data, see the JSON schema
 * in EIP-712", EIP7702_AUTHORIZATION "an EIP-7702 Authorization", each decoded as JSON):
 * - PAYLOAD_ENCODING_EIP712: `{types, primaryType, domain, message}` (what @turnkey/viem's
 *   serializeTypedData and @turnkey/ethers' TypedDataEncoder.getPayload send), signed over
 *   Keccak-256(0x19 0x01 ‖ domainSeparator ‖ hashStruct(message)). The digest is the kit's own
 *   (src/signing/typed-data-digest.ts, what eth_signTypedData_v4 signs): one implementation,
 *   checked from both ends by viem's and ethers' verifiers.
 * - PAYLOAD_ENCODING_EIP7702_AUTHORIZATION: eip7702-authorization.ts.
 * Both make an Ethereum signature, so the key must be secp256k1, and the service computes the
 * digest, so the hash function must be HASH_FUNCTION_NO_OP (what both hosted signer libraries
 * send; the hosted documentation names no other).
 */
import { typedDataDigest, type TypedData } from '../../../src/signing/typed-data-digest.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { hex } from '@scure/base';
import { eip7702AuthorizationDigest } from './eip7702-authorization.ts';
import { assertPrivateKey } from './keys.ts';
import { signSecp256k1Digest, type RawSignature, type SignRawPayloadInput } from './sign-raw-payload.ts';
import { Curve, HashFunction, PayloadEncoding, assertCurve } from './wallet-enums.ts';
import { WalletError } from './wallet-error.ts';

export type StructuredEncoding = typeof PayloadEncoding.EIP712 | typeof PayloadEncoding.EIP7702_AUTHORIZATION;

export const isStructuredEncoding = (encoding: unknown): encoding is StructuredEncoding =>
  encoding === PayloadEncoding.EIP712 || encoding === PayloadEncoding.EIP7702_AUTHORIZATION;

/** Deeper JSON is refused before hashing walks it (typed data nests a handful of levels). */
const MAX_DEPTH = 64;
const TYPED_DATA_INVALID = 'The payload is not EIP-712 typed data: JSON with types, primaryType, domain and message, each value fitting its type.';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function depthOf(root: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_DEPTH) return deepest;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The typed data of an EIP712 payload, its shape checked (values are checked while hashing). */
function parseTypedData(payload: string): TypedData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch (error) {
    throw new WalletError('PAYLOAD_INVALID', 'An EIP-712 payload must be JSON typed data.', { cause: error });
  }
  if (depthOf(parsed) > MAX_DEPTH) throw new WalletError('PAYLOAD_INVALID', `EIP-712 typed data may nest at most ${MAX_DEPTH} levels.`);
  if (!isRecord(parsed) || !isRecord(parsed.types) || typeof parsed.primaryType !== 'string' || !isRecord(parsed.domain)) {
    throw new WalletError('PAYLOAD_INVALID', TYPED_DATA_INVALID);
  }
  for (const fields of Object.values(parsed.types)) {
    if (!Array.isArray(fields) || !fields.every((f) => isRecord(f) && typeof f.name === 'string' && f.name !== '' && typeof f.type === 'string' && f.type !== '')) {
      throw new WalletError('PAYLOAD_INVALID', 'Each EIP-712 type must be a list of {name, type} strings.');
    }
  }
  // A message of the domain's own type is the domain alone (viem then sends no message).
  if (parsed.primaryType !== 'EIP712Domain' && !isRecord(parsed.message)) throw new WalletError('PAYLOAD_INVALID', TYPED_DATA_INVALID);
  return { types: parsed.types as TypedData['types'], primaryType: parsed.primaryType, domain: parsed.domain, message: isRecord(parsed.message) ? parsed.message : {} };
}

/** The digest a structured payload is signed over. */
export async function structuredPayloadDigest(payload: string, encoding: StructuredEncoding): Promise<Uint8Array> {
  if (encoding === PayloadEncoding.EIP7702_AUTHORIZATION) return eip7702AuthorizationDigest(payload);
  const typedData = parseTypedData(payload);
  try {
    return await typedDataDigest(typedData);
  } catch (error) {
    if (isLatchError(error, 'ERR_INPUT_INVALID')) throw new WalletError('PAYLOAD_INVALID', TYPED_DATA_INVALID, { cause: error });
    throw error;
  }
}

/**
 * signRawPayload for the structured encodings: the same checks first (curve, key, hash
 * function), then the digest, signed as sign_raw_payload signs secp256k1 (RFC 6979, low-S,
 * v the recovery id).
 */
export async function signStructuredPayload(input: SignRawPayloadInput & { encoding: StructuredEncoding }): Promise<RawSignature> {
  const curve = assertCurve(input.curve);
  assertPrivateKey(curve, input.privateKey);
  if (!(Object.values(HashFunction) as string[]).includes(input.hashFunction)) throw new WalletError('HASH_FUNCTION_UNSUPPORTED', 'Unknown hash function.');
  if (curve !== Curve.SECP256K1) {
    throw new WalletError('PAYLOAD_ENCODING_UNSUPPORTED', 'PAYLOAD_ENCODING_EIP712 and PAYLOAD_ENCODING_EIP7702_AUTHORIZATION sign with secp256k1 (Ethereum) keys only.');
  }
  if (input.hashFunction !== HashFunction.NO_OP) {
    throw new WalletError('HASH_FUNCTION_UNSUPPORTED', 'The service hashes EIP-712 and EIP-7702 payloads itself: use HASH_FUNCTION_NO_OP.');
  }
  if (typeof input.payload !== 'string' || input.payload.length === 0) throw new WalletError('PAYLOAD_INVALID', 'The payload must be a non-empty string.');
  const digest = await structuredPayloadDigest(input.payload, input.encoding);
  const signature = signSecp256k1Digest(digest, input.privateKey);
  return { r: hex.encode(signature.subarray(1, 33)), s: hex.encode(signature.subarray(33)), v: signature[0]!.toString(16).padStart(2, '0') };
}
