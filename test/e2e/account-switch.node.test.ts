// Issue 24, several sessions, end to end in a real browser against the emulator, under the strict
// CSP: two accounts logged in through <latch-auth> in one tab ("Use another account"), each
// stamping as its own user (whoami, signed by the active session's key in IndexedDB); the switch
// in the element; a second tab of the same origin following the active account; Log out of one
// account in the first tab, which the second follows, while the other account stays.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { openPage } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { otpLogin } from './support/auth-flows.ts';
import { assertClean, click, uniqueEmail, waitForBoot } from './support/page-helpers.ts';

/** Who the page's kit stamps as now: the service's whoami answer to the active session. */
const whoami = (page: Page): Promise<{ userId: string; username: string }> =>
  page.evaluate(async () => {
    const answer = await window.__kit!.session!.whoami();
    return { userId: answer.userId, username: answer.username };
  });

/** Waits until the page's kit holds `userId`'s session (a tab following another one). */
const waitForUser = (page: Page, userId: string): Promise<unknown> =>
  page.waitForFunction((id: string) => window.__kit?.session?.summary?.userId === id, { timeout: 20_000, polling: 100 }, userId);

/** The accounts saved in the origin, as the page's kit lists them: userId → active. */
const accounts = (page: Page): Promise<Record<string, boolean>> =>
  page.evaluate(async () => {
    const all = await (await window.__kit!.accounts()).getAllSessions();
    return Object.fromEntries(Object.values(all).map((s) => [s.userId, s.active]));
  });

describe('several accounts through <latch-auth>, two tabs', { timeout: 240_000 }, () => {
  let site: E2eSite;

  before(async () => {
    site = await startSite({ pages: ['plain.html'] });
  }, { timeout: 120_000 });

  after(() => site?.close());

  it('adds a second account, switches (each stamps as its own user), a second tab follows, logging out one leaves the other', async () => {
    const one = await openPage(site.browser);
    await one.page.goto(site.url('plain.html'));
    await waitForBoot(one.page);
    // An earlier test's sessions in this origin's IndexedDB are not this test's accounts.
    await one.page.evaluate(async () => void (await (await window.__kit!.accounts()).logoutAll()));

    const firstEmail = uniqueEmail('switch.first');
    const secondEmail = uniqueEmail('switch.second');
    const first = await otpLogin(one.page, site.emu, { contact: firstEmail });
    assert.equal((await whoami(one.page)).userId, first.userId);
    const firstKey = await one.page.evaluate(() => window.__kit!.session!.publicKey);

    await click(one.page, 'latch-auth >>> [part="another-account"]');
    const second = await otpLogin(one.page, site.emu, { contact: secondEmail, loginsBefore: 1 });
    assert.notEqual(second.userId, first.userId);
    assert.deepEqual(await whoami(one.page), { userId: second.userId, username: secondEmail });
    assert.deepEqual(await accounts(one.page), { [first.userId!]: false, [second.userId!]: true });

    // A second tab restores the active account.
    const two = await openPage(site.browser);
    await two.page.goto(site.url('plain.html'));
    await waitForBoot(two.page);
    await waitForUser(two.page, second.userId!);
    assert.equal((await whoami(two.page)).userId, second.userId);

    // The switch in the first tab: it stamps as the first user now, and the second tab follows.
    // (A click needs the tab in front: a background tab's scrolling into view never finishes.)
    await one.page.bringToFront();
    await click(one.page, 'latch-auth >>> [part="switch-account"]');
    await click(one.page, 'latch-auth >>> [part="account-option"][data-session-key="current"]');
    await waitForUser(one.page, first.userId!);
    assert.deepEqual(await whoami(one.page), { userId: first.userId, username: firstEmail });
    await waitForUser(two.page, first.userId!);
    assert.deepEqual(await whoami(two.page), { userId: first.userId, username: firstEmail });
    await one.page.waitForFunction(() => document.querySelector('latch-auth')?.shadowRoot?.querySelector('[part~="status"]')?.textContent?.startsWith('Now using '), { timeout: 20_000, polling: 100 });

    // Log out (the first account) in the first tab: the second account is in use in both tabs.
    await click(one.page, 'latch-auth >>> [part="logout"]');
    await waitForUser(one.page, second.userId!);
    await waitForUser(two.page, second.userId!);
    assert.deepEqual(await accounts(two.page), { [second.userId!]: true });
    assert.equal((await whoami(two.page)).userId, second.userId);
    // The first account's key is gone from the origin's IndexedDB: nothing is left to stamp with.
    const keys = await two.page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('latchkey');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('keys', 'readonly').objectStore('keys').getAllKeys();
            read.onsuccess = () => {
              open.result.close();
              resolve(read.result.map(String));
            };
            read.onerror = () => reject(read.error);
          };
        }),
    );
    // Only the two accounts' keys are asked about: the store also holds keys that are not
    // sessions' (the OAuth buttons' prepared attempts; Firefox's e2e pass found six of them).
    assert.equal(keys.includes(firstKey), false, "the first account's key is deleted");
    assert.equal(keys.includes(await two.page.evaluate(() => window.__kit!.session!.publicKey)), true, "the second account's key stays");

    await two.page.evaluate(async () => void (await (await window.__kit!.accounts()).logoutAll()));
    await one.page.waitForFunction(() => window.__kit?.session === null, { timeout: 20_000, polling: 100 });
    await assertClean(one.page, one.problems);
    await assertClean(two.page, two.problems);
  });
});
