/**
 * A user as create_users, create_sub_organization (root users) and signup describe one:
 * validated completely (attestations and OIDC tokens included) before anything is staged.
 */
import { invalidRequest } from '../http/service-error.ts';
import { optionalObject, optionalObjectArray, optionalString, optionalUint, requireEnum, requireString } from '../http/fields.ts';
import { API_KEY_CURVES, normalizeApiPublicKey } from './api-keys.ts';
import { checkEmail, checkPhone } from './contact.ts';
import { verifyAuthenticatorParams } from './webauthn-registration.ts';
import { verifyOidcToken } from './oidc-token.ts';
import type { JsonObject } from '../http/fields.ts';
import type { EmulatorContext } from '../context.ts';
import type { ApiKeyCurve } from './api-keys.ts';
import type { VerifiedAuthenticator } from './webauthn-registration.ts';

export interface ApiKeySpec {
  apiKeyName: string;
  publicKey: string;
  curveType: ApiKeyCurve;
  expirationSeconds?: number;
}

export interface OauthProviderSpec {
  providerName: string;
  issuer: string;
  audience: string;
  subject: string;
}

export interface UserSpec {
  userName: string;
  userEmail?: string;
  userPhoneNumber?: string;
  userTags: string[];
  apiKeys: ApiKeySpec[];
  authenticators: VerifiedAuthenticator[];
  oauthProviders: OauthProviderSpec[];
}

/** Longest expiring API key the emulator grants (one year). */
const MAX_EXPIRATION_SECONDS = 31_536_000;

export function parseApiKeys(list: JsonObject[], where: string): ApiKeySpec[] {
  const specs = list.map((k, i) => {
    const at = `${where}[${i}]`;
    const curveType = requireEnum(k, 'curveType', API_KEY_CURVES, at);
    const spec: ApiKeySpec = {
      apiKeyName: requireString(k, 'apiKeyName', at, { max: 256 }),
      publicKey: normalizeApiPublicKey(requireString(k, 'publicKey', at), curveType, `${at}.publicKey`),
      curveType,
    };
    const expirationSeconds = optionalUint(k, 'expirationSeconds', at, { min: 1, max: MAX_EXPIRATION_SECONDS });
    if (expirationSeconds !== undefined) spec.expirationSeconds = expirationSeconds;
    return spec;
  });
  if (new Set(specs.map((s) => s.publicKey)).size !== specs.length) throw invalidRequest(`${where} lists one public key twice.`);
  return specs;
}

export async function parseOauthProviders(ctx: EmulatorContext, list: JsonObject[], where: string): Promise<OauthProviderSpec[]> {
  const out: OauthProviderSpec[] = [];
  for (const [i, p] of list.entries()) {
    const at = `${where}[${i}]`;
    const providerName = requireString(p, 'providerName', at, { max: 256 });
    const claims = optionalObject(p, 'oidcClaims', at);
    if (p.oidcToken !== undefined) {
      const identity = await verifyOidcToken(ctx, p.oidcToken);
      out.push({ providerName, issuer: identity.iss, audience: identity.aud, subject: identity.sub });
    } else if (claims) {
      // Claims without a token: trusted as given (the caller is an authenticated org user).
      out.push({ providerName, issuer: requireString(claims, 'iss', `${at}.oidcClaims`), audience: requireString(claims, 'aud', `${at}.oidcClaims`), subject: requireString(claims, 'sub', `${at}.oidcClaims`) });
    } else {
      throw invalidRequest(`${at} needs an oidcToken or oidcClaims.`);
    }
  }
  return out;
}

export async function parseUserParams(ctx: EmulatorContext, params: JsonObject, where: string): Promise<UserSpec> {
  const userEmail = optionalString(params, 'userEmail', where, { max: 320 });
  const userPhoneNumber = optionalString(params, 'userPhoneNumber', where, { max: 32 });
  const tags = params.userTags ?? [];
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) throw invalidRequest(`${where}.userTags must be an array of strings.`);
  const authenticators: VerifiedAuthenticator[] = [];
  for (const [i, a] of optionalObjectArray(params, 'authenticators', where).entries()) {
    authenticators.push(await verifyAuthenticatorParams(a, `${where}.authenticators[${i}]`, ctx.webauthn));
  }
  if (new Set(authenticators.map((a) => a.credentialId)).size !== authenticators.length) {
    throw invalidRequest(`${where}.authenticators lists one credential twice.`);
  }
  const spec: UserSpec = {
    userName: optionalString(params, 'userName', where, { max: 256 }) ?? userEmail ?? userPhoneNumber ?? 'User',
    userTags: tags as string[],
    apiKeys: parseApiKeys(optionalObjectArray(params, 'apiKeys', where), `${where}.apiKeys`),
    authenticators,
    oauthProviders: await parseOauthProviders(ctx, optionalObjectArray(params, 'oauthProviders', where), `${where}.oauthProviders`),
  };
  if (userEmail) spec.userEmail = checkEmail(userEmail, `${where}.userEmail`);
  if (userPhoneNumber) spec.userPhoneNumber = checkPhone(userPhoneNumber, `${where}.userPhoneNumber`);
  return spec;
}
