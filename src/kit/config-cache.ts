/**
 * The last wallet_kit_config per (auth proxy, configuration id), kept so that a returning
 * visitor's `<latch-auth>` renders at once instead of after the round trip (issue 25).
 *
 * Public data only: the proxy answers wallet_kit_config to anyone holding the configuration id,
 * without a session, and every field the kit keeps from it (enabled providers, the OTP shape,
 * session length, organization id, OAuth client ids and redirect URL, theme, locale, copy) is
 * what the page shows or sends anyway. What is written is the normalized config
 * (normalizeWalletKitConfig's fields, nothing else of the answer), and it is read back through
 * the same normalization, so an entry that was edited or written by another version is dropped
 * rather than trusted. Rendering only: the kit's flows never act on it, they wait for the answer.
 */
import { DEFAULT_AUTH_PROXY_URL } from '../clients/proxy-call.ts';
import { normalizeWalletKitConfig } from '../clients/wallet-kit-config.ts';
import type { WalletKitConfig } from '../clients/proxy-types.ts';

/** Where entries live: localStorage by default; any Storage-like object (tests, sessionStorage). */
export type ConfigStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ConfigCache {
  /** The kept config, or null (none, unreadable, or storage blocked). */
  read(): WalletKitConfig | null;
  write(config: WalletKitConfig): void;
  /** Drops the entry: a load failed, so the next visit must not show it. */
  forget(): void;
}

const PREFIX = 'latchkey:config:';

/** The entry's key: "https://proxy/" and "https://proxy" are one proxy; no URL is the hosted one. */
export function configCacheKey(proxyUrl: string | undefined, configId: string): string {
  return PREFIX + JSON.stringify([(proxyUrl || DEFAULT_AUTH_PROXY_URL).replace(/\/+$/, ''), configId]);
}

/** The cache of one (proxy, configuration) pair; a no-op where there is no storage. */
export function configCache(proxyUrl: string | undefined, configId: string, storage?: ConfigStorage): ConfigCache {
  const key = configCacheKey(proxyUrl, configId);
  // Quota, private mode, blocked storage (reading localStorage itself can throw): a cache that
  // cannot be used is a cold start, never an error.
  const attempt = <T>(work: (store: ConfigStorage) => T): T | null => {
    try {
      const store = storage ?? globalThis.localStorage;
      return store ? work(store) : null;
    } catch {
      return null;
    }
  };
  return {
    read: () =>
      attempt((store) => {
        const text = store.getItem(key);
        // No entry (every first visit) is no config at once: not a normalization that throws.
        return text === null ? null : normalizeWalletKitConfig(JSON.parse(text));
      }),
    // Already normalized by the proxy client: its fields only.
    write: (config) => void attempt((store) => store.setItem(key, JSON.stringify(config))),
    forget: () => void attempt((store) => store.removeItem(key)),
  };
}
