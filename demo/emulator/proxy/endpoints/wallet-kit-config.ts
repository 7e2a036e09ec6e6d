/** POST /v1/wallet_kit_config: the configuration's feature toggles (+ Latchkey's theme extension). */
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const walletKitConfig: ProxyEndpoint = {
  allowEmptyBody: true,
  async run({ config, organizationId }) {
    const out: Record<string, unknown> = {
      enabledProviders: config.enabledProviders,
      sessionExpirationSeconds: String(config.sessionExpirationSeconds),
      organizationId,
      oauthClientIds: Object.fromEntries(Object.entries(config.oauthClientIds).filter(([p]) => (config.enabledProviders as string[]).includes(p))),
      otpAlphanumeric: config.otpAlphanumeric,
      otpLength: String(config.otpLength),
    };
    if (config.oauthRedirectUrl) out.oauthRedirectUrl = config.oauthRedirectUrl;
    // (ours) Latchkey's extension: the hosted service sends none of these.
    if (config.theme) out.theme = config.theme;
    if (config.locale) out.locale = config.locale;
    if (config.copy) out.copy = config.copy;
    return out;
  },
};
