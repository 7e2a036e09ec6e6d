// `npm start`: installs dependencies if missing, starts the demo page (Vite) and the emulator
// (Activity API + auth proxy + OAuth provider + OTP outbox + on-ramp sandbox + webhooks) with the
// demo's three wallet_kit_configs, points the demo organization's webhook at the page's
// receiver, and prints the URLs. Everything binds to 127.0.0.1.
//
// The page is served under the strict Content-Security-Policy the kit is built for (nothing
// inline, Trusted Types required, network only to the emulator); `--no-csp` turns it off.
//
//   npm start [-- --port 8787] [--no-csp]      (the auth proxy takes port + 1)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps, ROOT } from './ensure-deps.mjs';

ensureDeps();
// The demo's API reference reads the Custom Elements Manifest, made here from the sources
// (as `npm run build` makes it) into a git-ignored cache, and served at /custom-elements.json.
const { buildManifest } = await import('./manifest.mjs');
const MANIFEST_DIR = join(ROOT, 'node_modules/.cache/latchkey-demo');
buildManifest(MANIFEST_DIR);
const MANIFEST_PATH = '/custom-elements.json';
const { createServer } = await import('vite');
await import('tsx/esm/api').then(({ register }) => register());
const { startDemoEmulator } = await import(join(ROOT, 'demo/demo-emulator.ts'));
const { DEMO_SETTINGS_PATH, DEMO_WEBHOOK_PATH } = await import(join(ROOT, 'demo/demo-settings.ts'));

const HOST = '127.0.0.1';
const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const apiPort = portArg >= 0 ? Number(args[portArg + 1]) : 8787;
const csp = !args.includes('--no-csp');

/** Set once the emulator is up; the page's settings and the CSP come from it. */
let emulatorUrls = null;

const origin = (url) => new URL(url).origin;
const policy = (urls) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "require-trusted-types-for 'script'",
    // The local chains' RPC (and Solana's WebSocket): the send element prices sends on them.
    `connect-src 'self' ${origin(urls.apiUrl)} ${origin(urls.proxyUrl)}${(urls.chainOrigins ?? []).map((o) => ` ${o}`).join('')}`,
    `frame-src 'self' ${origin(urls.apiUrl)}`,
    "img-src 'self' data:",
  ].join('; ');

/** The page's settings (no inline script under CSP), the webhook receiver, and the CSP header. */
function demoRoutes() {
  return {
    name: 'latchkey-demo-routes',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '/').split('?')[0];
        if (csp && emulatorUrls) res.setHeader('Content-Security-Policy', policy(emulatorUrls));
        if (path === MANIFEST_PATH) {
          res.setHeader('Content-Type', 'application/json');
          res.end(readFileSync(join(MANIFEST_DIR, 'custom-elements.json')));
          return;
        }
        if (path === DEMO_SETTINGS_PATH) {
          res.setHeader('Cache-Control', 'no-store');
          if (!emulatorUrls) {
            res.statusCode = 503;
            res.end('{}');
            return;
          }
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(emulatorUrls));
          return;
        }
        if (path === DEMO_WEBHOOK_PATH && req.method === 'POST') {
          // The log lives in the emulator (GET /__webhooks); the receiver only says "got it".
          req.resume();
          req.on('end', () => {
            res.statusCode = 200;
            res.end('ok');
          });
          return;
        }
        next();
      });
    },
  };
}

const demo = await createServer({
  configFile: false,
  root: join(ROOT, 'demo'),
  // The demo imports the kit by its public names, as a page would.
  resolve: {
    alias: [
      { find: /^latchkey$/, replacement: join(ROOT, 'src/index.ts') },
      { find: /^latchkey\/components$/, replacement: join(ROOT, 'components/index.ts') },
      { find: /^latchkey\/define$/, replacement: join(ROOT, 'components/define.ts') },
    ],
  },
  plugins: [demoRoutes()],
  // Pre-bundle every dependency the kit can load, including the lazily imported ones: otherwise
  // the first passkey or export would make Vite re-optimize and reload the page mid-flow.
  optimizeDeps: { entries: ['index.html', '../src/**/*.ts', '../components/**/*.ts', '!../**/*.test.ts'] },
  cacheDir: join(ROOT, 'node_modules/.vite-demo'),
  server: { host: HOST, port: 5173, strictPort: false },
  logLevel: 'warn',
});
await demo.listen();
const pagePort = demo.config.server.port ?? Number(new URL(demo.resolvedUrls?.local[0] ?? 'http://x:5173').port);
// `localhost`, not 127.0.0.1: a secure context either way, but passkeys need a domain (the rpId).
const pageOrigin = `http://localhost:${pagePort}`;

let emulator;
try {
  emulator = await startDemoEmulator({ host: HOST, port: apiPort, proxyPort: apiPort + 1, pageOrigin, chains: 'all' });
} catch (error) {
  await demo.close();
  if (error?.code !== 'EADDRINUSE') throw error;
  console.error(`Port ${error.port} is in use (another \`npm start\`?). Try \`npm start -- --port ${apiPort + 10}\`.`);
  process.exit(1);
}
await emulator.enableWebhook(`http://${HOST}:${pagePort}${DEMO_WEBHOOK_PATH}`);
// The page reaches the chains' RPC URLs directly (listed in /__chains): the CSP lets it.
const chainsDoc = await fetch(`${emulator.urls.apiUrl}/__chains`).then((r) => r.json()).catch(() => ({ evm: [], solana: null }));
const chainOrigins = [...chainsDoc.evm.map((c) => origin(c.rpcUrl)), ...(chainsDoc.solana ? [origin(chainsDoc.solana.rpcUrl), chainsDoc.solana.wsUrl.replace(/\/+$/, '')] : [])];
emulatorUrls = { ...emulator.urls, chainOrigins };

const stop = async () => {
  await emulator.stop();
  await demo.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

console.log('\nLatchkey is running:');
console.log(`  demo page      ${pageOrigin}/`);
console.log(`  Activity API   ${emulatorUrls.apiUrl}`);
console.log(`  auth proxy     ${emulatorUrls.proxyUrl}`);
console.log(`  OTP outbox     ${emulatorUrls.apiUrl}/__outbox`);
console.log(`  webhook log    ${emulatorUrls.apiUrl}/__webhooks`);
console.log(`  configs        demo, minimal, arabic (switch on the page)${csp ? '' : '   [CSP off]'}`);
console.log('Press Ctrl+C to stop.');
