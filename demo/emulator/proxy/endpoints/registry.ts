/** The eight auth proxy endpoints (PROTOCOL.md §2). */
import { walletKitConfig } from './wallet-kit-config.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export function proxyEndpoints(): Map<string, ProxyEndpoint> {
  return new Map<string, ProxyEndpoint>([['wallet_kit_config', walletKitConfig]]);
}
