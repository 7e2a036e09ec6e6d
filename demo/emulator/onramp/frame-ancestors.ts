/**
 * Who may frame an organization's on-ramp page (SECURITY.md E3): a provider widget is the one
 * emulator page meant to be embedded, and only by the tenant's own sites. The list is the
 * exact allowed origins of the enabled proxy configurations bound to the organization or one
 * of its parents; `*` in a configuration (any origin may call the proxy) is not taken as "any
 * site may frame", and no origins at all means 'none', as on every other emulator page.
 */
import type { EmulatorContext } from '../context.ts';

export function frameAncestors(ctx: EmulatorContext, organizationId: string): string {
  const chain = new Set<string>();
  for (let id: string | undefined = organizationId; id && !chain.has(id); id = ctx.store.read.organizations.get(id)?.parentId) chain.add(id);
  const origins = new Set<string>();
  for (const config of ctx.configs.values()) {
    const binding = ctx.store.read.proxyBindings.get(config.id);
    if (!config.enabled || !binding || !chain.has(binding.organizationId)) continue;
    for (const origin of config.allowedOrigins) if (origin !== '*') origins.add(origin);
  }
  return origins.size > 0 ? [...origins].join(' ') : "'none'";
}
