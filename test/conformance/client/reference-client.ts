/**
 * The hosted reference client in a real page against a real emulator, for the conformance
 * tests: esbuild bundles reference-page.ts (the unchanged `@turnkey/core` client), a static
 * server on localhost serves it, Debian Chromium opens it. `call(fn, ...args)` runs a function
 * in the page with `window.TurnkeyClient` / `window.turnkeyCrypto` and the client made by
 * `newClient()`; what it returns must be JSON.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { launchBrowser, openPage, type Browser, type Page, type PageProblems } from '../../e2e/support/browser.ts';
import { startE2eEmulator, type E2eEmulator } from '../../e2e/support/e2e-emulator.ts';
import { serveStatic, type StaticServer } from '../../e2e/support/static-server.ts';

export interface ReferenceHarness {
  emu: E2eEmulator;
  /** The emulator's public keys (`GET /__keys`). */
  keys: { notarizerPublicKey: string; verificationTokenPublicKey: string; enclavePublicKey: string; otpEncryptionSignerPublicKey: string };
  /** The parent organization of the `demo` proxy configuration. */
  parentOrganizationId: string;
  browser: Browser;
  page: Page;
  problems: PageProblems;
  close(): Promise<void>;
}

export async function startReferenceHarness(): Promise<ReferenceHarness> {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  try {
    const emu = await startE2eEmulator();
    cleanups.push(() => emu.stop());
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-reference-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await build({
      entryPoints: [join(import.meta.dirname, 'reference-page.ts')],
      outfile: join(dir, 'reference-page.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'error',
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>reference client</title><script type="module" src="./reference-page.js"></script>');
    const server: StaticServer = await serveStatic({ mounts: { '/': dir } });
    cleanups.push(() => server.close());
    const keys = (await (await fetch(`${emu.urls.apiUrl}/__keys`)).json()) as ReferenceHarness['keys'];
    const config = (await (
      await fetch(`${emu.urls.proxyUrl}/v1/wallet_kit_config`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-proxy-config-id': 'demo' }, body: '{}' })
    ).json()) as { organizationId: string };
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.origin}/index.html`);
    await page.waitForFunction(() => window.referenceReady === true);
    return { emu, keys, parentOrganizationId: config.organizationId, browser, page, problems, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What a page call gave: its value, or the client's error message and its cause's. */
export type PageOutcome<T> = { ok: true; value: T } | { ok: false; error: string; cause: string };

/**
 * Runs `source` (the text of an async function of one JSON argument) in the page, where
 * `window.tk` is the client and `window.turnkeyCrypto` the crypto package. Never throws for
 * the client's own errors: they come back as `{ok: false}` so a test can assert a refusal.
 */
export async function inPage<T>(harness: ReferenceHarness, source: string, arg: unknown = null): Promise<PageOutcome<T>> {
  return harness.page.evaluate(
    async (src: string, a: unknown) => {
      try {
        const fn = (0, eval)(src) as (x: unknown) => Promise<unknown>;
        return { ok: true, value: await fn(a) };
      } catch (e) {
        const error = e as Error & { cause?: { message?: string } };
        return { ok: false, error: String(error?.message ?? e), cause: String(error?.cause?.message ?? '') };
      }
    },
    source,
    arg,
  ) as Promise<PageOutcome<T>>;
}

/** As inPage, and the value; a refusal fails the test with the client's message. */
export async function expectValue<T>(harness: ReferenceHarness, source: string, arg: unknown = null): Promise<T> {
  const outcome = await inPage<T>(harness, source, arg);
  if (!outcome.ok) throw new Error(`the reference client failed: ${outcome.error}${outcome.cause ? ` (${outcome.cause})` : ''}`);
  return outcome.value;
}
