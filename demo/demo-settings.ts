/**
 * How the demo page learns where the emulator is: a small JSON document served beside the page
 * (by `npm start`'s dev server, or the test's static server), not an inline script, so the page
 * runs under a strict Content-Security-Policy. Also the path that receives the emulator's
 * webhooks for the demo's log.
 */
export const DEMO_SETTINGS_PATH = '/__demo/settings.json';
export const DEMO_WEBHOOK_PATH = '/__demo/webhook';

export interface DemoSettings {
  apiUrl: string;
  proxyUrl: string;
  oauthUrl: string;
}
