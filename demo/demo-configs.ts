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
 * The emulator's `proxyConfigs` for the demo. `pageOrigin` is where the demo page is served
 * (the logo lives there).
 */
export function demoProxyConfigs(pageOrigin: string): unknown[] {
  const logoUrl = `${pageOrigin.replace(/\/+$/, '')}/logo.svg`;
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
      theme: { colors: { primary: '#b45309' }, radius: '20px', logoUrl, darkMode: 'auto' },
      locale: 'ar',
    },
  ];
}
