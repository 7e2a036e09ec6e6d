// Every page under the strict Content-Security-Policy of issue 4 (nothing inline, Trusted Types
// required, network only to the emulator): a production build served with the header, an OTP
// login against a real emulator, and zero violations, console errors or failed requests.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPages, type BuiltPages } from './support/build-pages.ts';
import { launchBrowser, openPage, type Browser } from './support/browser.ts';
import { strictCsp } from './support/csp.ts';
import { startE2eEmulator, type E2eEmulator } from './support/e2e-emulator.ts';
import { assertClean, click, typeInto, uniqueEmail, violations, waitForBoot, waitForEvent } from './support/page-helpers.ts';
import { PAGE_CONFIG_PATH, type E2ePageConfig } from './support/page-config.ts';
import { PAGES_DIR } from './support/paths.ts';
import { serveStatic, type StaticServer } from './support/static-server.ts';

describe('strict CSP', { timeout: 180_000 }, () => {
  let emu: E2eEmulator;
  let built: BuiltPages;
  let server: StaticServer;
  let browser: Browser;

  before(async () => {
    emu = await startE2eEmulator();
    built = await buildPages({ root: PAGES_DIR, entries: ['otp-kit.html', 'oauth-callback.html'] });
    const pageConfig: E2ePageConfig = { ...emu.urls, configId: 'demo' };
    server = await serveStatic({
      mounts: { '/': built.outDir },
      headers: { 'content-security-policy': strictCsp(emu.urls) },
      json: { [PAGE_CONFIG_PATH]: () => pageConfig },
    });
    browser = await launchBrowser();
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    await server?.close();
    await built?.remove();
    await emu?.stop();
  });

  it('the policy really is enforced: an inline script is refused and reported', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${server.origin}/otp-kit.html`);
    await waitForBoot(page);
    // Injected through the DOM (not through CDP, which bypasses CSP): a plain string is refused
    // by Trusted Types, and a trusted one by script-src.
    const outcome = await page.evaluate(async () => {
      const script = document.createElement('script');
      let plainRefused = false;
      try {
        script.textContent = 'window.__inlineRan = true';
      } catch (error) {
        plainRefused = error instanceof TypeError;
      }
      const tt = (window as unknown as { trustedTypes: { createPolicy(n: string, r: object): { createScript(s: string): string } } }).trustedTypes;
      script.textContent = tt.createPolicy('e2e-probe', { createScript: (s: string) => s }).createScript('window.__inlineRan = true');
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { plainRefused, ran: (window as { __inlineRan?: boolean }).__inlineRan === true };
    });
    assert.deepEqual(outcome, { plainRefused: true, ran: false });
    const seen = await violations(page);
    assert.deepEqual(seen.map((v) => v.directive).sort(), ['require-trusted-types-for', 'script-src-elem'], JSON.stringify(seen));
    await page.close();
  });

  it('<latch-otp-input> with the kit: email OTP sign-up with zero violations', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.origin}/otp-kit.html`);
    await waitForBoot(page);
    const email = uniqueEmail('csp.otp');
    await typeInto(page, '#email', email);
    await click(page, '#send');
    const code = await emu.latestCode(email);
    await page.waitForSelector('latch-otp-input >>> [part~="input"]', { visible: true });
    await typeInto(page, 'latch-otp-input >>> [part~="input"]', code);
    const login = await waitForEvent(page, 'kit-login');
    assert.equal(login.created, true);
    assert.match(login.organizationId ?? '', /\S/);
    // Lit rendered under Trusted Types: the element has its shadow content.
    const boxes = await page.$$eval('latch-otp-input >>> [part~="input"]', (els) => els.length);
    assert.equal(boxes, 6);
    await assertClean(page, problems);
    await page.close();
  });
});
