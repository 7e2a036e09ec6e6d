// Issue 4 "Done means", the OTP flows end to end in Chromium against the emulator, through the
// elements of a plain page under the strict CSP: email OTP sign-up, a second login to the same
// account, a reload that keeps the session, a message signed with the wallet (checked in Node by
// recovering the signer), logout; then an SMS OTP sign-up.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, type Page, type PageProblems } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { otpLogin, uniquePhone, waitForMethods } from './support/auth-flows.ts';
import { assertClean, click, uniqueEmail, waitForBoot, waitForEvent } from './support/page-helpers.ts';
import { shownAddresses, signMessage } from './support/wallet-flows.ts';
import { recoverEthereumSigner } from './support/wallet-checks.ts';
import { getAddress, recoverMessageAddress } from 'viem';
import { verifyMessage as ethersVerifyMessage } from 'ethers';

describe('OTP flows through the elements', { timeout: 240_000 }, () => {
  let site: E2eSite;

  before(async () => {
    site = await startSite({ pages: ['plain.html'] });
  }, { timeout: 120_000 });

  after(() => site?.close());

  async function freshPage(): Promise<{ page: Page; problems: PageProblems }> {
    const opened = await openPage(site.browser);
    await opened.page.goto(site.url('plain.html'));
    await waitForBoot(opened.page);
    return opened;
  }

  it('email: sign-up, login again, reload keeps the session, sign a message, logout', async () => {
    const { page, problems } = await freshPage();
    const email = uniqueEmail('flow.email');

    const signup = await otpLogin(page, site.emu, { contact: email });
    assert.equal(signup.created, true);
    // signup-wallet="ethereum,solana": the new wallet's two accounts.
    const addresses = await shownAddresses(page);
    assert.equal(addresses.length, 2);
    assert.match(addresses[0]!, /^0x[0-9a-fA-F]{40}$/);
    assert.match(addresses[1]!, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

    // The same email again is a login into the same account, not a second sign-up.
    const login = await otpLogin(page, site.emu, { contact: email, loginsBefore: 1 });
    assert.equal(login.created, false);
    assert.equal(login.userId, signup.userId);
    assert.equal(login.organizationId, signup.organizationId);

    await page.reload();
    await waitForBoot(page);
    // No login after the reload: the wallet lists the accounts of the restored session.
    assert.deepEqual(await shownAddresses(page), addresses);
    assert.equal(await page.evaluate(() => window.__events.filter((e) => e.type === 'latch-login').length), 0);
    // <latch-session> says who is logged in (the full id in its title).
    const who = await page.waitForSelector('latch-session >>> [part~="user-id"]', { visible: true });
    assert.equal(await who!.evaluate((el) => el.getAttribute('title')), signup.userId);

    const signed = await signMessage(page, 'Hello from the end-to-end test ✓');
    const detail = signed.detail as { address: string; parameters: { payload: string; hashFunction: string }; signature: { r: string; s: string; v: string } };
    assert.equal(detail.address, addresses[0]);
    assert.equal(detail.parameters.hashFunction, 'HASH_FUNCTION_NO_OP');
    assert.equal(recoverEthereumSigner(detail.parameters.payload, detail.signature), addresses[0]!.toLowerCase());
    // The standard personal_sign signature: viem and ethers verify it over the text itself.
    const v = Number.parseInt(detail.signature.v, 16);
    const signature = `0x${detail.signature.r.padStart(64, '0')}${detail.signature.s.padStart(64, '0')}${(v < 27 ? v + 27 : v).toString(16)}` as const;
    assert.equal(await recoverMessageAddress({ message: 'Hello from the end-to-end test ✓', signature }), getAddress(addresses[0]!));
    assert.equal(ethersVerifyMessage('Hello from the end-to-end test ✓', signature), getAddress(addresses[0]!));

    // Logout: <latch-session>'s button.
    await page.waitForSelector('latch-session >>> [part~="logout"]', { visible: true, timeout: 5000 });
    await click(page, 'latch-session >>> [part~="logout"]');
    await waitForEvent(page, 'latch-logout');
    await page.waitForSelector('latch-wallet >>> [part~="signed-out"]', { visible: true });
    await page.reload();
    await waitForBoot(page);
    await page.waitForSelector('latch-wallet >>> [part~="signed-out"]', { visible: true });
    await assertClean(page, problems);
    await page.close();
  });

  it('SMS: sign-up with a phone number typed with spaces', async () => {
    const { page, problems } = await freshPage();
    const phone = uniquePhone();
    await waitForMethods(page);
    const typed = `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const signup = await otpLogin(page, site.emu, { method: 'sms', contact: phone, typed });
    assert.equal(signup.created, true);
    const outbox = (await (await fetch(`${site.emu.urls.apiUrl}/__outbox?to=${encodeURIComponent(phone)}`)).json()) as { messages: { channel: string }[] };
    assert.equal(outbox.messages[0]?.channel, 'SMS');
    assert.equal((await shownAddresses(page)).length, 2);
    await assertClean(page, problems);
    await page.close();
  });

  it('the drop-in as a modal dialog: Escape cancels and focus returns; a login closes it', async () => {
    const opened = await openPage(site.browser);
    const { page, problems } = opened;
    await page.goto(site.url('plain.html?modal'));
    await waitForBoot(page);
    const isOpen = () => page.$eval('latch-auth', (el) => el.hasAttribute('open'));
    const dialogShown = () =>
      page.$eval('latch-auth', (el) => {
        const dialog = el.shadowRoot!.querySelector('[part~="dialog"]') as HTMLElement | null;
        return dialog !== null && dialog.getBoundingClientRect().height > 0;
      });

    await click(page, '#open-auth');
    await page.waitForFunction(() => document.querySelector('latch-auth')?.shadowRoot?.querySelector('[part~="dialog"]'), { polling: 50 });
    const dialog = await page.$eval('latch-auth', (el) => {
      const d = el.shadowRoot!.querySelector('[part~="dialog"]')!;
      return { role: d.getAttribute('role'), modal: d.getAttribute('aria-modal'), focusInside: el.shadowRoot!.activeElement !== null };
    });
    assert.deepEqual(dialog, { role: 'dialog', modal: 'true', focusInside: true });
    assert.equal(await dialogShown(), true);

    await page.keyboard.press('Escape');
    await waitForEvent(page, 'latch-cancel');
    assert.equal(await isOpen(), false);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'open-auth');

    await click(page, '#open-auth');
    const login = await otpLogin(page, site.emu, { contact: uniqueEmail('flow.modal') });
    assert.equal(login.created, true);
    await page.waitForFunction(() => !document.querySelector('latch-auth')?.hasAttribute('open'), { polling: 50 });
    await assertClean(page, problems);
    await page.close();
  });
});
