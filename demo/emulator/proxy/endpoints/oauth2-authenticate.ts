/**
 * POST /v1/oauth2_authenticate {provider, authCode, redirectUri, codeVerifier, nonce, clientId}
 * → {oidcToken}. Only X and Discord; the client id must be this configuration's.
 */
import { requireEnum, requireString } from '../../http/fields.ts';
import { forbidden } from '../../http/service-error.ts';
import { OAUTH2_PROVIDERS } from '../../activities/oauth2-authenticate.ts';
import { OAUTH_DISALLOWED, requireProvider } from '../provider-gate.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const oauth2Authenticate: ProxyEndpoint = {
  async run({ config, organizationId, body, upstream }) {
    const providerEnum = requireEnum(body, 'provider', Object.keys(OAUTH2_PROVIDERS) as (keyof typeof OAUTH2_PROVIDERS)[]);
    const provider = OAUTH2_PROVIDERS[providerEnum];
    requireProvider(config, provider);
    const clientId = requireString(body, 'clientId');
    if (config.oauthClientIds[provider] !== clientId) throw forbidden(`${OAUTH_DISALLOWED}: the client id is not this configuration's.`);
    const { result } = await upstream.submit('oauth2_authenticate', organizationId, {
      provider: providerEnum,
      authCode: requireString(body, 'authCode', '', { max: 512 }),
      redirectUri: requireString(body, 'redirectUri', '', { max: 2048 }),
      codeVerifier: requireString(body, 'codeVerifier', '', { max: 128 }),
      nonce: requireString(body, 'nonce', '', { max: 256 }),
      clientId,
    });
    return { oidcToken: result.oidcToken };
  },
};
