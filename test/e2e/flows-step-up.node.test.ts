// Issue 13 part 2 end to end: step-up on the plain HTML page under the strict CSP, against an
// emulator whose `step-up` configuration wants a login in the last 3 s before an export. A user
// logs in by email code, waits past the window, and asks <latch-wallet> for the recovery phrase:
// the service refuses (403 STEP_UP_REQUIRED), the wallet shows "Confirm it's you", a code sent
// to the user's own email confirms, and the phrase then shows, without a reload. The export's
// refusal and its retry are both in the emulator's activity log: only the retry completed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, type Page, type PageProblems } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { otpLogin } from './support/auth-flows.ts';
import { assertClean, click, uniqueEmail, waitForBoot } from './support/page-helpers.ts';
import { shownText, waitForNode } from './support/wallet-flows.ts';
import { untilLoginOlderThan } from '../support/login-age.ts';

const WALLET = 'latch-wallet';
const STEP_UP = `${WALLET} >>> latch-step-up`;

describe('step-up: an export held for a recent login, confirmed by an emailed code', { timeout: 240_000 }, () => {
  let site: E2eSite;
  let page: Page;
  let problems: PageProblems;
  const email = uniqueEmail('step-up');
  let loggedInAt = 0;

  before(async () => {
    site = await startSite({ pages: ['plain.html'], configId: 'step-up', proxyConfigs: [{ id: 'step-up', stepUpMaxAgeSeconds: 3 }] });
    ({ page, problems } = await openPage(site.browser));
    await page.goto(site.url('plain.html'));
    await waitForBoot(page);
    assert.equal((await otpLogin(page, site.emu, { contact: email })).created, true);
    loggedInAt = Date.now();
  }, { timeout: 180_000 });

  after(() => site?.close());

  it('the wallet asks "Confirm it\'s you", the code confirms, and the phrase shows', async () => {
    await page.waitForSelector(`${WALLET} >>> [part~="export-start"]`, { visible: true });
    // The export must meet a stale login: the configuration's window is 3 s.
    await untilLoginOlderThan(loggedInAt, 3);
    await click(page, `${WALLET} >>> [part~="export-start"]`);
    await click(page, `${WALLET} >>> [part~="export-confirm"]`);
    await page.waitForSelector(`${WALLET} >>> [part~="reveal"][aria-disabled="false"]`, { visible: true });
    await click(page, `${WALLET} >>> [part~="reveal"]`);
    await waitForNode(page, `${STEP_UP} >>> [part~="email"]`, { timeoutMs: 30_000 }).catch(async (error: unknown) => {
      throw new Error(`no step-up; the wallet shows: ${await shownText(page, WALLET)}`, { cause: error });
    });
    assert.equal(await page.$eval(`${STEP_UP} >>> [part~="title"]`, (el) => el.textContent!.trim()), 'Confirm it’s you');
    const sent = await site.emu.outboxCount(email);
    await click(page, `${STEP_UP} >>> [part~="email"]`);
    const code = await site.emu.latestCode(email, { after: sent });
    await waitForNode(page, `${STEP_UP} >>> [part~="code-input"]`);
    const field = await page.$(`${STEP_UP} >>> [part~="code-input"]`);
    await field!.type(code);
    await field!.dispose();
    await page.keyboard.press('Enter');
    await waitForNode(page, `${WALLET} >>> [part~="mnemonic"]`, { timeoutMs: 30_000 }).catch(async (error: unknown) => {
      throw new Error(`no phrase; the wallet shows: ${await shownText(page, WALLET)}`, { cause: error });
    });
    const words = await page.$$eval(`${WALLET} >>> [part~="mnemonic"] li`, (items) => items.length);
    assert.ok(words === 12 || words === 24, `${words} words`);
    await waitForNode(page, STEP_UP, { gone: true });
    // The emulator kept one completed export: the refused one changed nothing.
    const exports = site.emu.emulator.state.read.activities.values().filter((a) => a.type === 'ACTIVITY_TYPE_EXPORT_WALLET');
    assert.deepEqual(exports.map((a) => a.status), ['ACTIVITY_STATUS_COMPLETED']);
    // The one refusal the browser logs is the service's 403 that asked for the step-up.
    await assertClean(page, problems, [/403 \(Forbidden\) @ \S+\/public\/v1\/submit\/export_wallet$/]);
  });
});
