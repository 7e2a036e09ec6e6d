/**
 * Who may read the emulator's secret-bearing dev routes (`/__outbox`: one-time codes; `/__webhooks`:
 * delivered payloads). Not the Activity API's "every origin": any website a developer visits while
 * the emulator runs could otherwise read the codes. Allowed:
 * - requests without an Origin header that a browser does not mark cross-site (Node tools, curl,
 *   a tab opened on the emulator itself);
 * - the emulator's own origins, and the exact origins given as `devOrigins` (the demo page, the
 *   test runner's page), compared exactly, never by pattern, answered with that origin, never `*`.
 * And only under a loopback or the emulator's own Host name, so a DNS-rebinding page (its own
 * name resolving to 127.0.0.1) is refused too. Public documents (`/__keys`, JWKS) stay open.
 */
import { forbidden } from './service-error.ts';
import type { EmuRequest } from './exchange.ts';
import type { EmulatorUrls } from '../context.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface DevAccess {
  urls: EmulatorUrls;
  /** Exact extra origins (normalised `scheme://host[:port]`). */
  devOrigins: readonly string[];
}

const originOf = (url: string): string | undefined => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

function ownOrigins({ urls, devOrigins }: DevAccess): Set<string> {
  return new Set([originOf(urls.apiUrl), originOf(urls.proxyUrl), ...devOrigins].filter((o): o is string => Boolean(o)));
}

function hostAllowed(access: DevAccess, host: string | undefined): boolean {
  if (!host) return false;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  if (LOOPBACK_HOSTS.has(name)) return true;
  return [access.urls.apiUrl, access.urls.proxyUrl].some((url) => originOf(url) !== undefined && new URL(url).hostname === name);
}

/**
 * The CORS headers to answer `request` with, or throws the service's 403 (PERMISSION_DENIED)
 * when it may not read a dev route. Throws before the route runs, so nothing is read or changed.
 */
export function devAccessHeaders(access: DevAccess, request: EmuRequest): Record<string, string> {
  if (!hostAllowed(access, request.headers.host)) throw forbidden('Dev routes answer only on the emulator\'s own host.');
  const origin = request.headers.origin;
  if (origin === undefined) {
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw forbidden('Dev routes refuse cross-site requests.');
    return {};
  }
  if (!ownOrigins(access).has(origin)) throw forbidden('Dev routes answer only the emulator\'s own pages and the configured dev origins.');
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
}
