/**
 * Redeeming an authorization code (the token endpoint and oauth2_authenticate): the code must
 * be live, for this provider, client and redirect URI, and pass PKCE when it was asked with a
 * challenge. A code works once; a failed attempt leaves it untouched.
 */
import { isCodeVerifier, pkceMatches } from './pkce.ts';
import type { Tx } from '../state/store.ts';
import type { OAuthCodeRecord } from '../state/records.ts';

export type RedeemFailure = 'invalid_grant' | 'invalid_request';

export interface RedeemRequest {
  provider: string;
  code: string;
  clientId: string;
  redirectUri: string;
  codeVerifier?: string;
}

export async function redeemCode(tx: Tx, request: RedeemRequest, now: number): Promise<OAuthCodeRecord | RedeemFailure> {
  const record = tx.oauthCodes.get(request.code);
  if (!record || record.expiresAt <= now) return 'invalid_grant';
  if (record.provider !== request.provider || record.clientId !== request.clientId || record.redirectUri !== request.redirectUri) return 'invalid_grant';
  if (record.codeChallenge !== undefined) {
    if (!isCodeVerifier(request.codeVerifier)) return 'invalid_request';
    if (!(await pkceMatches(request.codeVerifier, record.codeChallenge))) return 'invalid_grant';
  }
  tx.oauthCodes.delete(record.id);
  return record;
}
