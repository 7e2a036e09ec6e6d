// Browser tests in real browsers from Debian (never a downloaded build, never jsdom): Chromium by
// default, or the engine LATCHKEY_ENGINE names (chromium, firefox, webkit); npm test runs all three.
import { readdirSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { engineLauncher } from './test/support/engine-launcher.mjs';
import { summaryReporter } from './test/support/summary-reporter.mjs';
import { nodeBuiltinStubPlugin } from './test/support/node-builtin-stub-plugin.mjs';
import { commonjsModulePlugin } from './test/support/commonjs-module-plugin.mjs';
import { webauthnPlugin } from './test/support/webauthn-plugin.mjs';
import { clipboardPlugin } from './test/support/clipboard-plugin.mjs';
import { emulatorPlugin, emulatorState } from './test/support/emulator-plugin.mjs';

// `LATCHKEY_WTR_PART=main` runs everything but the passkey files; `=webauthn` runs only those,
// one at a time. npm test runs the two parts one after the other: WebAuthn needs window focus,
// which pages of a concurrent run can take away (docs/toolchain.md).
const part = process.env.LATCHKEY_WTR_PART;
const engine = process.env.LATCHKEY_ENGINE || 'chromium';
const launcher = await engineLauncher(engine);
const cliArgs = process.argv.slice(2).filter((arg, i, all) => all[i - 1] !== '--group');
const hasWebauthnFiles = readdirSync('test', { recursive: true }).some((path) => String(path).endsWith('.webauthn.test.ts'));
const wholeRun = !part && !cliArgs.some((arg) => !arg.startsWith('-')) && hasWebauthnFiles;
const WEBAUTHN_FILES = 'test/**/*.webauthn.test.ts';
const mainFiles = ['test/**/*.test.ts', '!test/**/*.node.test.ts', `!${WEBAUTHN_FILES}`, '!test/bench/**'];

export default {
  rootDir: '.',
  files: part === 'webauthn' ? [WEBAUTHN_FILES] : mainFiles,
  // WebAuthn needs window focus: passkey files run alone, one at a time (docs/toolchain.md). Only in
  // a whole run: a run given file patterns on the command line runs just those.
  groups: wholeRun ? [{ name: 'webauthn', files: [WEBAUTHN_FILES], concurrency: 1 }] : [],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  // One page at a time in Firefox and WebKit (test/support/engine-launcher.mjs says why).
  concurrency: part === 'webauthn' || launcher.singleWindow ? 1 : 2,
  concurrentBrowsers: 1,
  testFramework: { config: { timeout: 20000 } },
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 300000,
  plugins: [emulatorPlugin(), webauthnPlugin(), clipboardPlugin(), nodeBuiltinStubPlugin(), commonjsModulePlugin(), esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  // nanostores reads process.env.NODE_ENV; unbundled pages have no `process` (docs/toolchain.md #4).
  // Transitions off (the elements' own token, as reduced motion sets it): an axe contrast check
  // run mid-transition reads a colour half-way to the button's (Firefox under load, once).
  testRunnerHtml: (testFramework) => `<!doctype html><html><head>
    <style>:root { --latch-transition-duration: 0s; }</style>
    <script>window.process = { env: { NODE_ENV: 'development' } };
      window.__LATCHKEY_EMULATOR__ = ${JSON.stringify(emulatorState.urls)};
      window.__LATCHKEY_ENGINE__ = ${JSON.stringify(engine)};</script>
  </head><body><script type="module" src="${testFramework}"></script></body></html>`,
  browsers: [launcher.launcher],
  reporters: [defaultReporter(), summaryReporter({ engine, file: `.test-results/browser-${engine}${part ? `-${part}` : ''}.json` })],
};
