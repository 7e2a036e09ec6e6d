/**
 * Client signatures (docs/protocol.md §2): proof, for `otp_login` and `signup`, that the caller holds
 * the key bound to the verification token in `otp_verify`. `message` is a JSON string signed
 * as-is (ECDSA P-256 SHA-256 over its UTF-8 bytes, raw r||s hex); the server verifies the bytes
 * it was given, and only then parses them.
 *
 * Signup message: what goes inside `signupV2` was read from the hosted SDK (github tkhq/sdk,
 * packages/core: `getClientSignatureMessageForSignup` and its test
 * packages/core/src/__tests__/otp-signature-test.ts, which expects
 * `JSON.stringify({signupV2: {apiKeys: [], authenticators: [], oauthProviders: [], email}, tokenId, type: "USAGE_TYPE_SIGNUP"})`;
 * the Swift and Dart SDKs build the same `v1SignupUsageV2`). Its fields are `apiKeys`,
 * `authenticators`, `oauthProviders`, `email`, `phoneNumber` (note: `email`/`phoneNumber`, not
 * the request's `userEmail`/`userPhoneNumber`), each present only when given, in that order.
 * Newer SDK versions also have a strict `signupV3` form; the kit sends `signupV2` (docs/protocol.md).
 */
import type { StoredKey } from '../keys/key-store.ts';
import { LatchError } from '../errors/latch-error.ts';
import { toCompressedHex } from '../crypto/p256.ts';
import { fromHex, toHex } from '../encoding/hex.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import { importP256PublicKey, verifyP256 } from '../stamp/ecdsa.ts';
import { signP256 } from '../stamp/sign-p256.ts';

export const CLIENT_SIGNATURE_SCHEME = 'CLIENT_SIGNATURE_SCHEME_API_P256';

export const UsageTypes = { login: 'USAGE_TYPE_LOGIN', signup: 'USAGE_TYPE_SIGNUP' } as const;
export type UsageType = (typeof UsageTypes)[keyof typeof UsageTypes];

export interface ClientSignature {
  /** Compressed P-256 hex of the signing key (the token's `public_key`). */
  publicKey: string;
  scheme: typeof CLIENT_SIGNATURE_SCHEME;
  /** The exact JSON string that was signed. */
  message: string;
  /** Raw r||s (64 bytes) in hex. */
  signature: string;
}

/** `signupV2` of the signup message; arrays hold the same objects as the signup request. */
export interface SignupUsage {
  apiKeys?: unknown[];
  authenticators?: unknown[];
  oauthProviders?: unknown[];
  email?: string;
  phoneNumber?: string;
}

export interface LoginUsageMessage {
  login: { publicKey: string };
  tokenId: string;
  type: 'USAGE_TYPE_LOGIN';
}

export interface SignupUsageMessage {
  signupV2: SignupUsage;
  tokenId: string;
  type: 'USAGE_TYPE_SIGNUP';
}

type SigningKey = Pick<StoredKey, 'id' | 'privateKey'>;

async function sign(message: string, signingKey: SigningKey): Promise<ClientSignature> {
  const signature = await signP256(signingKey.privateKey, utf8Encode(message));
  return { publicKey: signingKey.id, scheme: CLIENT_SIGNATURE_SCHEME, message, signature: toHex(signature) };
}

export function createLoginClientSignature(input: { tokenId: string; sessionPublicKey: string; signingKey: SigningKey }): Promise<ClientSignature> {
  const message: LoginUsageMessage = { login: { publicKey: input.sessionPublicKey }, tokenId: input.tokenId, type: UsageTypes.login };
  return sign(JSON.stringify(message), input.signingKey);
}

export function createSignupClientSignature(input: { tokenId: string; signup: SignupUsage; signingKey: SigningKey }): Promise<ClientSignature> {
  const { apiKeys, authenticators, oauthProviders, email, phoneNumber } = input.signup;
  // Rebuilt in the hosted SDK's key order, leaving out what was not given.
  const signupV2: SignupUsage = {
    ...(apiKeys ? { apiKeys } : {}),
    ...(authenticators ? { authenticators } : {}),
    ...(oauthProviders ? { oauthProviders } : {}),
    ...(email ? { email } : {}),
    ...(phoneNumber ? { phoneNumber } : {}),
  };
  const message: SignupUsageMessage = { signupV2, tokenId: input.tokenId, type: UsageTypes.signup };
  return sign(JSON.stringify(message), input.signingKey);
}

