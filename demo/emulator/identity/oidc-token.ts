/**
 * OIDC tokens the emulator accepts: those issued by its built-in provider (Google, Apple,
 * Facebook, X and Discord stand-ins). Verified for real: ES256 signature against the provider's
 * key (the JWKS at /oauth/jwks), issuer, audience (a client id, primary or secondary, some proxy
 * configuration holds for that provider), expiry, and the nonce when the caller binds one.
 */
import { decodeJwt } from '../../../src/tokens/jwt.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { subtle } from '../../../src/crypto/webcrypto.ts';
import { unauthenticated } from '../http/service-error.ts';
import { providerOfIssuer } from '../oauth/issuers.ts';
import type { EmulatorContext } from '../context.ts';
import { clientIdsOf, type OAuthProviderName } from '../config/proxy-config.ts';

export interface OidcIdentity {
  provider: OAuthProviderName;
  iss: string;
  sub: string;
  aud: string;
  email?: string;
  nonce?: string;
}

/** Clock skew allowed on `exp` and `iat`. */
const SKEW_SECONDS = 60;

const invalid = (message: string, cause?: unknown) => unauthenticated('INVALID_OIDC_TOKEN', message, cause);

export async function verifyOidcToken(ctx: EmulatorContext, token: unknown, expectedNonce?: string): Promise<OidcIdentity> {
  if (typeof token !== 'string') throw invalid('The OIDC token must be a string.');
  let decoded;
  try {
    decoded = decodeJwt(token);
  } catch (error) {
    throw invalid('The OIDC token is not a JWT.', error);
  }
  const { header, payload, signingInput, signature } = decoded;
  if (header.alg !== 'ES256' || header.typ === 'at+jwt' || header.kid !== ctx.keys.oauth.kid) throw invalid('The OIDC token is not signed by a known provider key.');
  const key = await subtle().importKey('jwk', ctx.keys.oauth.publicJwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = signature.length === 64 && (await subtle().verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature.slice(), utf8Encode(signingInput).slice()));
  if (!valid) throw invalid('The OIDC token signature is not valid.');

  const provider = providerOfIssuer(ctx, payload.iss);
  if (!provider) throw invalid('The OIDC token issuer is not known.');
  const { sub, aud, exp, nonce, tknonce, email } = payload;
  if (typeof sub !== 'string' || sub.length === 0) throw invalid('The OIDC token has no subject.');
  if (typeof aud !== 'string') throw invalid('The OIDC token has no audience.');
  const knownAudience = [...ctx.configs.values()].some((c) => clientIdsOf(c, provider).includes(aud));
  if (!knownAudience) throw invalid('The OIDC token audience is not a configured client id.');
  if (typeof exp !== 'number' || exp * 1000 + SKEW_SECONDS * 1000 <= ctx.now()) throw invalid('The OIDC token has expired.');
  const tokenNonce = typeof nonce === 'string' ? nonce : typeof tknonce === 'string' ? tknonce : undefined;
  if (expectedNonce !== undefined && tokenNonce !== expectedNonce) throw invalid('The OIDC token nonce does not match the public key.');
  return {
    provider,
    iss: payload.iss as string,
    sub,
    aud,
    ...(typeof email === 'string' ? { email } : {}),
    ...(tokenNonce !== undefined ? { nonce: tokenNonce } : {}),
  };
}
