/**
 * oauth2_authenticate (ACTIVITY_TYPE_OAUTH2_AUTHENTICATE, called by the auth proxy): exchanges
 * an X or Discord authorization code (PKCE checked) with the built-in provider and returns an
 * OIDC token issued by the emulator, carrying the client's nonce, for oauth_login.
 */
import { invalidRequest, unauthenticated } from '../http/service-error.ts';
import { requireEnum, requireString } from '../http/fields.ts';
import { redeemCode } from '../oauth/redeem-code.ts';
import { issueIdToken } from '../oauth/id-token.ts';
import { configsForClient } from '../oauth/clients.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const OAUTH2_PROVIDERS = { OAUTH2_PROVIDER_X: 'x', OAUTH2_PROVIDER_DISCORD: 'discord' } as const;
type Oauth2Provider = keyof typeof OAUTH2_PROVIDERS;

export const oauth2Authenticate: ActivityHandler = {
  async run({ ctx, tx, parameters: p, now }) {
    const providerEnum = requireEnum(p, 'provider', Object.keys(OAUTH2_PROVIDERS) as Oauth2Provider[], 'parameters');
    const provider = OAUTH2_PROVIDERS[providerEnum];
    const code = requireString(p, 'authCode', 'parameters', { max: 512 });
    const redirectUri = requireString(p, 'redirectUri', 'parameters', { max: 2048 });
    const codeVerifier = requireString(p, 'codeVerifier', 'parameters', { max: 128 });
    const nonce = requireString(p, 'nonce', 'parameters', { max: 256 });
    const clientId = requireString(p, 'clientId', 'parameters', { max: 256 });
    if (configsForClient(ctx, provider, clientId).length === 0) throw invalidRequest('parameters.clientId is not a client of this provider.');
    const redeemed = await redeemCode(tx, { provider, code, clientId, redirectUri, codeVerifier }, now);
    if (typeof redeemed === 'string') throw unauthenticated('INVALID_OIDC_TOKEN', 'The authorization code is unknown, expired, used, or fails PKCE.');
    const oidcToken = await issueIdToken(ctx, { provider, clientId, subject: redeemed.subject, email: redeemed.email }, nonce);
    return { oidcToken };
  },
};
