/**
 * A user's credentials as the hosted service shows them (v1Authenticator, v1ApiKey,
 * v1OauthProvider): inside a user (get_user, list_users) and alone (get_authenticators,
 * get_api_keys, get_oauth_providers and their single-item twins), one renderer each so the two
 * answers can never drift apart.
 */
import { timestamp } from '../api/envelope.ts';
import { API_KEY_CREDENTIAL_TYPES, type ApiKeyCurve } from './api-keys.ts';
import type { ApiKeyRecord, AuthenticatorRecord, OauthProviderRecord } from '../state/records.ts';

/** createdAt / updatedAt as the service's timestamps. */
export const wireTimes = (r: { createdAt: number; updatedAt: number }) => ({ createdAt: timestamp(r.createdAt), updatedAt: timestamp(r.updatedAt) });

export function wireAuthenticator(a: AuthenticatorRecord): Record<string, unknown> {
  return {
    authenticatorId: a.id,
    authenticatorName: a.authenticatorName,
    transports: a.transports,
    attestationType: a.attestationType,
    aaguid: a.aaguid,
    credentialId: a.credentialId,
    model: '',
    credential: { publicKey: a.publicKey, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
    ...wireTimes(a),
  };
}

export function wireApiKey(k: ApiKeyRecord): Record<string, unknown> {
  return {
    apiKeyId: k.id,
    apiKeyName: k.apiKeyName,
    credential: { publicKey: k.publicKey, type: API_KEY_CREDENTIAL_TYPES[k.curveType as ApiKeyCurve] ?? API_KEY_CREDENTIAL_TYPES.API_KEY_CURVE_P256 },
    ...(k.expirationSeconds !== undefined ? { expirationSeconds: String(k.expirationSeconds) } : {}),
    ...wireTimes(k),
  };
}

export function wireOauthProvider(p: OauthProviderRecord): Record<string, unknown> {
  return {
    providerId: p.id,
    providerName: p.providerName,
    issuer: p.issuer,
    audience: p.audience,
    subject: p.subject,
    ...wireTimes(p),
  };
}
