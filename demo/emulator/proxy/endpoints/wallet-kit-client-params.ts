/**
 * POST /v1/wallet_kit_client_params (empty body) → {turnstileSiteKey?} (docs/protocol.md §9): what a
 * client needs before its first call. In the configuration's captcha mode, the Turnstile site
 * key (captcha-gate.ts); otherwise no site key, which tells the hosted client to send no token.
 */
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const walletKitClientParams: ProxyEndpoint = {
  allowEmptyBody: true,
  async run({ config }) {
    return config.captcha ? { turnstileSiteKey: config.captcha.turnstileSiteKey } : {};
  },
};
