/**
 * The OAuth providers the kit offers and how each one is spoken to. Google, Apple and Facebook
 * are OpenID Connect providers: the kit asks for an `id_token` whose `nonce` binds the user's
 * new public key. X and Discord only speak OAuth 2.0: the kit runs PKCE (S256), carries the
 * nonce in `state`, and the auth proxy's `oauth2_authenticate` turns the code into an OIDC token.
 */
export const OAuthProviders = {
  google: { kind: 'oidc', authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth', scope: 'openid email' },
  apple: { kind: 'oidc', authorizeUrl: 'https://appleid.apple.com/auth/authorize', scope: 'openid email' },
  facebook: { kind: 'oidc', authorizeUrl: 'https://www.facebook.com/v11.0/dialog/oauth', scope: 'openid email' },
  x: { kind: 'oauth2', authorizeUrl: 'https://x.com/i/oauth2/authorize', scope: 'tweet.read users.read', proxyName: 'OAUTH2_PROVIDER_X' },
  discord: { kind: 'oauth2', authorizeUrl: 'https://discord.com/oauth2/authorize', scope: 'identify email', proxyName: 'OAUTH2_PROVIDER_DISCORD' },
} as const;

export type OAuthProvider = keyof typeof OAuthProviders;

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(OAuthProviders, value);
}
