// Issue 11, the CDN build: `dist/cdn/` (made by `npm run build`) served as plain files to a page
// with no build step, under the strict CSP: one `<script type="module" src="/cdn/auth.js">`
// defines the drop-in, and an email-code sign-up then a login run end to end against the
// emulator, with zero CSP violations, console errors or failed requests. The page loads no
// wallet, on-ramp or proof-verifier module on the way.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildCdn, CDN_DIR } from '../../scripts/build-cdn.mjs';
import { launchBrowser, openPage, type Browser } from './support/browser.ts';
import { strictCsp } from './support/csp.ts';
import { startE2eEmulator, type E2eEmulator } from './support/e2e-emulator.ts';
import { otpLogin } from './support/auth-flows.ts';
import { assertClean, uniqueEmail, waitForBoot } from './support/page-helpers.ts';
import { PAGE_CONFIG_PATH, type E2ePageConfig } from './support/page-config.ts';
import { ROOT } from './support/paths.ts';
import { serveStatic, type StaticServer } from './support/static-server.ts';

const PAGE_DIR = join(ROOT, 'test/e2e/cdn-page');

describe('the CDN build in a page with no build step', { timeout: 240_000 }, () => {
  let emu: E2eEmulator;
  let server: StaticServer;
  let browser: Browser;
  let glueDir: string;

  before(async () => {
    // Built here from the current sources (esbuild, about a second), never a stale dist/cdn.
    await buildCdn();
    emu = await startE2eEmulator();
    glueDir = mkdtempSync(join(tmpdir(), 'latchkey-cdn-page-'));
    await build({
      entryPoints: [join(PAGE_DIR, 'cdn-page.ts')],
      outdir: glueDir,
      bundle: true,
      format: 'esm',
      logLevel: 'silent',
      // package.json `sideEffects` names only the kit's own modules; the glue's
      // `import './violations.ts'` is there for its effect.
      ignoreAnnotations: true,
      plugins: [{
        name: 'latchkey-is-the-cdn-module',
        setup(b) {
          b.onResolve({ filter: /^latchkey$/ }, () => ({ path: '/cdn/latchkey.js', external: true }));
        },
      }],
    });
    const pageConfig: E2ePageConfig = { ...emu.urls, configId: 'demo' };
    server = await serveStatic({
      mounts: { '/': PAGE_DIR, '/cdn': CDN_DIR, '/page': glueDir },
      headers: { 'content-security-policy': strictCsp(emu.urls) },
      json: { [PAGE_CONFIG_PATH]: () => pageConfig },
    });
    browser = await launchBrowser();
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    await server?.close();
    if (glueDir) rmSync(glueDir, { recursive: true, force: true });
    await emu?.stop();
  });

  it('signs up and logs in with an email code, zero CSP violations, no wallet code loaded', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.origin}/cdn.html`);
    await waitForBoot(page);
    const email = uniqueEmail('cdn.page');
    const signup = await otpLogin(page, emu, { contact: email });
    assert.equal(signup.created, true);
    const login = await otpLogin(page, emu, { contact: email, loginsBefore: 1 });
    assert.equal(login.created, false);
    assert.equal(login.userId, signup.userId);
    await assertClean(page, problems);
    const loaded = server.requests.filter((path) => path.startsWith('/cdn/'));
    assert.ok(loaded.includes('/cdn/auth.js') && loaded.includes('/cdn/latchkey.js'), loaded.join(' '));
    // Elements are chunked by what they import: none of these is a login page's business.
    const scripts = await Promise.all(loaded.filter((p) => p.endsWith('.js')).map(async (p) => (await fetch(`${server.origin}${p}`)).text()));
    for (const tag of ['latch-wallet', 'latch-onramp', 'latch-tx-status']) {
      assert.ok(!scripts.some((text) => new RegExp(`["'\`]${tag}["'\`]`).test(text)), `a CDN login page loaded <${tag}>`);
    }
    await page.close();
  });
});
