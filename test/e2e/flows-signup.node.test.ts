// <latch-signup> and <latch-tx-status> end to end under the strict CSP: a sign-up by email code
// that creates an Ethereum and a Solana address with App Proofs, verified in the page (the lazy
// proof verifier) against the emulator's test root; then transactions the application sends
// with the session, followed by <latch-tx-status>: one INCLUDED with its hash, one reverted with
// a readable revert chain (the sandbox chain's InsufficientBalance custom error).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, type Page, type PageProblems } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { assertClean, click, typeInto, uniqueEmail, waitForBoot, waitForEvent } from './support/page-helpers.ts';
import { shownText } from './support/wallet-flows.ts';

const SIGNUP = 'latch-signup';
const TX = 'latch-tx-status';

describe('<latch-signup> with App Proofs, then <latch-tx-status>', { timeout: 240_000 }, () => {
  let site: E2eSite;
  let page: Page;
  let problems: PageProblems;

  before(async () => {
    site = await startSite({ pages: ['signup.html'] });
    ({ page, problems } = await openPage(site.browser));
    await page.goto(site.url('signup.html'));
    await waitForBoot(page);
  }, { timeout: 120_000 });

  after(() => site?.close());

  it('signs up, shows the new addresses and a verified proof badge', async () => {
    const email = uniqueEmail('signup');
    await typeInto(page, `${SIGNUP} >>> [part~="input"]`, email);
    await click(page, `${SIGNUP} >>> [part~="submit"]`);
    const code = await site.emu.latestCode(email);
    const box = await page.waitForSelector(`${SIGNUP} >>> latch-otp-input >>> input`, { visible: true });
    await box!.type(code);
    const login = await waitForEvent(page, 'latch-login');
    assert.equal(login.created, true);
    await page.waitForSelector(`${SIGNUP} >>> [part~="result"]`, { visible: true });
    const chains = await page.$$eval(`${SIGNUP} >>> [part~="address"]`, (rows) => rows.length);
    assert.equal(chains, 2);
    try {
      await page.waitForFunction(() => document.querySelector('latch-signup')?.shadowRoot?.querySelector('latch-proof-badge')?.getAttribute('state') === 'verified', { polling: 100, timeout: 20_000 });
    } catch (error) {
      throw new Error(`the proof badge is not verified: ${await shownText(page, `${SIGNUP} >>> latch-proof-badge`)}`, { cause: error });
    }
    await assertClean(page, problems);
  });

  it('follows an included transaction and a reverted one, showing the revert chain', async () => {
    await typeInto(page, '#send-to', '0x1111111111111111111111111111111111111111');
    await click(page, '#send');
    await page.waitForFunction((t: string) => document.querySelector(t)?.shadowRoot?.querySelector('[part~="status"]')?.getAttribute('data-status') === 'INCLUDED', { polling: 100 }, TX);
    assert.match(await page.$eval(`${TX} >>> [part~="tx-hash"]`, (el) => el.textContent!.trim()), /^0x[0-9a-f]{64}$/);

    await typeInto(page, '#send-to', '0x000000000000000000000000000000000000dEaD');
    await click(page, '#send');
    await page.waitForFunction((t: string) => document.querySelector(t)?.shadowRoot?.querySelector('[part~="status"]')?.getAttribute('data-status') === 'FAILED', { polling: 100 }, TX);
    const chain = await page.$$eval(`${TX} >>> [part~="revert-entry"]`, (entries) => entries.map((e) => ({ kind: e.getAttribute('data-kind'), text: e.textContent!.replace(/\s+/g, ' ') })));
    assert.ok(chain.length >= 1, 'a revert chain');
    assert.ok(chain.some((entry) => entry.text.includes('InsufficientBalance')), JSON.stringify(chain));
    const statuses = (await page.evaluate(() => window.__events)).filter((e) => e.type === 'latch-tx-status').map((e) => e.detail as { status: { txStatus: string }; final: boolean });
    assert.deepEqual(statuses.filter((s) => s.final).map((s) => s.status.txStatus), ['INCLUDED', 'FAILED']);
    await assertClean(page, problems);
  });
});
