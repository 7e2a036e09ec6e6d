// Starts a real emulator (demo/emulator) beside the browser tests' server, on loopback with
// ephemeral ports, and stops it afterwards. Test pages learn its URLs from
// `window.__LATCHKEY_EMULATOR__` (set by the test runner's HTML, see web-test-runner.config.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const EMULATOR = fileURLToPath(new URL('../../demo/emulator/emulator.ts', import.meta.url));
export const emulatorState = { urls: null };

/** The `logos` configuration's two logos: 8 px squares, black and white, as data: URLs. */
export const TEST_LOGOS = {
  light: "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='8'%20height='8'%3E%3Crect%20width='8'%20height='8'%20fill='%23000'/%3E%3C/svg%3E",
  dark: "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='8'%20height='8'%3E%3Crect%20width='8'%20height='8'%20fill='%23fff'/%3E%3C/svg%3E",
};

export function emulatorPlugin() {
  let emulator;
  // A second emulator with its local chains (anvil, LiteSVM), started on the first test that asks
  // (executeServerCommand('latchkey-chains-emulator') answers its URLs), so runs without such a
  // test start no chain, and the main emulator's sends keep their sandbox.
  let chainsEmulator;
  let pageOrigin;
  return {
    name: 'latchkey-emulator',
    async executeCommand({ command }) {
      if (command !== 'latchkey-chains-emulator') return undefined;
      chainsEmulator ??= (async () => {
        const { createEmulator } = await import(EMULATOR);
        const started = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, devOrigins: [pageOrigin], chains: 'all' });
        return { emulator: started, urls: await started.start() };
      })();
      return (await chainsEmulator).urls;
    },
    async serverStart({ config }) {
      if (!existsSync(EMULATOR)) return;
      const { register } = await import('tsx/esm/api');
      register();
      const { createEmulator } = await import(EMULATOR);
      // The test pages read one-time codes from /__outbox: their origin is a dev origin.
      pageOrigin = `http://${config.hostname ?? 'localhost'}:${config.port}`;
      // `captcha`: the captcha mode (Turnstile's always-pass test secret) for the captcha tests.
      // `step-up`: export and credential changes need a login in the last 2 s (the step-up tests).
      // `logos`: a light and a dark logo (inline images, so no test fetches one from elsewhere).
      const proxyConfigs = [
        { id: 'captcha', captchaEnabled: true },
        { id: 'step-up', stepUpMaxAgeSeconds: 2, stepUpCredentials: true },
        { id: 'logos', theme: { logoLight: TEST_LOGOS.light, logoDark: TEST_LOGOS.dark } },
      ];
      emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, devOrigins: [pageOrigin], proxyConfigs });
      emulatorState.urls = await emulator.start();
    },
    async serverStop() {
      await emulator?.stop();
      if (chainsEmulator) await (await chainsEmulator.catch(() => undefined))?.emulator.stop();
    },
  };
}
