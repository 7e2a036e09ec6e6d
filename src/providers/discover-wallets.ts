/**
 * EIP-6963 discovery: the wallets (browser extensions) injected into the page, each announced
 * with an `eip6963:announceProvider` event whose detail is `{info, provider}`. The page asks with
 * `eip6963:requestProvider`; wallets answer at once and whenever they load later, so discovery is
 * a watch, not a one-off. What a wallet announces is checked before it is shown: a name, an id,
 * a provider with `request`, and an icon only when it is a `data:image/…` URI (EIP-6963 asks for
 * one; a remote URL would make the page fetch whatever a wallet names, so it is dropped).
 * Browser-only: it needs a window (or the `target` given).
 */
import type { Eip6963ProviderInfo } from './announce-eip1193-provider.ts';
import { isOwnWallet } from './own-wallet.ts';

/** The EIP-1193 surface a login needs from a wallet. */
export interface Eip1193Requester {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
}

export interface InjectedWallet {
  /** As announced, with `icon` '' unless it was a data:image URI. */
  info: Eip6963ProviderInfo;
  provider: Eip1193Requester;
}

export interface WatchWalletsOptions {
  /** Where the events are. Default: `window`. */
  target?: EventTarget;
}

const MAX_NAME = 100;
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*(;base64)?,/i;

/** The announced wallet, checked and copied; undefined when it is not a usable announcement. */
function checked(detail: unknown): InjectedWallet | undefined {
  const { info, provider } = (detail ?? {}) as { info?: Partial<Eip6963ProviderInfo>; provider?: Eip1193Requester };
  if (!info || typeof info.uuid !== 'string' || !info.uuid || typeof info.name !== 'string' || !info.name.trim()) return undefined;
  if (!provider || typeof provider.request !== 'function') return undefined;
  // The kit's own provider (latchkey/eip1193) is the session being logged into, not a way in.
  if (isOwnWallet(provider)) return undefined;
  const icon = typeof info.icon === 'string' && DATA_IMAGE.test(info.icon) ? info.icon : '';
  return {
    info: { uuid: info.uuid, name: info.name.trim().slice(0, MAX_NAME), icon, rdns: typeof info.rdns === 'string' ? info.rdns : '' },
    provider,
  };
}

/**
 * Calls `onChange` with every wallet announced so far (in the order they first announced, one per
 * uuid; a wallet announcing again replaces its entry), now and on each new announcement. Returns
 * a function that stops listening.
 */
export function watchInjectedWallets(onChange: (wallets: readonly InjectedWallet[]) => void, options: WatchWalletsOptions = {}): () => void {
  const target = options.target ?? (globalThis as { window?: EventTarget }).window;
  if (!target) return () => undefined;
  const found = new Map<string, InjectedWallet>();
  const listener = (event: Event): void => {
    const wallet = checked((event as CustomEvent).detail);
    if (!wallet) return;
    found.set(wallet.info.uuid, wallet);
    onChange([...found.values()]);
  };
  target.addEventListener('eip6963:announceProvider', listener);
  target.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => target.removeEventListener('eip6963:announceProvider', listener);
}

/**
 * The wallets that answer within `waitMs` (default 200 ms: injected wallets answer the request
 * synchronously, so this only waits for slow ones).
 */
export function discoverInjectedWallets(options: WatchWalletsOptions & { waitMs?: number } = {}): Promise<InjectedWallet[]> {
  return new Promise((resolve) => {
    let wallets: readonly InjectedWallet[] = [];
    const stop = watchInjectedWallets((found) => (wallets = found), options);
    setTimeout(() => {
      stop();
      resolve([...wallets]);
    }, options.waitMs ?? 200);
  });
}
