/**
 * The hosted kit's buildSecondaryOauthProviders: one OAuth identity (issuer and subject) for each
 * other client id of the same app (`oauthSecondaryClientIds`, another platform's), as claims with
 * that audience, so that a token issued to any of them finds the same account. Sent beside the
 * token itself, at sign-up and when a login is linked to a user.
 */
import type { SignupOauthProvider } from '../clients/proxy-types.ts';

export function secondaryOauthProviders(
  providerName: string,
  claims: Record<string, unknown>,
  clientIds: readonly string[] | undefined,
): Extract<SignupOauthProvider, { oidcClaims: unknown }>[] {
  const { iss, sub, aud } = claims;
  // As the hosted helper: nothing without an issuer and a subject.
  if (typeof iss !== 'string' || !iss || typeof sub !== 'string' || !sub) return [];
  return (clientIds ?? []).filter((id) => id && id !== aud).map((id) => ({ providerName, oidcClaims: { iss, sub, aud: id } }));
}
