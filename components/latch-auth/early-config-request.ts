/**
 * The wallet_kit_config request of each `<latch-auth>` already in the document, sent while the
 * drop-in's module graph is still being evaluated: latch-auth.ts imports this module first, so
 * the request leaves before lit and the elements are evaluated, defined and upgraded, and the
 * round trip runs meanwhile (issue 40: it left 8–12 ms after the script's start, 4 in lit alone).
 * A returning visitor's kept config is read here too (the kit reads it once its request is out).
 *
 * The element takes its kit's request when it first loads (`takeEarlyConfigRequest`), so a
 * failure is reported once (by that load) and a retry sends a new one. The kit is the one the
 * element's attributes name now (`resolveKit`: the `configure()` kit when it is for that pair); an
 * element whose kit changes before its first update (a `kit` property set later, or `configure()`
 * for the same pair after this import) loads its own, and the early answer only fills the
 * other kit's cache.
 */
import type { WalletKitConfig } from '../../src/clients/proxy-types.ts';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import { resolveKit, type KitSource } from '../internal/resolve-kit.ts';

const early = new WeakMap<LatchKit, Promise<WalletKitConfig>>();

/** The request sent for `kit` at evaluation, once (later loads use the kit's own cache). */
export function takeEarlyConfigRequest(kit: LatchKit): Promise<WalletKitConfig> | undefined {
  const request = early.get(kit);
  early.delete(kit);
  return request;
}

// Not in Node (server-side rendering): loading the config is the browser's job.
if (typeof document != 'undefined') {
  for (const element of document.querySelectorAll('latch-auth')) {
    try {
      // A `kit` property set before the upgrade is an own property of the element. (resolveKit
      // reads a missing attribute's null as unset.)
      const kit = resolveKit({ kit: (element as KitSource).kit, proxyUrl: element.getAttribute('proxy-url') as string, configId: element.getAttribute('config-id') as string });
      if (kit && !early.has(kit)) {
        const request = kit.loadConfig();
        // Handled by the element that takes it; never an unhandled rejection if none does.
        request.catch(() => undefined);
        early.set(kit, request);
      }
    } catch {
      // Attributes no kit can be made of: the element's own load says why.
    }
  }
}
