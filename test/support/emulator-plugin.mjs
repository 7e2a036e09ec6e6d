// Starts a real emulator (demo/emulator) beside the browser tests' server, on loopback with
// ephemeral ports, and stops it afterwards. Test pages learn its URLs from
// `window.__LATCHKEY_EMULATOR__` (set by the test runner's HTML, see web-test-runner.config.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const EMULATOR = fileURLToPath(new URL('../../demo/emulator/emulator.ts', import.meta.url));
export const emulatorState = { urls: null };

export function emulatorPlugin() {
  let emulator;
  return {
    name: 'latchkey-emulator',
    async serverStart({ config }) {
      if (!existsSync(EMULATOR)) return;
      const { register } = await import('tsx/esm/api');
      register();
      const { createEmulator } = await import(EMULATOR);
      // The test pages read one-time codes from /__outbox: their origin is a dev origin.
      const pageOrigin = `http://${config.hostname ?? 'localhost'}:${config.port}`;
      // `captcha`: the captcha mode (Turnstile's always-pass test secret) for the captcha tests.
      // `step-up`: export and credential changes need a login in the last 2 s (the step-up tests).
      const proxyConfigs = [{ id: 'captcha', captchaEnabled: true }, { id: 'step-up', stepUpMaxAgeSeconds: 2, stepUpCredentials: true }];
      emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, devOrigins: [pageOrigin], proxyConfigs });
      emulatorState.urls = await emulator.start();
    },
    async serverStop() {
      await emulator?.stop();
    },
  };
}
