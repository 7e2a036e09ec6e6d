/**
 * Which OAuth clients the built-in provider knows: the client ids (primary and secondary) of the
 * proxy configurations that enable that provider; redirect URIs allowed per configuration (its oauthRedirectUrl
 * exactly, else any URL on one of its allowed origins, or anywhere when origins are `*`).
 */
import type { EmulatorContext } from '../context.ts';
import { clientIdsOf, type OAuthProviderName, type ProxyConfig } from '../config/proxy-config.ts';

export function configsForClient(ctx: EmulatorContext, provider: OAuthProviderName, clientId: string): ProxyConfig[] {
  return [...ctx.configs.values()].filter(
    (c) => c.enabled && clientIdsOf(c, provider).includes(clientId) && (c.enabledProviders as string[]).includes(provider),
  );
}

function redirectAllowedBy(config: ProxyConfig, redirectUri: string): boolean {
  if (config.oauthRedirectUrl) return config.oauthRedirectUrl === redirectUri;
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return config.allowedOrigins.includes('*') || config.allowedOrigins.includes(url.origin);
}

export function isRedirectAllowed(ctx: EmulatorContext, provider: OAuthProviderName, clientId: string, redirectUri: string): boolean {
  return configsForClient(ctx, provider, clientId).some((c) => redirectAllowedBy(c, redirectUri));
}
