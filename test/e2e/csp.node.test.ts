// Every page under the strict Content-Security-Policy of issue 4 (nothing inline, Trusted Types
// required, network only to the emulator): production builds served with the header, logins
// against a real emulator, and zero violations, console errors or failed requests. The other
// e2e files run under the same policy; this one checks the policy itself and Trusted Types:
//   - the policy is really enforced (an inline script is refused by Trusted Types and script-src);
//   - <latch-otp-input> driven by the kit, and the drop-in, each through an email OTP sign-up;
//   - with a `trusted-types` allow-list, `lit-html` is the one policy name the elements need;
//   - two copies of lit on one page create the `lit-html` policy twice: an allow-list then needs
//     'allow-duplicates' (without it the second copy fails to load; this pins that behaviour).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { buildPages, type BuiltPages } from './support/build-pages.ts';
import { launchBrowser, openPage, type Browser } from './support/browser.ts';
import { strictCsp } from './support/csp.ts';
import { startE2eEmulator, type E2eEmulator } from './support/e2e-emulator.ts';
import { otpLogin } from './support/auth-flows.ts';
import { assertClean, click, typeInto, uniqueEmail, violations, waitForBoot, waitForEvent } from './support/page-helpers.ts';
import { PAGE_CONFIG_PATH, type E2ePageConfig } from './support/page-config.ts';
import { PAGES_DIR } from './support/paths.ts';
import { serveStatic, type StaticServer } from './support/static-server.ts';

