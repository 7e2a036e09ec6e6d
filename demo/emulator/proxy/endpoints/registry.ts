/** The eight auth proxy endpoints (PROTOCOL.md §2). */
import { account } from './account.ts';
import { oauth2Authenticate } from './oauth2-authenticate.ts';
import { oauthLogin } from './oauth-login.ts';
import { otpInit } from './otp-init.ts';
import { otpLogin } from './otp-login.ts';
import { otpVerify } from './otp-verify.ts';
import { signup } from './signup.ts';
import { walletKitConfig } from './wallet-kit-config.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export function proxyEndpoints(): Map<string, ProxyEndpoint> {
  return new Map<string, ProxyEndpoint>([
    ['account', account],
    ['oauth2_authenticate', oauth2Authenticate],
    ['oauth_login', oauthLogin],
    ['otp_init', otpInit],
    ['otp_login', otpLogin],
    ['otp_verify', otpVerify],
    ['signup', signup],
    ['wallet_kit_config', walletKitConfig],
  ]);
}
