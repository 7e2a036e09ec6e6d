/**
 * The demo as `npm start` runs it, but built for production: demo/ built with Vite, served by
 * the static server with the strict CSP, the settings document and the webhook receiver, the
 * demo's emulator (three configurations, webhook on), and Chromium.
 */
import { buildPages } from './build-pages.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { strictCsp } from './csp.ts';
import { DEMO_DIR } from './paths.ts';
import { serveStatic, type StaticServer } from './static-server.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildManifest } from '../../../scripts/manifest.mjs';
import { startDemoEmulator, type DemoEmulator } from '../../../demo/demo-emulator.ts';
import { DEMO_SETTINGS_PATH, DEMO_WEBHOOK_PATH } from '../../../demo/demo-settings.ts';

export interface DemoSite {
  demo: DemoEmulator;
  server: StaticServer;
  browser: Browser;
  /** Webhook deliveries the page's receiver got. */
  webhooksReceived: () => number;
  close(): Promise<void>;
}

export async function startDemoSite(): Promise<DemoSite> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const built = await buildPages({ root: DEMO_DIR, entries: ['index.html', 'oauth-callback.html'] });
    const manifestDir = await mkdtemp(join(tmpdir(), 'latchkey-demo-cem-'));
    cleanups.push(() => rm(manifestDir, { recursive: true, force: true }));
    const manifest = buildManifest(manifestDir);
    cleanups.push(() => built.remove());
    // Filled once the emulator is up (it needs the server's origin for the logo URL).
    const up: { demo?: DemoEmulator } = {};
    let received = 0;
    const server = await serveStatic({
      mounts: { '/': built.outDir },
      headers: (): Record<string, string> => (up.demo ? { 'content-security-policy': strictCsp(up.demo.urls) } : {}),
      // As `npm start` does: the manifest for the API reference, made from the sources.
      json: { [DEMO_SETTINGS_PATH]: () => up.demo?.urls ?? {}, '/custom-elements.json': () => manifest },
      handle: (req, res, path) => {
        if (path !== DEMO_WEBHOOK_PATH || req.method !== 'POST') return false;
        req.resume();
        req.on('end', () => {
          received += 1;
          res.writeHead(200).end('ok');
        });
        return true;
      },
    });
    cleanups.push(() => server.close());
    const demo = (up.demo = await startDemoEmulator({ pageOrigin: server.origin, quiet: true }));
    cleanups.push(() => demo.stop());
    await demo.enableWebhook(`http://127.0.0.1:${server.port}${DEMO_WEBHOOK_PATH}`);
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    return { demo, server, browser, webhooksReceived: () => received, close };
  } catch (error) {
    await close();
    throw error;
  }
}
