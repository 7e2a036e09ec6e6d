/**
 * The auth proxy endpoints: the seed's eight (docs/protocol.md §2) and the current generation the
 * hosted client calls (§9). signup_v2 and otp_login_v2 take the same bodies as their first
 * versions (otp_login_v2 always with a client signature: its tokens are always bound to a key).
 */
import { account } from './account.ts';
import { oauth2Authenticate } from './oauth2-authenticate.ts';
import { oauthLogin } from './oauth-login.ts';
import { otpInit } from './otp-init.ts';
import { otpInitV2 } from './otp-init-v2.ts';
import { otpLogin } from './otp-login.ts';
import { otpVerify } from './otp-verify.ts';
import { otpVerifyV2 } from './otp-verify-v2.ts';
import { signup } from './signup.ts';
import { walletKitConfig } from './wallet-kit-config.ts';
import { walletKitClientParams } from './wallet-kit-client-params.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export function proxyEndpoints(): Map<string, ProxyEndpoint> {
  return new Map<string, ProxyEndpoint>([
    ['account', account],
    ['oauth2_authenticate', oauth2Authenticate],
    ['oauth_login', oauthLogin],
    ['otp_init', otpInit],
    ['otp_init_v2', otpInitV2],
    ['otp_login', otpLogin],
    ['otp_login_v2', otpLogin],
    ['otp_verify', otpVerify],
    ['otp_verify_v2', otpVerifyV2],
    ['signup', signup],
    ['signup_v2', signup],
    ['wallet_kit_client_params', walletKitClientParams],
    ['wallet_kit_config', walletKitConfig],
  ]);
}
