/**
 * The strict Content-Security-Policy of issue 4: nothing inline, scripts and styles only from
 * the page's own origin, Trusted Types required for script sinks, and network access only to
 * the emulator's two origins (frames only from the Activity API origin).
 */
import type { EmulatorUrls } from '../../../demo/emulator/emulator.ts';

const origin = (url: string): string => new URL(url).origin;

export function strictCsp(urls: Pick<EmulatorUrls, 'apiUrl' | 'proxyUrl'>): string {
  const api = origin(urls.apiUrl);
  const proxy = origin(urls.proxyUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "require-trusted-types-for 'script'",
    `connect-src 'self' ${api} ${proxy}`,
    `frame-src 'self' ${api}`,
    "img-src 'self' data:",
  ].join('; ');
}
