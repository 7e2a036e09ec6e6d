/**
 * Which LatchKit an element talks to. One rule for every element that uses a kit, so that the
 * same attributes always mean the same kit (and the same session) on a page.
 */
import { getKit, kitFor } from '../../src/kit/configure.ts';
import type { LatchKit } from '../../src/kit/latch-kit.ts';

/** What names a kit: an element's `kit` property and its `proxy-url` and `config-id` attributes. */
export interface KitSource {
  readonly kit?: LatchKit | undefined;
  readonly proxyUrl?: string | undefined;
  readonly configId?: string | undefined;
}

/**
 * In order: `kit`; else, with a `configId`, the shared kit of `proxyUrl` (default: the hosted
 * auth proxy) + `configId` (`kitFor`); else the page's `configure()` kit (`getKit`); else
 * undefined. A `proxyUrl` without a `configId` names nothing.
 */
export function resolveKit(source: KitSource): LatchKit | undefined {
  if (source.kit) return source.kit;
  if (source.configId) return kitFor({ configId: source.configId, ...(source.proxyUrl ? { proxyUrl: source.proxyUrl } : {}) });
  return getKit();
}
