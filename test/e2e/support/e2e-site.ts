/**
 * One test file's whole set-up: an emulator, the pages it needs built for production, a static
 * server sending the strict CSP, and Chromium; `close()` undoes all of it (browser first).
 */
import { buildPages, type BuiltPages } from './build-pages.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { strictCsp } from './csp.ts';
import { startE2eEmulator, type E2eEmulator } from './e2e-emulator.ts';
import { PAGE_CONFIG_PATH, type E2ePageConfig } from './page-config.ts';
import { PAGES_DIR } from './paths.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

export interface E2eSite {
  emu: E2eEmulator;
  server: StaticServer;
  browser: Browser;
  /** `http://localhost:<port>/<page>`. */
  url(page: string): string;
  close(): Promise<void>;
}

export interface SiteOptions {
  /** HTML pages under test/e2e/pages (oauth-callback.html is always added). */
  pages: string[];
  /** The auth proxy configuration the pages use (default `demo`). */
  configId?: string;
  proxyConfigs?: unknown[];
  /** Send the strict CSP header (default true). */
  csp?: boolean;
}

export async function startSite(options: SiteOptions): Promise<E2eSite> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const emu = await startE2eEmulator(options.proxyConfigs);
    cleanups.push(() => emu.stop());
    const built: BuiltPages = await buildPages({ root: PAGES_DIR, entries: [...new Set([...options.pages, 'oauth-callback.html'])] });
    cleanups.push(() => built.remove());
    const pageConfig: E2ePageConfig = { ...emu.urls, configId: options.configId ?? 'demo' };
    const server = await serveStatic({
      mounts: { '/': built.outDir },
      headers: options.csp === false ? {} : { 'content-security-policy': strictCsp(emu.urls) },
      json: { [PAGE_CONFIG_PATH]: () => pageConfig },
    });
    cleanups.push(() => server.close());
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    return { emu, server, browser, url: (page) => `${server.origin}/${page}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}
