/**
 * The proxy configuration that governs an organization: the one bound to it or to its nearest
 * ancestor. Its OTP caps apply to OTPs of that organization, whoever starts them.
 */
import type { EmulatorContext } from '../context.ts';
import type { StateView } from '../state/store.ts';
import type { ProxyConfig } from './proxy-config.ts';
import { DEFAULT_CONFIG_ID } from './proxy-config.ts';

export function configForOrganization(ctx: EmulatorContext, view: StateView, organizationId: string): ProxyConfig {
  const bound = new Map(view.proxyBindings.values().map((b) => [b.organizationId, b.id]));
  let current: string | undefined = organizationId;
  for (let depth = 0; current !== undefined && depth < 16; depth++) {
    const configId = bound.get(current);
    const config = configId ? ctx.configs.get(configId) : undefined;
    if (config) return config;
    current = view.organizations.get(current)?.parentId;
  }
  return ctx.configs.get(DEFAULT_CONFIG_ID)!;
}
