/**
 * The built-in OAuth provider stands in for Google, Apple, Facebook (OIDC) and X, Discord
 * (OAuth 2.0 + PKCE). Each stand-in has its own issuer under the emulator's API origin, and
 * all of them sign with one ES256 key published at `/oauth/jwks`.
 */
import { OAUTH_PROVIDER_NAMES } from '../config/proxy-config.ts';
import type { OAuthProviderName } from '../config/proxy-config.ts';
import type { EmulatorContext } from '../context.ts';

export function oauthIssuer(ctx: EmulatorContext, provider: OAuthProviderName): string {
  return `${ctx.urls.oauthUrl}/${provider}`;
}

/** The provider whose issuer is `iss`, if it is one of the emulator's. */
export function providerOfIssuer(ctx: EmulatorContext, iss: unknown): OAuthProviderName | undefined {
  return OAUTH_PROVIDER_NAMES.find((p) => oauthIssuer(ctx, p) === iss);
}

export function isOAuthProviderName(value: unknown): value is OAuthProviderName {
  return typeof value === 'string' && (OAUTH_PROVIDER_NAMES as readonly string[]).includes(value);
}
