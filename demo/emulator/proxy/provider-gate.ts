/** What a proxy configuration lets through: its enabled providers. */
import { forbidden } from '../http/service-error.ts';
import type { ProxyConfig } from '../config/proxy-config.ts';
import type { WalletKitProvider } from '../../../src/clients/proxy-types.ts';

/** Real clients match the message "OAUTH disallowed" for a disabled OAuth provider. */
export const OAUTH_DISALLOWED = 'OAUTH disallowed';

export function requireProvider(config: ProxyConfig, provider: WalletKitProvider): void {
  if ((config.enabledProviders as string[]).includes(provider)) return;
  if (provider === 'email' || provider === 'sms') throw forbidden(`OTP disallowed: ${provider} is not enabled for this configuration.`);
  if (provider === 'wallet') throw forbidden('Wallet login disallowed: wallet is not enabled for this configuration.');
  throw forbidden(`${OAUTH_DISALLOWED}: ${provider} is not enabled for this configuration.`);
}
