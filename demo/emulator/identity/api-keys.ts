/**
 * Adding API keys, with the service's cap: a user holds at most 10 expiring API keys; past
 * that, expired keys go first, then the oldest (docs/protocol.md §4). Tabs that log in on their own
 * can therefore end each other's sessions, as on the hosted service.
 */
import { invalidRequest } from '../http/service-error.ts';
import type { ApiKeyOrigin, ApiKeyRecord } from '../state/records.ts';
import type { Tx } from '../state/store.ts';

export const MAX_EXPIRING_KEYS = 10;
export const API_KEY_CURVES = ['API_KEY_CURVE_P256', 'API_KEY_CURVE_SECP256K1', 'API_KEY_CURVE_ED25519'] as const;
export type ApiKeyCurve = (typeof API_KEY_CURVES)[number];

/** Each curve's credential type, as list_users and policies' `credentials` name it (the hosted v1CredentialType). */
export const API_KEY_CREDENTIAL_TYPES = {
  API_KEY_CURVE_P256: 'CREDENTIAL_TYPE_API_KEY_P256',
  API_KEY_CURVE_SECP256K1: 'CREDENTIAL_TYPE_API_KEY_SECP256K1',
  API_KEY_CURVE_ED25519: 'CREDENTIAL_TYPE_API_KEY_ED25519',
} as const satisfies Record<ApiKeyCurve, string>;

/**
 * The stamp scheme that signs with a key of each curve (the hosted stampers' `scheme`): a P-256
 * API key's X-Stamp, an Ethereum wallet's EIP-191 stamp, a Solana wallet's Ed25519 stamp. A
 * vote names the scheme of the credential that cast it.
 */
export const API_KEY_STAMP_SCHEMES = {
  API_KEY_CURVE_P256: 'SIGNATURE_SCHEME_TK_API_P256',
  API_KEY_CURVE_SECP256K1: 'SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191',
  API_KEY_CURVE_ED25519: 'SIGNATURE_SCHEME_TK_API_ED25519',
} as const satisfies Record<ApiKeyCurve, string>;

/** The curve of an API key stamp scheme; undefined for any other (a passkey's). */
export function curveOfStampScheme(scheme: string): ApiKeyCurve | undefined {
  return API_KEY_CURVES.find((curve) => API_KEY_STAMP_SCHEMES[curve] === scheme);
}

/** Public key encodings per curve: compressed SEC1 hex for the ECDSA curves, 32 bytes for Ed25519. */
export function normalizeApiPublicKey(publicKey: string, curveType: ApiKeyCurve, where: string): string {
  const ok = curveType === 'API_KEY_CURVE_ED25519' ? /^[0-9a-fA-F]{64}$/.test(publicKey) : /^0[23][0-9a-fA-F]{64}$/.test(publicKey);
  if (!ok) throw invalidRequest(`${where} is not a valid public key for ${curveType}.`);
  return publicKey.toLowerCase();
}

export interface NewApiKey {
  userId: string;
  organizationId: string;
  apiKeyName: string;
  publicKey: string;
  curveType: ApiKeyCurve;
  expirationSeconds?: number;
  origin: ApiKeyOrigin;
  /** The login behind the key (step-up); default: now, the key being made by a login. */
  authenticatedAt?: number;
}

export function addApiKey(tx: Tx, key: NewApiKey, now: number): ApiKeyRecord {
  const duplicate = tx.apiKeys.findBy('userId', key.userId).find((k) => k.publicKey === key.publicKey);
  if (duplicate) throw invalidRequest('The user already has an API key with this public key.');
  const record: ApiKeyRecord = {
    id: crypto.randomUUID(),
    userId: key.userId,
    organizationId: key.organizationId,
    apiKeyName: key.apiKeyName,
    publicKey: key.publicKey,
    curveType: key.curveType,
    origin: key.origin,
    authenticatedAt: key.authenticatedAt ?? now,
    createdAt: now,
    updatedAt: now,
    ...(key.expirationSeconds !== undefined ? { expirationSeconds: key.expirationSeconds, expiresAt: now + key.expirationSeconds * 1000 } : {}),
  };
  tx.apiKeys.put(record);
  if (record.expiresAt !== undefined) evictExpiringKeys(tx, key.userId, record.id, now);
  return record;
}

function evictExpiringKeys(tx: Tx, userId: string, keepId: string, now: number): void {
  const expiring = tx.apiKeys.findBy('userId', userId).filter((k) => k.expiresAt !== undefined);
  const excess = expiring.length - MAX_EXPIRING_KEYS;
  if (excess <= 0) return;
  const victims = expiring
    .filter((k) => k.id !== keepId)
    .sort((a, b) => {
      const aExpired = a.expiresAt! <= now ? 0 : 1;
      const bExpired = b.expiresAt! <= now ? 0 : 1;
      return aExpired - bExpired || a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1);
    })
    .slice(0, excess);
  for (const victim of victims) tx.apiKeys.delete(victim.id);
}

/** invalidateExisting: the user's earlier keys from the same login flow go away. */
export function invalidateKeysOfOrigin(tx: Tx, userId: string, origin: ApiKeyOrigin): void {
  for (const key of tx.apiKeys.findBy('userId', userId)) if (key.origin === origin) tx.apiKeys.delete(key.id);
}
