/**
 * POST /v1/signup → {organizationId, userId, wallet?, appProofs}: a sub-organization of this
 * configuration's organization for one new user (create_sub_organization upstream). The three
 * credential arrays are required (`[]` when none). The verification token, when given, must
 * verify the user's email or phone; with a bound key, a client signature (USAGE_TYPE_SIGNUP)
 * is required. No session: the client logs in afterwards.
 */
import { decodeJwt } from '../../../../src/tokens/jwt.ts';
import { invalidRequest } from '../../http/service-error.ts';
import { isObject, optionalObject, optionalString, requireObjectArray } from '../../http/fields.ts';
import { providerOfIssuer } from '../../oauth/issuers.ts';
import { requireProvider } from '../provider-gate.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const signup: ProxyEndpoint = {
  async run({ ctx, config, organizationId, body, upstream }) {
    const userEmail = optionalString(body, 'userEmail', '', { max: 320 });
    const userPhoneNumber = optionalString(body, 'userPhoneNumber', '', { max: 32 });
    const userName = optionalString(body, 'userName', '', { max: 256 });
    const userTag = optionalString(body, 'userTag', '', { max: 256 });
    const organizationName = optionalString(body, 'organizationName', '', { max: 256 });
    const verificationToken = optionalString(body, 'verificationToken', '', { max: 4096 });
    const apiKeys = requireObjectArray(body, 'apiKeys');
    const authenticators = requireObjectArray(body, 'authenticators');
    const oauthProviders = requireObjectArray(body, 'oauthProviders');
    const wallet = optionalObject(body, 'wallet');
    if (!verificationToken && authenticators.length === 0 && oauthProviders.length === 0 && apiKeys.length === 0) {
      throw invalidRequest('A sign-up needs a credential: a verification token, a passkey, an OAuth provider or an API key.');
    }
    if (verificationToken) requireProvider(config, userPhoneNumber && !userEmail ? 'sms' : 'email');
    if (authenticators.length > 0) requireProvider(config, 'passkey');
    // A wallet's own key as the user's API key (the hosted client's signUpWithWallet).
    if (apiKeys.some((k) => k.curveType === 'API_KEY_CURVE_SECP256K1' || k.curveType === 'API_KEY_CURVE_ED25519')) requireProvider(config, 'wallet');
    for (const provider of oauthProviders) {
      let issuer: unknown;
      try {
        issuer = typeof provider.oidcToken === 'string' ? decodeJwt(provider.oidcToken).payload.iss : undefined;
      } catch {
        issuer = undefined;
      }
      const name = providerOfIssuer(ctx, issuer);
      if (name) requireProvider(config, name);
    }
    const rootUser: Record<string, unknown> = {
      userName: userName ?? userEmail ?? userPhoneNumber ?? 'User',
      apiKeys,
      authenticators,
      oauthProviders,
      userTags: userTag ? [userTag] : [],
      ...(userEmail ? { userEmail } : {}),
      ...(userPhoneNumber ? { userPhoneNumber } : {}),
    };
    const parameters: Record<string, unknown> = {
      subOrganizationName: organizationName ?? `${userEmail ?? userPhoneNumber ?? userName ?? 'New user'}`,
      rootUsers: [rootUser],
      rootQuorumThreshold: 1,
      ...(wallet ? { wallet } : {}),
      ...(verificationToken ? { verificationToken } : {}),
      ...(body.clientSignature !== undefined ? { clientSignature: body.clientSignature } : {}),
    };
    const { result, activity } = await upstream.submit('create_sub_organization', organizationId, parameters, { generateAppProofs: wallet !== undefined });
    const userIds = Array.isArray(result.rootUserIds) ? (result.rootUserIds as string[]) : [];
    return {
      organizationId: result.subOrganizationId,
      userId: userIds[0],
      ...(isObject(result.wallet) ? { wallet: result.wallet } : {}),
      appProofs: Array.isArray(activity.appProofs) ? activity.appProofs : [],
    };
  },
};
