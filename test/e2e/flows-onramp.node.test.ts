// Issue 4 "Done means": on-ramp to the sandbox page and its status. A logged-in person fills
// <latch-onramp> (the seed's rules shown before anything is sent), the provider's page opens in
// a new window (the emulator's sandbox), the person completes the purchase there, and the
// element follows the status to COMPLETED.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { HTTPRequest } from 'puppeteer-core';
import { openPage, type Page } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { otpLogin } from './support/auth-flows.ts';
import { assertClean, click, typeInto, uniqueEmail, waitForBoot, waitForEvent } from './support/page-helpers.ts';
import { shownAddresses } from './support/wallet-flows.ts';

const ONRAMP = 'latch-onramp';

describe('<latch-onramp>: a sandbox purchase', { timeout: 240_000 }, () => {
  let site: E2eSite;

  before(async () => {
    site = await startSite({ pages: ['plain.html'] });
  }, { timeout: 120_000 });

  after(() => site?.close());

  /** The field's error message (the `*-error` node its aria-describedby names; hints left out). */
  async function fieldError(page: Page, field: string): Promise<string> {
    return page.$eval(`${ONRAMP} >>> [part~="${field}"]`, (el) => {
      const root = el.getRootNode() as ShadowRoot;
      const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
      return ids.map((id) => root.getElementById(id)?.textContent?.trim() ?? '').join(' ').trim();
    });
  }

  it('rules before sending, the sandbox page in a new window, the status followed to COMPLETED', async () => {
    const { page, problems } = await openPage(site.browser);
    const initRequests: string[] = [];
    page.on('request', (request: HTTPRequest) => {
      // POSTs only (a CORS preflight comes first).
      if (request.method() === 'POST' && request.url().includes('init_fiat_on_ramp')) initRequests.push(request.url());
    });
    await page.goto(site.url('plain.html'));
    await waitForBoot(page);
    await otpLogin(page, site.emu, { contact: uniqueEmail('onramp') });
    const [ethAddress] = await shownAddresses(page);
    await page.waitForSelector(`${ONRAMP} >>> [part~="form"]`, { visible: true });

    // The seed's rules, checked in the page: an amount over 20, a state for the US.
    await typeInto(page, `${ONRAMP} >>> [part~="amount"]`, '10');
    await typeInto(page, `${ONRAMP} >>> [part~="country"]`, 'US');
    await click(page, `${ONRAMP} >>> [part~="submit"]`);
    await page.waitForFunction((o: string) => (document.querySelector(o)?.shadowRoot?.querySelectorAll('[part~="field-error"]') ?? []).length > 0 && Array.from(document.querySelector(o)!.shadowRoot!.querySelectorAll('[part~="field-error"]')).some((e) => e.textContent!.trim() !== ''), {}, ONRAMP);
    assert.match(await fieldError(page, 'amount'), /20/);
    assert.notEqual(await fieldError(page, 'subdivision'), '');
    assert.deepEqual(initRequests, [], 'nothing sent while the form is invalid');

    await typeInto(page, `${ONRAMP} >>> [part~="amount"]`, '50');
    await typeInto(page, `${ONRAMP} >>> [part~="subdivision"]`, 'NY');
    // The destination defaults to the user's first Ethereum account.
    assert.equal(await page.$eval(`${ONRAMP} >>> [part~="wallet-address"]`, (el) => (el as HTMLInputElement).value), ethAddress);
    const sandbox = await page.$eval(`${ONRAMP} >>> [part~="sandbox"]`, (el) => (el as HTMLInputElement).checked);
    if (!sandbox) await click(page, `${ONRAMP} >>> [part~="sandbox"]`);

    const providerTarget = site.browser.waitForTarget((target) => target.url().includes('/__onramp/'), { timeout: 20_000 });
    await click(page, `${ONRAMP} >>> [part~="submit"]`);
    const started = await waitForEvent(page, 'latch-onramp-start');
    assert.equal((started.detail as { opened: string }).opened, 'popup');
    const provider = (await (await providerTarget).page())!;
    await provider.waitForSelector('#onramp-complete', { visible: true });
    assert.equal(await provider.$eval('#onramp-status', (el) => el.getAttribute('data-status')), 'PENDING');
    assert.ok((await provider.content()).includes(ethAddress!), 'the sandbox shows the destination address');
    await Promise.all([provider.waitForNavigation(), provider.click('#onramp-complete')]);
    assert.equal(await provider.$eval('#onramp-status', (el) => el.getAttribute('data-status')), 'COMPLETED');
    await provider.close();
    // Back to the page (rendering and animation frames pause in a tab without the focus).
    await page.bringToFront();

    // Interval polling: this tab may still be throttled as a background tab after the popup.
    await page.waitForFunction(
      (o: string) => document.querySelector(o)?.shadowRoot?.querySelector('[part~="status"]')?.getAttribute('data-status') === 'COMPLETED',
      { polling: 200, timeout: 20_000 },
      ONRAMP,
    );
    const final = await waitForEvent(page, 'latch-onramp-status', {
      skip: (await page.evaluate(() => window.__events.filter((e) => e.type === 'latch-onramp-status').length)) - 1,
    });
    assert.deepEqual({ final: (final.detail as { final: boolean }).final }, { final: true });
    assert.equal(initRequests.length, 1);
    await assertClean(page, problems);
    await page.close();
  });
});
