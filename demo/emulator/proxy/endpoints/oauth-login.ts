/**
 * POST /v1/oauth_login {oidcToken, publicKey, invalidateExisting?, organizationId?} → {session}.
 * The token's provider must be enabled ("OAUTH disallowed" otherwise); its nonce must bind
 * publicKey (checked upstream, with the signature, issuer, audience and expiry).
 */
import { decodeJwt } from '../../../../src/tokens/jwt.ts';
import { unauthenticated } from '../../http/service-error.ts';
import { optionalBoolean, optionalString, requireString } from '../../http/fields.ts';
import { providerOfIssuer } from '../../oauth/issuers.ts';
import { requireProvider } from '../provider-gate.ts';
import { findSubOrganization } from './sub-org-lookup.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const oauthLogin: ProxyEndpoint = {
  async run({ ctx, config, organizationId, body, upstream }) {
    const oidcToken = requireString(body, 'oidcToken', '', { max: 8192 });
    const publicKey = requireString(body, 'publicKey');
    const invalidateExisting = optionalBoolean(body, 'invalidateExisting') ?? false;
    let issuer: unknown;
    try {
      issuer = decodeJwt(oidcToken).payload.iss;
    } catch (error) {
      throw unauthenticated('INVALID_OIDC_TOKEN', 'The OIDC token is not a JWT.', error);
    }
    const provider = providerOfIssuer(ctx, issuer);
    if (!provider) throw unauthenticated('INVALID_OIDC_TOKEN', 'The OIDC token issuer is not known.');
    requireProvider(config, provider);
    const target = optionalString(body, 'organizationId') ?? (await findSubOrganization(upstream, organizationId, 'OIDC_TOKEN', oidcToken));
    const { result } = await upstream.submit('oauth_login', target, {
      oidcToken,
      publicKey,
      invalidateExisting,
      expirationSeconds: String(config.sessionExpirationSeconds),
    });
    return { session: result.session };
  },
};
