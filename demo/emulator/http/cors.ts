/**
 * CORS for both origins. The Activity API is public (stamps, not cookies, authenticate), so it
 * allows every origin. The auth proxy echoes only origins its configurations allow, compared
 * exactly (scheme, host, port), never by pattern.
 */
import type { EmuRequest, EmuResponse } from './exchange.ts';

// x-client-version: the hosted client names its version on every request.
export const API_ALLOWED_HEADERS = 'content-type, accept, x-stamp, x-stamp-webauthn, x-stamp-attested, x-session, x-client-version';
export const PROXY_ALLOWED_HEADERS = 'content-type, accept, x-auth-proxy-config-id, x-captcha-token, x-client-version';
const MAX_AGE = '600';

export function isPreflight(request: EmuRequest): boolean {
  return request.method === 'OPTIONS';
}

/** Headers for an answer to `origin` (or to any origin when `origin` is `*`). */
export function corsHeaders(origin: string | undefined, allowHeaders: string): Record<string, string> {
  if (!origin) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': allowHeaders,
    'access-control-max-age': MAX_AGE,
    vary: 'Origin',
  };
}

export function preflightResponse(origin: string | undefined, allowHeaders: string): EmuResponse {
  return { status: 204, headers: corsHeaders(origin, allowHeaders), body: '' };
}

/**
 * Exact origin comparison. `*` in the list allows every origin. Browsers send the origin
 * already normalised (lowercase scheme and host, no default port); configured entries are
 * normalised the same way when the configuration is loaded.
 */
export function isOriginAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.includes('*')) return true;
  return origin !== undefined && allowed.includes(origin);
}

/** Normalises a configured origin: `https://Example.com:443/` → `https://example.com`. */
export function normalizeOrigin(value: string): string | null {
  if (value === '*') return value;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
    // Exact hosts only: the service supports no partial wildcards.
    if (url.hostname.includes('*')) return null;
    return url.origin;
  } catch {
    return null;
  }
}
