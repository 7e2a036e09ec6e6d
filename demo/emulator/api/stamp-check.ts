/**
 * First half of authentication, before the body is parsed: an `X-Stamp` is verified over the
 * raw body bytes right away (no state needed); an `X-Stamp-Webauthn` is only parsed here,
 * because checking it needs the stored authenticator (see principal.ts). An `X-Stamp-Attested`
 * (docs/protocol.md §9: a key not yet registered, vouched for by a verification token or an OIDC
 * token) has its signature verified here like an `X-Stamp`; the attestation is checked in
 * attested-principal.ts, which needs state.
 */
import { KeyObject } from 'node:crypto';
import { verifyOnWorker, verifyP256Raw } from './crypto-worker.ts';
import { decodeStampHeader, verifyDecodedStampWith, verifyStampWith } from '../../../src/stamp/verify-stamp.ts';
import { API_KEY_STAMP_SCHEME } from '../../../src/stamp/create-stamp.ts';
import { fromBase64Url, toBase64Url } from '../../../src/encoding/base64url.ts';
import { utf8Decode, utf8Encode } from '../../../src/encoding/utf8.ts';
import { unauthenticated } from '../http/service-error.ts';
import { isObject } from '../http/fields.ts';
import type { EmuRequest } from '../http/exchange.ts';
import type { ApiKeyCurve } from '../identity/api-keys.ts';
import { isWalletStampScheme, verifyWalletStamp } from './wallet-stamp.ts';

export interface WebAuthnStamp {
  authenticatorData: string;
  clientDataJson: string;
  credentialId: string;
  signature: string;
  userHandle?: string;
}

export const ATTESTED_SCHEMES = ['STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN', 'STAMP_ATTESTED_SCHEME_P256_OIDC'] as const;
export type AttestedScheme = (typeof ATTESTED_SCHEMES)[number];

export type StampCheck =
  | { kind: 'API_KEY'; publicKey: string; curve: ApiKeyCurve }
  | { kind: 'PASSKEY'; stamp: WebAuthnStamp }
  | { kind: 'ATTESTED'; publicKey: string; scheme: AttestedScheme; attestation: string };

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The same keys as OpenSSL key objects, made once per imported key (which the core caches). */
const keyObjects = new WeakMap<CryptoKey, KeyObject>();

/**
 * The signature check of every X-Stamp: the core's verifyStamp with Node's ECDSA P-256 SHA-256
 * (OpenSSL, the same implementation WebCrypto calls in Node, so the same answer for every
 * signature, high S accepted), on the emulator's crypto worker (crypto-worker.ts) so that it
 * takes the second core, else synchronously. WebCrypto would hand each verification to the
 * thread pool and back, costing more CPU than the verification itself on the stamped hot path.
 */
function verifyP256(key: CryptoKey, signature: Uint8Array, data: Uint8Array): boolean | Promise<boolean> {
  let keyObject = keyObjects.get(key);
  if (!keyObject) keyObjects.set(key, (keyObject = KeyObject.from(key)));
  return verifyOnWorker(keyObject, signature, data) ?? verifyP256Raw(keyObject, signature, data);
}

const verifyStamp = (body: Uint8Array, headerValue: string) => verifyStampWith(body, headerValue, verifyP256);

function parseWebAuthnStamp(value: string): WebAuthnStamp {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp-Webauthn header is not JSON.', error);
  }
  if (!isObject(parsed)) throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp-Webauthn header is not a JSON object.');
  const fields = ['authenticatorData', 'clientDataJson', 'credentialId', 'signature'] as const;
  for (const field of fields) {
    const v = parsed[field];
    if (typeof v !== 'string' || !B64URL.test(v)) {
      throw unauthenticated('SIGNATURE_INVALID', `The X-Stamp-Webauthn field ${field} must be base64url.`);
    }
  }
  const stamp = Object.fromEntries(fields.map((f) => [f, parsed[f] as string])) as unknown as WebAuthnStamp;
  if (typeof parsed.userHandle === 'string') stamp.userHandle = parsed.userHandle;
  return stamp;
}

