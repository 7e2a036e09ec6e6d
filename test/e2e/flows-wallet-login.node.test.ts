// Issue 12 part 3 "Done means": an external (test) wallet signs up and logs in through
// <latch-auth> end to end, on a page under the strict CSP against the emulator. The in-page test
// wallet (EIP-6963 announcer, real secp256k1 key, viem signing) is listed with its icon and name;
// pressing it signs up (the emulator verifies the wallet's EIP-191 stamp); after a reload the
// session is still there; logged out, the same wallet logs in again to the same user.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generatePrivateKey } from 'viem/accounts';
import { openPage } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { waitForMethods } from './support/auth-flows.ts';
import { assertClean, click, waitForBoot, waitForEvent } from './support/page-helpers.ts';

const WALLET = 'latch-auth >>> [part~="wallet"]';

describe('login with an external wallet through <latch-auth>', { timeout: 240_000 }, () => {
  let site: E2eSite;

  before(async () => {
    site = await startSite({ pages: ['wallet-login.html'] });
  }, { timeout: 120_000 });

  after(() => site?.close());

  it('the test wallet signs up, the session survives a reload, and the wallet logs in again to the same user', async () => {
    const { page, problems } = await openPage(site.browser);
    const url = site.url(`wallet-login.html?wallet-key=${generatePrivateKey()}`);
    await page.goto(url);
    await waitForBoot(page);
    await waitForMethods(page);

    // Listed with its EIP-6963 icon and name.
    await page.waitForSelector(WALLET, { visible: true });
    const shown = await page.$eval('latch-auth', (el) => {
      const button = el.shadowRoot!.querySelector('[part~="wallet"]')!;
      return { text: button.textContent!.replace(/\s+/g, ' ').trim(), icon: button.querySelector('img')?.getAttribute('src') ?? '' };
    });
    assert.equal(shown.text, 'Continue with E2E Test Wallet');
    assert.match(shown.icon, /^data:image\/svg\+xml;base64,/);

    // Sign-up: one press, one confirmation in the wallet.
    await click(page, WALLET);
    const signup = await waitForEvent(page, 'latch-login');
    assert.equal(signup.created, true);
    await page.waitForSelector('latch-auth >>> [part~="account"]', { visible: true });

    // Reload: the same wallet (same key) announces again; the session is still there.
    await page.reload();
    await waitForBoot(page);
    await page.waitForSelector('latch-auth >>> [part~="account"]', { visible: true });
    const restored = await page.evaluate(() => window.__kit!.session?.summary ?? null);
    assert.equal(restored?.userId, signup.userId);

    // Log out (the drop-in's button), then log in again with the wallet: the same user.
    await waitForMethods(page);
    await page.waitForSelector(WALLET, { visible: true });
    await click(page, WALLET);
    const login = await waitForEvent(page, 'latch-login');
    assert.equal(login.created, false);
    assert.equal(login.userId, signup.userId);
    assert.equal(login.organizationId, signup.organizationId);
    await assertClean(page, problems);
    await page.close();
  });
});
