/**
 * EIP-6963 (multi-injected provider discovery): announces a provider to the page, at once and
 * again on every `eip6963:requestProvider`, with `eip6963:announceProvider` events whose detail
 * is the frozen `{info, provider}`. `info` is checked as the EIP asks: a UUIDv4, a name, an icon
 * that is a data: URI (RFC 2397; never a remote URL a page would fetch), and a reverse-DNS rdns.
 * Returns a function that stops answering requests.
 */
import { LatchError } from '../errors/latch-error.ts';

export interface Eip6963ProviderInfo {
  /** A UUIDv4, unique per session of the page. */
  uuid: string;
  name: string;
  /** A data: URI (RFC 2397), e.g. `data:image/svg+xml;base64,…`. */
  icon: string;
  /** Reverse DNS of the wallet, e.g. `com.example.wallet`. */
  rdns: string;
}

export interface AnnounceEip1193ProviderOptions<P> {
  info: Eip6963ProviderInfo;
  provider: P;
  /** Where the events go. Default: `window`. */
  target?: EventTarget;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const RDNS = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

export function announceEip1193Provider<P>({ info, provider, target }: AnnounceEip1193ProviderOptions<P>): () => void {
  const invalid = (message: string) => new LatchError('ERR_CONFIG_INVALID', message);
  if (typeof info?.uuid !== 'string' || !UUID_V4.test(info.uuid)) throw invalid('info.uuid must be a UUIDv4.');
  if (typeof info.name !== 'string' || info.name.trim() === '') throw invalid('info.name must be a non-empty string.');
  if (typeof info.icon !== 'string' || !/^data:[^,]*,/.test(info.icon)) throw invalid('info.icon must be a data: URI.');
  if (typeof info.rdns !== 'string' || !RDNS.test(info.rdns)) throw invalid('info.rdns must be a reverse-DNS name, e.g. com.example.wallet.');
  if (!provider || typeof (provider as { request?: unknown }).request !== 'function') throw invalid('provider must be an EIP-1193 provider.');
  const to = target ?? (globalThis as { window?: EventTarget }).window;
  if (!to) throw invalid('No window to announce to: pass a target.');
  const detail = Object.freeze({ info: Object.freeze({ uuid: info.uuid, name: info.name, icon: info.icon, rdns: info.rdns }), provider });
  const announce = () => void to.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  announce();
  to.addEventListener('eip6963:requestProvider', announce);
  return () => to.removeEventListener('eip6963:requestProvider', announce);
}
