/**
 * The auth proxy configurations the demo runs with (`npm start` hands them to the emulator), so
 * the page can switch between different wallet_kit_configs: methods, theme, locale and copy.
 * Plain data, shared by the Node side (scripts/start.mjs, the demo's end-to-end test) and the
 * page (the switch; its labels and descriptions are words, in demo-text.ts, in each language).
 *
 * All three share one parent organization (a pinned id): an account made under one look logs in
 * under the others, and one webhook on that organization reports every activity.
 */

/** The demo's parent organization (any UUID; pinned so the three configurations share it). */
export const DEMO_ORGANIZATION_ID = '0d3e5a1c-6b2f-4c8e-9a7d-1f2e3d4c5b6a';

export interface DemoConfigInfo {
  /** The proxy config's id (demo-text.ts has `config.<id>`, its label, and `config.<id>.about`). */
  id: 'demo' | 'minimal' | 'arabic';
}

export const DEMO_CONFIGS: readonly DemoConfigInfo[] = [{ id: 'demo' }, { id: 'minimal' }, { id: 'arabic' }];

/**
 * The demo's logo (public/logo.svg) in one color, inline: the kit shows only https and
 * data:image/ logos, and the demo page is served over http.
 */
const logo = (square: string, key: string): string =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect x="4" y="4" width="56" height="56" rx="14" fill="${square}"/><circle cx="26" cy="30" r="11" fill="none" stroke="${key}" stroke-width="5"/><path d="M34 36l16 16m-6-6l-5 5m10-1l-4 4" stroke="${key}" stroke-width="5" stroke-linecap="round" fill="none"/></svg>`,
  );

/**
 * The emulator's `proxyConfigs` for the demo. `pageOrigin` is where the demo page is served (no
 * longer used: the logos are inline; kept for the callers).
 */
export function demoProxyConfigs(_pageOrigin: string): unknown[] {
  const logoUrl = logo('#6d28d9', '#fff');
  const shared = { organizationId: DEMO_ORGANIZATION_ID, organizationName: 'Latchkey Demo', allowedOrigins: ['*'] };
  return [
    {
      ...shared,
      id: 'demo',
      appName: 'Latchkey Demo',
      enabledProviders: ['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord'],
      theme: { colors: { primary: '#6d28d9' }, radius: '12px', logoUrl, darkMode: false },
      locale: 'en',
    },
    {
      ...shared,
      id: 'minimal',
      appName: 'Latchkey Mínimo',
      enabledProviders: ['email'],
      otpLength: 8,
      otpAlphanumeric: true,
      theme: { colors: { primary: '#2dd4bf', 'on-primary': '#042f2e' }, radius: '2px', darkMode: true },
      locale: 'es',
      copy: { 'login.title': 'Entra con tu correo' },
    },
    {
      ...shared,
      id: 'arabic',
      appName: 'لاتشكي',
      enabledProviders: ['passkey', 'google'],
      // A light and a dark logo: the drop-in shows the one of the visitor's color scheme.
      theme: { colors: { primary: '#b45309' }, radius: '20px', logoLight: logo('#b45309', '#fff'), logoDark: logo('#fde68a', '#451a03'), darkMode: 'auto' },
      locale: 'ar',
    },
  ];
}
