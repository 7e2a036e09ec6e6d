/**
 * The emulator's own keys, made once per state (a fresh in-memory emulator, or a new data
 * file) and reloaded from the data file after that. The kit is told to trust their public
 * halves through `GET /__keys`: the hosted service's keys are pinned, the emulator's are not.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { randomBytes } from '../../../src/crypto/webcrypto.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { newP256Scalar, p256Signer } from './p256-signer.ts';
import type { P256Signer } from './p256-signer.ts';
import type { KeysRecord } from '../state/records.ts';
import type { Store } from '../state/store.ts';

export interface Ed25519Signer {
  kid: string;
  seed: Uint8Array;
  publicKeyHex: string;
  publicJwk: { kty: 'OKP'; crv: 'Ed25519'; kid: string; x: string; alg: 'EdDSA'; use: 'sig' };
}

export interface EmulatorKeys {
  /** Signs session JWTs (docs/protocol.md §4). */
  notarizer: P256Signer;
  /** Signs OTP verification tokens. */
  verificationSigner: P256Signer;
  /** Signs export bundles and import targets (docs/protocol.md §6). */
  enclave: P256Signer;
  /** Signs the built-in OAuth provider's id_tokens (ES256), published as a JWKS. */
  oauth: P256Signer & { kid: string };
  /** Signs webhook deliveries (Ed25519, docs/protocol.md §8). Replaced by rotateWebhookKey. */
  webhook: Ed25519Signer;
  /** Keys rotated out, still published (newest first, at most RETIRED_WEBHOOK_KEYS). */
  webhookRetired: { kid: string; publicKeyHex: string }[];
}

/** Rotated-out webhook keys kept in the JWKS. */
export const RETIRED_WEBHOOK_KEYS = 3;

type WebhookJwk = Ed25519Signer['publicJwk'];

const webhookJwk = (kid: string, publicKeyHex: string): WebhookJwk => ({ kty: 'OKP', crv: 'Ed25519', kid, x: toBase64Url(fromHex(publicKeyHex)), alg: 'EdDSA', use: 'sig' });

/** The webhook JWKS: the current key first, then the retired ones. */
export function webhookJwks(keys: EmulatorKeys): { keys: WebhookJwk[] } {
  return { keys: [keys.webhook.publicJwk, ...keys.webhookRetired.map((k) => webhookJwk(k.kid, k.publicKeyHex))] };
}

/**
 * Starts signing webhooks with a new key (new `kid`), keeping the old public key in the JWKS.
 * Persisted like every change; `keys` (the live context's) is updated once it is durable.
 */
export async function rotateWebhookKey(store: Store, keys: EmulatorKeys, now: number): Promise<string> {
  const next = { kid: `webhook-${toHex(randomBytes(6))}`, seedHex: toHex(ed25519.utils.randomSecretKey()) };
  const record = await store.transact((tx) => {
    const current = tx.keys.get('keys')!;
    const retired = [{ kid: current.webhook.kid, publicKeyHex: toHex(ed25519.getPublicKey(fromHex(current.webhook.seedHex))) }, ...(current.webhookRetired ?? [])].slice(0, RETIRED_WEBHOOK_KEYS);
    return tx.keys.put({ ...current, webhook: next, webhookRetired: retired, updatedAt: now });
  });
  keys.webhook = ed25519Signer(record.webhook.kid, record.webhook.seedHex);
  keys.webhookRetired = [...(record.webhookRetired ?? [])];
  return next.kid;
}

function ed25519Signer(kid: string, seedHex: string): Ed25519Signer {
  const seed = fromHex(seedHex);
  const publicKey = ed25519.getPublicKey(seed);
  return {
    kid,
    seed,
    publicKeyHex: toHex(publicKey),
    publicJwk: { kty: 'OKP', crv: 'Ed25519', kid, x: toBase64Url(publicKey), alg: 'EdDSA', use: 'sig' },
  };
}

function newKeysRecord(now: number): KeysRecord {
  return {
    id: 'keys',
    createdAt: now,
    updatedAt: now,
    notarizer: newP256Scalar(),
    verificationSigner: newP256Scalar(),
    enclave: newP256Scalar(),
    oauth: { kid: `oauth-${toHex(randomBytes(6))}`, privateKeyHex: newP256Scalar() },
    webhook: { kid: `webhook-${toHex(randomBytes(6))}`, seedHex: toHex(ed25519.utils.randomSecretKey()) },
  };
}

/** Loads the keys from the state, creating (and persisting) them on first start. */
export async function loadEmulatorKeys(store: Store, now: number): Promise<EmulatorKeys> {
  let record = store.read.keys.get('keys');
  if (!record) {
    record = await store.transact((tx) => tx.keys.get('keys') ?? tx.keys.put(newKeysRecord(now)));
  }
  return {
    notarizer: await p256Signer(record.notarizer),
    verificationSigner: await p256Signer(record.verificationSigner),
    enclave: await p256Signer(record.enclave),
    oauth: { ...(await p256Signer(record.oauth.privateKeyHex)), kid: record.oauth.kid },
    webhook: ed25519Signer(record.webhook.kid, record.webhook.seedHex),
    webhookRetired: [...(record.webhookRetired ?? [])],
  };
}
