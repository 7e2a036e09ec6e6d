/**
 * POST /v1/wallet_kit_client_params (empty body) → {turnstileSiteKey?} (PROTOCOL.md §9): what a
 * client needs before its first call. The emulator never asks for a captcha, so it answers
 * without a site key, which tells the hosted client to send none.
 */
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const walletKitClientParams: ProxyEndpoint = {
  allowEmptyBody: true,
  async run() {
    return {};
  },
};