/** `X-Stamp-Attested`: base64url JSON `{publicKeyAttestation, scheme, publicKey, signature}`, the signature DER hex over the body. */
async function checkAttestedStamp(value: string, body: Uint8Array): Promise<StampCheck> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decode(fromBase64Url(value)));
  } catch (error) {
    throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp-Attested header is not base64url JSON.', error);
  }
  if (!isObject(parsed)) throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp-Attested header is not a JSON object.');
  const { publicKeyAttestation, scheme, publicKey, signature } = parsed;
  if (typeof publicKeyAttestation !== 'string' || typeof publicKey !== 'string' || typeof signature !== 'string') {
    throw unauthenticated('SIGNATURE_INVALID', 'X-Stamp-Attested needs publicKeyAttestation, publicKey and signature strings.');
  }
  if (!(ATTESTED_SCHEMES as readonly unknown[]).includes(scheme)) throw unauthenticated('SIGNATURE_INVALID', 'Unknown X-Stamp-Attested scheme.');
  // The signature is an API-key stamp's: the same ECDSA P-256 over the exact body bytes.
  const asApiStamp = toBase64Url(utf8Encode(JSON.stringify({ publicKey, scheme: API_KEY_STAMP_SCHEME, signature })));
  try {
    const verified = await verifyStamp(body, asApiStamp);
    return { kind: 'ATTESTED', publicKey: verified.publicKey, scheme: scheme as AttestedScheme, attestation: publicKeyAttestation };
  } catch (error) {
    throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp-Attested signature does not verify over the request body.', error);
  }
}

/**
 * The scheme of an X-Stamp, read without judging anything else: a wallet's scheme goes to
 * wallet-stamp.ts, everything else to the core's P-256 verifier (which refuses unknown schemes).
 */
function walletStampOf(parsed: unknown): { publicKey: string; scheme: Parameters<typeof verifyWalletStamp>[1]['scheme']; signature: string } | undefined {
  if (!isObject(parsed) || !isWalletStampScheme(parsed.scheme)) return undefined;
  const { publicKey, signature } = parsed;
  if (typeof publicKey !== 'string' || typeof signature !== 'string') {
    throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp needs publicKey, scheme and signature strings.');
  }
  return { publicKey, scheme: parsed.scheme, signature };
}

export async function checkStamp(request: EmuRequest): Promise<StampCheck> {
  const apiStamp = request.headers['x-stamp'];
  const passkeyStamp = request.headers['x-stamp-webauthn'];
  const attestedStamp = request.headers['x-stamp-attested'];
  const count = [apiStamp, passkeyStamp, attestedStamp].filter((h) => h !== undefined).length;
  if (count === 0) {
    throw unauthenticated('SIGNATURE_MISSING', 'The request carries no X-Stamp, X-Stamp-Webauthn or X-Stamp-Attested header.');
  }
  if (count > 1) {
    throw unauthenticated('SIGNATURE_INVALID', 'The request carries two stamps; send exactly one.');
  }
  if (passkeyStamp !== undefined) return { kind: 'PASSKEY', stamp: parseWebAuthnStamp(passkeyStamp) };
  if (attestedStamp !== undefined) return checkAttestedStamp(attestedStamp, request.body);
  // Decoded once, for the scheme and then for the verifier it picks; a header that does not
  // decode goes to the core's verifier, which refuses it as before.
  let decoded: { value: unknown } | undefined;
  try {
    decoded = { value: decodeStampHeader(apiStamp!) };
  } catch {
    decoded = undefined;
  }
  const walletStamp = decoded && walletStampOf(decoded.value);
  if (walletStamp) {
    try {
      return { kind: 'API_KEY', ...verifyWalletStamp(request.body, walletStamp) };
    } catch (error) {
      throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp does not verify over the request body.', error);
    }
  }
  try {
    const verified = await (decoded ? verifyDecodedStampWith(request.body, decoded.value, verifyP256) : verifyStamp(request.body, apiStamp!));
    return { kind: 'API_KEY', publicKey: verified.publicKey, curve: 'API_KEY_CURVE_P256' };
  } catch (error) {
    throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp does not verify over the request body.', error);
  }
}
