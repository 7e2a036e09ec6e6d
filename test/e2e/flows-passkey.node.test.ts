// Issue 4 "Done means": passkey sign-up and login with a virtual authenticator, through the
// drop-in's <latch-passkey-button> on a plain page under the strict CSP (localhost is the rpId).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { e2eEngine, openPage } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { waitForMethods } from './support/auth-flows.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';
import { assertClean, click, typeInto, waitForBoot, waitForEvent } from './support/page-helpers.ts';
import { shownAddresses } from './support/wallet-flows.ts';

const PASSKEY = 'latch-auth >>> latch-passkey-button';

// The CDP virtual authenticator exists only in Chromium: in Firefox its test is skipped, by name.
const skip = e2eEngine === 'chromium' ? false : `no CDP virtual authenticator in ${e2eEngine}`;

describe('passkeys through <latch-passkey-button> [needs virtual authenticator]', { timeout: 240_000 }, () => {
  let site: E2eSite;

  before(async () => {
    if (skip) return;
    site = await startSite({ pages: ['plain.html'] });
  }, { timeout: 120_000 });

  after(() => site?.close());

  it('sign-up creates a passkey and an account; a cancelled prompt is retried; login finds the same account', { skip }, async () => {
    const { page, problems } = await openPage(site.browser);
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto(site.url('plain.html'));
    await waitForBoot(page);
    await waitForMethods(page);

    // Sign-up: the drop-in's switch, then the name field of the passkey button.
    await click(page, 'latch-auth >>> [part~="passkey-toggle"]');
    await page.waitForSelector(`${PASSKEY}[mode="signup"]`, { visible: true });
    await typeInto(page, `${PASSKEY} >>> input#name`, `passkey-user-${Date.now()}`);
    await page.bringToFront();
    await click(page, `${PASSKEY} >>> [part~="button"]`);
    const signup = await waitForEvent(page, 'latch-login');
    assert.equal(signup.created, true);
    assert.equal(await authenticator.credentialCount(), 1);
    assert.equal((await shownAddresses(page)).length, 2);

    // The drop-in now says who is logged in. Log out through the kit, not the drop-in's button:
    // that button puts focus in the email field, whose passkey autofill the virtual authenticator
    // answers at once (as if the person picked the passkey there), which would log in again.
    // Back to login; the person refuses once (user verification fails), then accepts.
    await page.evaluate(() => window.__kit!.logout());
    await waitForMethods(page);
    await click(page, 'latch-auth >>> [part~="passkey-toggle"]');
    await page.waitForSelector(`${PASSKEY}[mode="login"]`, { visible: true });
    await authenticator.setUserVerified(false);
    await page.bringToFront();
    await click(page, `${PASSKEY} >>> [part~="button"]`);
    const refused = await waitForEvent(page, 'latch-error');
    assert.match(refused.code ?? '', /^ERR_PASSKEY_/);
    // The button says why, and stays usable.
    await page.waitForFunction(
      () => (document.querySelector('latch-auth')?.shadowRoot?.querySelector('latch-passkey-button')?.shadowRoot?.querySelector('[part~="error"]')?.textContent ?? '').trim() !== '',
      { polling: 100 },
    );
    await authenticator.setUserVerified(true);
    await page.bringToFront();
    await click(page, `${PASSKEY} >>> [part~="button"]`);
    const login = await waitForEvent(page, 'latch-login', { skip: 1 });
    assert.equal(login.created, false);
    assert.equal(login.organizationId, signup.organizationId);
    assert.equal(login.userId, signup.userId);
    await assertClean(page, problems);
    await page.close();
  });
});
