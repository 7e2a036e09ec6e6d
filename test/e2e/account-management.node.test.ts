// Issue 24 "Done means", the <latch-account> part, end to end in Chromium on a page under the
// strict CSP against the emulator: a person logs in by email through <latch-auth>, then in
// <latch-account> renames themselves, adds and removes a phone, links the in-page test wallet
// (EIP-6963, viem signing) and unlinks it, and deletes the account. The outside oracles: the
// hosted HTTP client (@turnkey/http stamped by @turnkey/api-key-stamper, with a key of the
// user's own added for the test) reads the user after each change and, after the deletion, is
// refused because the organization no longer exists (gRPC 5, NOT_FOUND); viem's account gives the
// wallet's address and public key.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { toHex } from '../../src/encoding/hex.ts';
import { openPage, type Page } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { otpLogin, uniquePhone } from './support/auth-flows.ts';
import { assertClean, click, typeInto, uniqueEmail, waitForBoot, waitForEvent } from './support/page-helpers.ts';

const ACCOUNT = 'latch-account';
const at = (part: string): string => `${ACCOUNT} >>> [part="${part}"]`;

/** The text of the first node of `part` in <latch-account>, spaces collapsed. */
function shown(page: Page, part: string): Promise<string> {
  return page.$eval(ACCOUNT, (el, p) => (el.shadowRoot!.querySelector(`[part="${p}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim(), part);
}

async function waitForShown(page: Page, part: string, expected: string): Promise<void> {
  await page.waitForFunction(
    (p: string, want: string) => (document.querySelector('latch-account')!.shadowRoot!.querySelector(`[part="${p}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim() === want,
    { timeout: 15_000 },
    part,
    expected,
  );
}

const countOf = (page: Page, part: string): Promise<number> => page.$eval(ACCOUNT, (el, p) => el.shadowRoot!.querySelectorAll(`[part="${p}"]`).length, part);

describe('managing the account through <latch-account>', { timeout: 240_000 }, () => {
  let site: E2eSite;

  before(async () => {
    site = await startSite({ pages: ['account.html'] });
  }, { timeout: 120_000 });

  after(() => site?.close());

  it('renames, removes a phone, links and unlinks a wallet, and deletes the account, which then no longer answers', async () => {
    const { page, problems } = await openPage(site.browser);
    const walletKey = generatePrivateKey();
    const viemAccount = privateKeyToAccount(walletKey);
    await page.goto(site.url(`account.html?wallet-key=${walletKey}`));
    await waitForBoot(page);
    const email = uniqueEmail('account-e2e');
    const login = await otpLogin(page, site.emu, { contact: email });
    const organizationId = login.organizationId!;
    const userId = login.userId!;
    await page.waitForSelector(at('title'), { visible: true });

    // The oracle's own key in the user's organization (a backend key: no expiry).
    const secret = p256.utils.randomSecretKey();
    const oraclePublicKey = toHex(p256.getPublicKey(secret, true));
    await page.evaluate(
      (user: string, publicKey: string) => window.__kit!.session!.submit('create_api_keys', { userId: user, apiKeys: [{ apiKeyName: 'e2e oracle', publicKey, curveType: 'API_KEY_CURVE_P256' }] }),
      userId,
      oraclePublicKey,
    );
    const hosted = new TurnkeyClient({ baseUrl: site.emu.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey: oraclePublicKey, apiPrivateKey: toHex(secret) }));
    const user = async () => (await hosted.getUser({ organizationId, userId })).user;

    // Rename.
    await click(page, at('edit-name'));
    await typeInto(page, at('name-input'), 'Grace Hopper');
    await page.keyboard.press('Enter');
    await waitForShown(page, 'name', 'Grace Hopper');
    assert.equal((await user()).userName, 'Grace Hopper');

    // A phone, added by a code, then removed.
    const phone = uniquePhone();
    await click(page, at('change-phone'));
    await typeInto(page, at('contact-input'), phone);
    const sent = await site.emu.outboxCount(phone);
    await page.keyboard.press('Enter');
    const code = await site.emu.latestCode(phone, { after: sent });
    await typeInto(page, at('code-input'), code);
    await page.keyboard.press('Enter');
    await waitForShown(page, 'phone', phone);
    assert.equal((await user()).userPhoneNumber, phone);
    await click(page, at('remove-phone'));
    await waitForShown(page, 'phone', 'None');
    assert.ok(!(await user()).userPhoneNumber, 'the service still has the phone');

    // Link the test wallet: its key is the one viem holds, as a secp256k1 API key of the user.
    await click(page, at('link-wallet'));
    await page.waitForSelector(at('wallet-choice'), { visible: true });
    assert.equal(await shown(page, 'wallet-choice'), 'Link E2E Test Wallet');
    await click(page, at('wallet-choice'));
    await page.waitForSelector(at('linked-wallet'), { visible: true });
    assert.match(await shown(page, 'linked-wallet'), new RegExp(`Ethereum wallet ${viemAccount.address.toLowerCase()}`));
    const walletPublicKey = secp256k1.Point.fromHex(viemAccount.publicKey.slice(2)).toHex(true);
    const linked = (await user()).apiKeys.filter((k) => k.credential.publicKey === walletPublicKey);
    assert.equal(linked.length, 1, 'the wallet key is not the user\'s');
    assert.equal(linked[0]!.credential.type, 'CREDENTIAL_TYPE_API_KEY_SECP256K1');

    // Unlink it.
    await page.$eval(ACCOUNT, (el) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="linked-wallet"] [part="remove"]')!.click());
    await page.waitForFunction(() => document.querySelector('latch-account')!.shadowRoot!.querySelectorAll('[part="linked-wallet"]').length === 0, { timeout: 15_000 });
    assert.equal((await user()).apiKeys.filter((k) => k.credential.publicKey === walletPublicKey).length, 0);
    assert.equal(await countOf(page, 'linked-wallet'), 0);

    // Delete the account; a wallet made at sign-up was never exported: the person accepts losing it.
    await click(page, at('delete-start'));
    await page.waitForSelector(at('delete-word'), { visible: true });
    if (await countOf(page, 'delete-without-export')) await click(page, at('delete-without-export'));
    await typeInto(page, at('delete-word'), 'DELETE');
    await page.keyboard.press('Enter');
    const deleted = await waitForEvent(page, 'latch-account-deleted');
    assert.deepEqual(deleted.detail, { organizationId });
    await waitForEvent(page, 'latch-logout');
    await page.waitForSelector(at('empty'), { visible: true });
    assert.equal(await page.evaluate(() => window.__kit!.session), null);
    // The hosted client is refused: the organization is gone (NOT_FOUND).
    await assert.rejects(hosted.getWhoami({ organizationId }), (error: { code?: number; message?: string }) => error.code === 5 && /organization/i.test(error.message ?? ''));
    // The logout asked nothing of the service (it has no organization left): a clean console.
    await assertClean(page, problems);
    await page.close();
  });
});
