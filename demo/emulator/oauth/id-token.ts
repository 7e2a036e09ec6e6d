/**
 * Tokens of the built-in provider: ES256 JWTs signed with the emulator's OAuth key (kid in the
 * header, public half at /oauth/jwks). id_tokens carry iss, sub, aud, exp, iat, email and the
 * nonce; access tokens are the same kind of JWT with `typ: at+jwt`, read back by /userinfo.
 */
import { signP256 } from '../../../src/stamp/sign-p256.ts';
import { jwtSigningInput } from '../../../src/tokens/jwt.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { oauthIssuer } from './issuers.ts';
import type { EmulatorContext } from '../context.ts';
import type { OAuthProviderName } from '../config/proxy-config.ts';

export const ID_TOKEN_SECONDS = 3600;

export interface TokenSubject {
  provider: OAuthProviderName;
  clientId: string;
  subject: string;
  email: string;
}

/** A stable subject per provider and email, so the same person logs in to the same account. */
export async function subjectFor(provider: OAuthProviderName, email: string): Promise<string> {
  return toHex(await sha256(utf8Encode(`${provider}:${email.trim().toLowerCase()}`))).slice(0, 24);
}

async function sign(ctx: EmulatorContext, typ: string, payload: Record<string, unknown>): Promise<string> {
  const input = jwtSigningInput({ alg: 'ES256', typ, kid: ctx.keys.oauth.kid }, payload);
  return `${input}.${toBase64Url(await signP256(ctx.keys.oauth.privateKey, utf8Encode(input)))}`;
}

export async function issueIdToken(ctx: EmulatorContext, who: TokenSubject, nonce?: string): Promise<string> {
  const iat = Math.floor(ctx.now() / 1000);
  return sign(ctx, 'JWT', {
    iss: oauthIssuer(ctx, who.provider),
    sub: who.subject,
    aud: who.clientId,
    iat,
    exp: iat + ID_TOKEN_SECONDS,
    email: who.email,
    email_verified: true,
    ...(nonce !== undefined ? { nonce } : {}),
  });
}

export async function issueAccessToken(ctx: EmulatorContext, who: TokenSubject): Promise<string> {
  const iat = Math.floor(ctx.now() / 1000);
  return sign(ctx, 'at+jwt', { iss: oauthIssuer(ctx, who.provider), sub: who.subject, client_id: who.clientId, email: who.email, iat, exp: iat + ID_TOKEN_SECONDS });
}
