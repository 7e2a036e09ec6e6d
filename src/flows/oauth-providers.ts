/**
 * The OAuth providers the kit offers and how each one is spoken to, per each provider's own
 * documentation and what the hosted kit sends (the parameters were read from the hosted
 * `@turnkey/react-wallet-kit` and the providers' docs; nothing copied):
 * - Google (OIDC): implicit `id_token` in the fragment, `nonce` binds the new key, and an
 *   account chooser (`prompt=select_account`).
 * - Apple (Sign in with Apple): `response_type=code id_token`, `response_mode=fragment`, and NO
 *   `scope`: Apple answers requested scopes only by `form_post`, which a page cannot read.
 * - Facebook (OIDC, manual flow): authorization code with PKCE S256 and `nonce`; the page
 *   itself exchanges the code (with the verifier, no secret) at the Graph token endpoint, whose
 *   answer carries the `id_token`. Facebook offers no implicit `id_token` to a web page.
 * - X and Discord only speak OAuth 2.0: PKCE S256, the nonce carried in `state`, and the auth
 *   proxy's `oauth2_authenticate` turns the code into an OIDC token.
 */
export const OAuthProviders = {
  google: {
    kind: 'oidc',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    responseType: 'id_token',
    scope: 'openid email profile',
    extra: { prompt: 'select_account' },
  },
  apple: {
    kind: 'oidc',
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    responseType: 'code id_token',
    scope: '',
    extra: { response_mode: 'fragment' },
  },
  facebook: {
    kind: 'oidc-code',
    authorizeUrl: 'https://www.facebook.com/v11.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v11.0/oauth/access_token',
    responseType: 'code',
    scope: 'openid',
    extra: {},
  },
  x: { kind: 'oauth2', authorizeUrl: 'https://x.com/i/oauth2/authorize', responseType: 'code', scope: 'tweet.read users.read', proxyName: 'OAUTH2_PROVIDER_X', extra: {} },
  discord: { kind: 'oauth2', authorizeUrl: 'https://discord.com/oauth2/authorize', responseType: 'code', scope: 'identify email', proxyName: 'OAUTH2_PROVIDER_DISCORD', extra: {} },
} as const;

export type OAuthProvider = keyof typeof OAuthProviders;

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(OAuthProviders, value);
}
