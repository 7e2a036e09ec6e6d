/**
 * The page's kits. `configure()` sets the page-wide default kit that elements without
 * attributes use; `kitFor()` hands elements that name a proxy and configuration the kit for that
 * pair, so every element with the same attributes shares one configuration load, one key store
 * and one session. Module state, not `window`: two copies of the library keep separate kits.
 */
import { atom } from 'nanostores';
import { DEFAULT_AUTH_PROXY_URL } from '../clients/proxy-call.ts';
import { LatchKit, type LatchKitOptions } from './latch-kit.ts';

/**
 * The page-wide default kit, as a store: elements listen to it, so a `configure()` made after
 * they connected (a framework app that configures in an effect, after its first render) still
 * reaches them.
 */
export const $defaultKit = atom<LatchKit | undefined>(undefined);
const shared = new Map<string, LatchKit>();

// "https://proxy/" and "https://proxy" are the same proxy; no URL means the hosted one.
const pairKey = (proxyUrl: string | undefined, configId: string): string =>
  JSON.stringify([(proxyUrl || DEFAULT_AUTH_PROXY_URL).replace(/\/+$/, ''), configId]);

/**
 * Makes a new kit the page-wide default and returns it. A later call replaces it (the earlier
 * kit keeps working for whoever holds it). Throws ERR_CONFIG_INVALID without a `configId`.
 */
export function configure(options: LatchKitOptions): LatchKit {
  const kit = new LatchKit(options);
  $defaultKit.set(kit);
  return kit;
}

/** The kit set by the latest `configure()`, if any. */
export function getKit(): LatchKit | undefined {
  return $defaultKit.get();
}

/**
 * The shared kit for a (proxy URL, configuration id) pair: the default kit when it is for that
 * pair (so `configure()`'s other options apply), else one kit per pair made on first use.
 */
export function kitFor(target: { proxyUrl?: string; configId: string }): LatchKit {
  const key = pairKey(target.proxyUrl, target.configId);
  const defaultKit = $defaultKit.get();
  if (defaultKit && pairKey(defaultKit.options.proxyUrl, defaultKit.options.configId) === key) return defaultKit;
  let kit = shared.get(key);
  if (!kit) {
    kit = new LatchKit({ configId: target.configId, ...(target.proxyUrl ? { proxyUrl: target.proxyUrl } : {}) });
    shared.set(key, kit);
  }
  return kit;
}