export interface VerifyClientSignatureExpectations {
  /** The key bound to the verification token (its `public_key` claim). */
  expectedPublicKey: string;
  expectedType: UsageType;
  /** The verification token's `id` claim. */
  expectedTokenId: string;
}

const COMPRESSED_HEX = /^0[23][0-9a-fA-F]{64}$/;

/**
 * The key in compressed lowercase hex, for comparing. A key already in that form is not
 * decompressed here: importP256PublicKey below checks the one that is used against the curve,
 * and a decompression (a modular square root) per comparison cost the emulator ~1 ms per OTP flow.
 */
const compressedForm = (hex: string): string => (COMPRESSED_HEX.test(hex) ? hex.toLowerCase() : toCompressedHex(hex));

const invalidInput = (message: string, cause?: unknown): LatchError => new LatchError('ERR_INPUT_INVALID', message, { cause });

/**
 * Server side: verifies the signature over the message BYTES as given, then parses them and
 * checks type and token id. Returns the parsed message; the caller compares its content with
 * the request (e.g. `login.publicKey` with the session key being registered).
 * Errors: ERR_INPUT_INVALID (shape, scheme, message content), ERR_SIGNATURE_INVALID (wrong key
 * or bad signature), ERR_KEY_* (unusable expected key).
 */
export async function verifyClientSignature(
  clientSignature: ClientSignature,
  expectations: VerifyClientSignatureExpectations,
): Promise<LoginUsageMessage | SignupUsageMessage> {
  const cs = clientSignature as Partial<Record<keyof ClientSignature, unknown>> | null;
  if (typeof cs !== 'object' || cs === null || typeof cs.publicKey !== 'string' || typeof cs.message !== 'string' || typeof cs.signature !== 'string') {
    throw invalidInput('The client signature needs publicKey, scheme, message and signature strings.');
  }
  if (cs.scheme !== CLIENT_SIGNATURE_SCHEME) throw invalidInput('The client signature scheme is not CLIENT_SIGNATURE_SCHEME_API_P256.');

  const expectedKey = compressedForm(expectations.expectedPublicKey);
  let givenKey: string;
  try {
    givenKey = compressedForm(cs.publicKey);
  } catch (cause) {
    throw invalidInput('The client signature public key is not a P-256 key.', cause);
  }
  if (givenKey !== expectedKey) {
    throw new LatchError('ERR_SIGNATURE_INVALID', 'The client signature is not from the key bound to the verification token.');
  }
  let signature: Uint8Array;
  try {
    signature = fromHex(cs.signature);
  } catch (cause) {
    throw new LatchError('ERR_SIGNATURE_INVALID', 'The client signature is not hex.', { cause });
  }
  const key = await importP256PublicKey(expectedKey);
  if (signature.length !== 64 || !(await verifyP256(key, signature, utf8Encode(cs.message)))) {
    throw new LatchError('ERR_SIGNATURE_INVALID', 'The client signature does not match its message.');
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(cs.message);
  } catch (cause) {
    throw invalidInput('The signed message is not JSON.', cause);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidInput('The signed message is not a JSON object.');
  const message = parsed as Record<string, unknown>;
  if (message.type !== expectations.expectedType) throw invalidInput('The signed message is for another usage type.');
  if (message.tokenId !== expectations.expectedTokenId) throw invalidInput('The signed message names another verification token.');
  if (message.type === UsageTypes.login) {
    const login = message.login as { publicKey?: unknown } | null | undefined;
    if (typeof login !== 'object' || login === null || typeof login.publicKey !== 'string') {
      throw invalidInput('The signed login message has no login.publicKey.');
    }
    return message as unknown as LoginUsageMessage;
  }
  const signup = message.signupV2;
  if (typeof signup !== 'object' || signup === null || Array.isArray(signup)) throw invalidInput('The signed signup message has no signupV2 object.');
  return message as unknown as SignupUsageMessage;
}