describe('strict CSP and Trusted Types', { timeout: 240_000 }, () => {
  let emu: E2eEmulator;
  let built: BuiltPages;
  let copy: BuiltPages;
  let browser: Browser;
  const servers: StaticServer[] = [];

  /** A server for the built pages (and two mounts of one define-copy build) with `policy`. */
  async function serve(policy: string): Promise<StaticServer> {
    const pageConfig: E2ePageConfig = { ...emu.urls, configId: 'demo' };
    const server = await serveStatic({
      mounts: { '/': built.outDir, '/static': join(PAGES_DIR, 'static'), '/copy-a': copy.outDir, '/copy-b': copy.outDir },
      headers: { 'content-security-policy': policy },
      json: { [PAGE_CONFIG_PATH]: () => pageConfig },
    });
    servers.push(server);
    return server;
  }

  before(async () => {
    emu = await startE2eEmulator();
    built = await buildPages({ root: PAGES_DIR, entries: ['otp-kit.html', 'plain.html', 'oauth-callback.html'] });
    copy = await buildPages({ root: PAGES_DIR, entries: ['define-copy.ts'], lib: { fileName: 'define-copy.js' } });
    browser = await launchBrowser();
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    for (const server of servers.splice(0)) await server.close();
    await copy?.remove();
    await built?.remove();
    await emu?.stop();
  });

  it('the policy really is enforced: an inline script is refused and reported', async () => {
    const server = await serve(strictCsp(emu.urls));
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
      // An inline script runs as it is inserted, or is refused with a script-src-elem violation:
      // wait for that event (bounded), not for a guessed time.
      const refused = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 5_000);
        document.addEventListener('securitypolicyviolation', (event) => {
          if (event.effectiveDirective !== 'script-src-elem') return;
          clearTimeout(timer);
          resolve(true);
        });
      });
      document.head.append(script);
      const scriptSrcRefused = await refused;
      return { plainRefused, scriptSrcRefused, ran: (window as { __inlineRan?: boolean }).__inlineRan === true };
    });
    assert.deepEqual(outcome, { plainRefused: true, scriptSrcRefused: true, ran: false }, 'refused by Trusted Types, then by script-src within 5 s');
    const seen = await violations(page);
    assert.deepEqual(seen.map((v) => v.directive).sort(), ['require-trusted-types-for', 'script-src-elem'], JSON.stringify(seen));
    await page.close();
  });

  it('E1 strict-csp-zero-violations: <latch-otp-input> with the kit, an email OTP sign-up with zero violations', async () => {
    const server = await serve(strictCsp(emu.urls));
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.origin}/otp-kit.html`);
    await waitForBoot(page);
    const email = uniqueEmail('csp.otp');
    await typeInto(page, '#email', email);
    await click(page, '#send');
    const code = await emu.latestCode(email);
    await typeInto(page, 'latch-otp-input >>> [part~="input"]', code);
    const login = await waitForEvent(page, 'kit-login');
    assert.equal(login.created, true);
    assert.match(login.organizationId ?? '', /\S/);
    // Lit rendered under Trusted Types: the element has its shadow content.
    assert.equal(await page.$$eval('latch-otp-input >>> [part~="input"]', (els) => els.length), 6);
    await assertClean(page, problems);
    await page.close();
  });

  it("with `trusted-types lit-html` (an allow-list), the drop-in's sign-up still has zero violations", async () => {
    const server = await serve(`${strictCsp(emu.urls)}; trusted-types lit-html`);
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.origin}/plain.html`);
    await waitForBoot(page);
    const login = await otpLogin(page, emu, { contact: uniqueEmail('csp.tt') });
    assert.equal(login.created, true);
    await assertClean(page, problems);
    await page.close();
  });

  it('E2 style-fallback-nonce: without adoptedStyleSheets the styles apply through litNonce only; without it they are refused and reported', async () => {
    const nonce = 'e2e-style-nonce';
    const policy = strictCsp(emu.urls).replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`);
    const outcomes: Record<string, { fallback: boolean; display: string; refused: string[] }> = {};
    for (const given of [nonce, undefined]) {
      const server = await serve(policy);
      const { page } = await openPage(browser);
      // An engine without constructable stylesheets: lit falls back to <style> elements.
      await page.evaluateOnNewDocument((value?: string) => {
        delete (Document.prototype as unknown as Record<string, unknown>).adoptedStyleSheets;
        delete (ShadowRoot.prototype as unknown as Record<string, unknown>).adoptedStyleSheets;
        if (value) (window as unknown as { litNonce: string }).litNonce = value;
      }, given);
      await page.goto(`${server.origin}/plain.html`);
      await waitForBoot(page);
      await page.waitForFunction(() => Boolean(document.querySelector('latch-auth')?.shadowRoot?.querySelector('style')), { polling: 50 });
      const state = await page.evaluate(() => {
        const auth = document.querySelector('latch-auth')!;
        return { fallback: auth.shadowRoot!.querySelectorAll('style').length > 0, display: getComputedStyle(auth).display };
      });
      outcomes[given ? 'with litNonce' : 'without'] = { ...state, refused: [...new Set((await violations(page)).map((v) => v.directive))] };
      await page.close();
    }
    assert.deepEqual(outcomes, {
      'with litNonce': { fallback: true, display: 'block', refused: [] },
      without: { fallback: true, display: 'inline', refused: ['style-src-elem'] },
    });
  });

  it("two copies of lit under an allow-list: refused without 'allow-duplicates', fine with it", async () => {
    const base = "default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'";
    const outcomes: Record<string, { copies: number; boxes: number; refused: boolean }> = {};
    for (const list of ['lit-html', "lit-html 'allow-duplicates'"]) {
      const server = await serve(`${base}; trusted-types ${list}`);
      const { page, problems } = await openPage(browser);
      await page.goto(`${server.origin}/static/define-twice.html`);
      await page.waitForFunction(() => document.querySelector('latch-otp-input')?.shadowRoot?.querySelectorAll('input').length === 4, { polling: 50 });
      // Both module scripts have run (or failed) by the load event.
      await page.waitForFunction(() => document.readyState === 'complete');
      const state = await page.evaluate(() => ({ copies: window.__copies?.length ?? 0, boxes: document.querySelector('latch-otp-input')!.shadowRoot!.querySelectorAll('input').length }));
      // Each engine words the refusal its own way; both name the policy.
      outcomes[list] = { ...state, refused: problems.pageErrors.some((e) => /polic/i.test(e) && e.includes('lit-html')) };
      await page.close();
    }
    assert.deepEqual(outcomes, {
      'lit-html': { copies: 1, boxes: 4, refused: true },
      "lit-html 'allow-duplicates'": { copies: 2, boxes: 4, refused: false },
    });
  });
});
