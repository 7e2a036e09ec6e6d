/** Users as list_users shows them (seed: "User (returned by list_users)"). */
import { timestamp } from '../api/envelope.ts';
import type { StateView } from '../state/store.ts';
import type { UserRecord } from '../state/records.ts';
import { API_KEY_CREDENTIAL_TYPES, type ApiKeyCurve } from './api-keys.ts';

export function wireUser(view: StateView, user: UserRecord): Record<string, unknown> {
  const ts = (r: { createdAt: number; updatedAt: number }) => ({ createdAt: timestamp(r.createdAt), updatedAt: timestamp(r.updatedAt) });
  return {
    userId: user.id,
    userName: user.userName,
    ...(user.userEmail ? { userEmail: user.userEmail } : {}),
    ...(user.userPhoneNumber ? { userPhoneNumber: user.userPhoneNumber } : {}),
    authenticators: view.authenticators.findBy('userId', user.id).map((a) => ({
      authenticatorId: a.id,
      authenticatorName: a.authenticatorName,
      transports: a.transports,
      attestationType: a.attestationType,
      aaguid: a.aaguid,
      credentialId: a.credentialId,
      model: '',
      credential: { publicKey: a.publicKey, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
      ...ts(a),
    })),
    apiKeys: view.apiKeys.findBy('userId', user.id).map((k) => ({
      apiKeyId: k.id,
      apiKeyName: k.apiKeyName,
      credential: { publicKey: k.publicKey, type: API_KEY_CREDENTIAL_TYPES[k.curveType as ApiKeyCurve] ?? API_KEY_CREDENTIAL_TYPES.API_KEY_CURVE_P256 },
      ...(k.expirationSeconds !== undefined ? { expirationSeconds: String(k.expirationSeconds) } : {}),
      ...ts(k),
    })),
    userTags: user.userTags,
    oauthProviders: view.oauthProviders.findBy('userId', user.id).map((p) => ({
      providerId: p.id,
      providerName: p.providerName,
      issuer: p.issuer,
      audience: p.audience,
      subject: p.subject,
      ...ts(p),
    })),
    ...ts(user),
  };
}
