// Issue 38 in Chromium, on a page built for production under the strict CSP:
// - the README's quick start (`configure({ emulator, configId })` and <latch-auth>) logs in by
//   email OTP against the emulator, the kit reading everything else from its /__keys;
// - the first try (`{ proxyUrl, configId }` alone) creates the account but cannot trust
//   the session: the person reads that the site is not set up for this login (not "Something went
//   wrong"), the developer's error names the proxy's /__keys;
// - on http://127.0.0.1 (an IP address, which WebAuthn refuses as a domain) focusing the email
//   field shows the person nothing, and the console says why once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { openPage } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { otpLogin, waitForMethods } from './support/auth-flows.ts';
import { assertClean, click, typeInto, uniqueEmail, waitForBoot, waitForEvent } from './support/page-helpers.ts';

/** The drop-in's visible text, shadow roots included, spaces collapsed. */
const shownText = (page: Page): Promise<string> =>
  page.$eval('latch-auth', (el) => {
    const walk = (node: Node): string =>
      [...(node as Element).shadowRoot?.childNodes ?? [], ...node.childNodes].map((child) => (child.nodeType === 3 ? child.textContent : walk(child))).join(' ');
    return walk(el).replace(/\s+/g, ' ');
  });

describe('the emulator option and its errors in Chromium', { timeout: 240_000 }, () => {
  let site: E2eSite;

  before(async () => {
    site = await startSite({ pages: ['quickstart.html'] });
  }, { timeout: 180_000 });

  after(() => site?.close());

  it("logs in by email OTP with the README's quick start: { emulator, configId } only", async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(site.url('quickstart.html'));
    await waitForBoot(page);
    const login = await otpLogin(page, site.emu, { contact: uniqueEmail('quickstart') });
    assert.equal(login.created, true);
    await assertClean(page, problems);
    await page.close();
  });

  it('says what to do when the kit does not trust the notarizer: the person, and the developer', async () => {
    const { page } = await openPage(site.browser);
    await page.goto(site.url('quickstart.html?kit=proxy-only'));
    await waitForBoot(page);
    await waitForMethods(page);
    const contact = uniqueEmail('untrusted');
    const sent = await site.emu.outboxCount(contact);
    await typeInto(page, 'latch-auth >>> input#email', contact);
    await click(page, 'latch-auth >>> form[data-method="email"] [part~="submit"]');
    const code = await site.emu.latestCode(contact, { after: sent });
    const first = await page.waitForSelector('latch-auth >>> latch-otp-input >>> input', { visible: true });
    await first!.type(code);
    const error = await waitForEvent(page, 'latch-error');
    assert.equal(error.code, 'ERR_JWT_SIGNATURE');
    await page.waitForFunction(
      (wanted: string) => {
        const walk = (node: Node): string => [...((node as Element).shadowRoot?.childNodes ?? []), ...node.childNodes].map((c) => (c.nodeType === 3 ? c.textContent : walk(c))).join(' ');
        return walk(document.querySelector('latch-auth')!).includes(wanted);
      },
      {},
      'This site is not set up to confirm this login.',
    );
    assert.doesNotMatch(await shownText(page), /Something went wrong/);
    const message = await page.evaluate(() => (window as { __lastErrorMessage?: string }).__lastErrorMessage ?? '');
    assert.match(message, new RegExp(`${site.emu.urls.proxyUrl.replace(/\./g, '\\.')}/__keys`));
    await page.close();
  });

  it('on http://127.0.0.1 passkey autofill shows the person nothing and tells the console once', async () => {
    const { page, problems } = await openPage(site.browser);
    // The page's console.warn calls, readable by waitForFunction (no timed wait for the console).
    await page.evaluateOnNewDocument(`{ const warn = console.warn; window.__warnings = []; console.warn = (...a) => { window.__warnings.push(a.join(' ')); warn(...a); }; }`);
    const warnings = (): Promise<string[]> => page.evaluate(() => (window as unknown as { __warnings: string[] }).__warnings);
    await page.goto(site.url('quickstart.html').replace('//localhost:', '//127.0.0.1:'));
    await waitForBoot(page);
    await waitForMethods(page);
    // The email field offers passkeys (autocomplete "username webauthn"); focusing it starts autofill.
    assert.equal(await page.$eval('latch-auth', (el) => el.shadowRoot!.querySelector('input#email')!.getAttribute('autocomplete')), 'username webauthn');
    await click(page, 'latch-auth >>> input#email');
    await page.waitForFunction(() => (window as unknown as { __warnings: string[] }).__warnings.some((w) => w.startsWith('Latchkey: passkey autofill is off on this page: 127.0.0.1 is an IP address')));
    // Focus again: still nothing shown, still one notice.
    await page.$eval('latch-auth', (el) => (el.shadowRoot!.querySelector('input#email') as HTMLInputElement).blur());
    await click(page, 'latch-auth >>> input#email');
    await typeInto(page, 'latch-auth >>> input#email', 'a');
    assert.doesNotMatch(await shownText(page), /passkey did not work|Something went wrong/i);
    assert.equal(await page.evaluate(() => window.__events.filter((e) => e.type === 'latch-error').length), 0, 'no latch-error');
    assert.equal((await warnings()).filter((w) => w.startsWith('Latchkey:')).length, 1);
    await assertClean(page, problems);
    await page.close();
  });
});
