// Issue 4 "Done means": a wallet with more than 10 accounts, paged by <latch-wallet>, and an
// export decrypted in the page. The phrase the page revealed is checked in Node: it derives
// every one of the twelve addresses the wallet listed, in order.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, type Page, type PageProblems } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { otpLogin } from './support/auth-flows.ts';
import { assertClean, click, uniqueEmail, waitForBoot, waitForEvent } from './support/page-helpers.ts';
import { shownAddresses, waitForCount, waitForNode } from './support/wallet-flows.ts';
import { ethereumAddressOf } from './support/wallet-checks.ts';
import { holdsWordRun } from '../support/secret-probes.ts';

const WALLET = 'latch-wallet';
const ACCOUNTS = 12;

describe('<latch-wallet>: paging and export', { timeout: 240_000 }, () => {
  let site: E2eSite;
  let page: Page;
  let problems: PageProblems;
  const listed: string[] = [];

  before(async () => {
    site = await startSite({ pages: ['plain.html'] });
    ({ page, problems } = await openPage(site.browser));
    await page.goto(site.url(`plain.html?accounts=${ACCOUNTS}`));
    await waitForBoot(page);
    const signup = await otpLogin(page, site.emu, { contact: uniqueEmail('wallet') });
    assert.equal(signup.created, true);
  }, { timeout: 120_000 });

  after(() => site?.close());

  async function pageLabel(): Promise<string> {
    return page.$eval(`${WALLET} >>> [part~="page"]`, (el) => el.textContent!.trim());
  }

  it(`pages ${ACCOUNTS} accounts 10 at a time, forward and back`, async () => {
    const first = await shownAddresses(page);
    assert.equal(first.length, 10);
    // Empty when the element's strings were left out of the production build (see the report).
    assert.equal(await pageLabel(), 'Page 1');
    assert.equal(await page.$eval(`${WALLET} >>> [part~="previous"]`, (el) => el.getAttribute('aria-disabled')), 'true');

    await page.waitForSelector(`${WALLET} >>> [part~="next"][aria-disabled="false"]`, { visible: true });
    await click(page, `${WALLET} >>> [part~="next"]`);
    await waitForCount(page, `${WALLET} >>> [part~="address"]`, 2);
    const second = await shownAddresses(page);
    assert.equal(await pageLabel(), 'Page 2');
    assert.equal(await page.$eval(`${WALLET} >>> [part~="next"]`, (el) => el.getAttribute('aria-disabled')), 'true');

    await click(page, `${WALLET} >>> [part~="previous"]`);
    await waitForCount(page, `${WALLET} >>> [part~="address"]`, 10);
    assert.deepEqual(await shownAddresses(page), first);

    listed.push(...first, ...second);
    assert.equal(new Set(listed).size, ACCOUNTS);
  });

  it('reveals the recovery phrase after a confirmation, decrypted in the page; it derives every listed address', async () => {
    assert.equal(listed.length, ACCOUNTS, 'needs the paging test first');
    await click(page, `${WALLET} >>> [part~="export-start"]`);
    await page.waitForSelector(`${WALLET} >>> [part~="export-warning"]`, { visible: true });
    // Reveal is refused until the person confirms.
    assert.equal(await page.$eval(`${WALLET} >>> [part~="reveal"]`, (el) => el.getAttribute('aria-disabled')), 'true');
    await click(page, `${WALLET} >>> [part~="export-confirm"]`);
    await page.waitForSelector(`${WALLET} >>> [part~="reveal"][aria-disabled="false"]`, { visible: true });
    await click(page, `${WALLET} >>> [part~="reveal"]`);
    const exported = await waitForEvent(page, 'latch-export');
    assert.match((exported.detail as { walletId: string }).walletId, /\S/);
    await page.waitForSelector(`${WALLET} >>> [part~="mnemonic"]`, { visible: true });
    const words = await page.$$eval(`${WALLET} >>> [part~="mnemonic"] li`, (els) => els.map((el) => el.textContent!.trim().replace(/^\d+[.\s]*/, '')));
    assert.ok([12, 15, 18, 21, 24].includes(words.length), `${words.length} words`);
    const mnemonic = words.join(' ');
    for (const [i, address] of listed.entries()) {
      assert.equal(ethereumAddressOf(mnemonic, `m/44'/60'/0'/0/${i}`), address.toLowerCase(), `account ${i}`);
    }
    // The event log never holds the phrase: no three of its words in a row, as whole words,
    // anywhere in it (the first three as a substring missed the rest and any other separator).
    assert.ok(!holdsWordRun(JSON.stringify(await page.evaluate(() => window.__events)), words), 'no run of the phrase in the event log');

    await click(page, `${WALLET} >>> [part~="hide"]`);
    await waitForNode(page, `${WALLET} >>> [part~="mnemonic"]`, { gone: true });
    await assertClean(page, problems);
  });
});
