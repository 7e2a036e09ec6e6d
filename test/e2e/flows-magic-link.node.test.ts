// Issue 15, part 2: magic-link login end to end in Chromium against the emulator, under the
// strict CSP. A proxy configuration with a customized email (app name, logo, sender, reply-to,
// template variables) and a magicLinkTemplate pointing at the page; the code is asked for in
// one page through <latch-auth>; the link is read from the outbox and opened in a NEW page of
// the same browser context; that page's <latch-auth> finishes the login by itself, the code
// leaves its address bar, and the session belongs to the key the first page made when it asked
// for the code (the verification token bound it). The outbox shows the customized email.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { holdsSecret } from '../support/secret-probes.ts';
import { openPage } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { waitForMethods } from './support/auth-flows.ts';
import { assertClean, click, typeInto, uniqueEmail, waitForBoot, waitForEvent } from './support/page-helpers.ts';
import type { ProxyConfig } from '../../demo/emulator/config/proxy-config.ts';

interface OutboxEmail {
  id: string;
  otpId: string;
  code: string;
  subject: string;
  from: string;
  replyTo?: string;
  html: string;
  text: string;
  magicLink?: string;
}

describe('magic-link login through <latch-auth>', { timeout: 180_000 }, () => {
  let site: E2eSite;

  before(async () => {
    site = await startSite({
      pages: ['plain.html'],
      configId: 'links',
      proxyConfigs: [
        {
          id: 'links',
          appName: 'Link <Shop>',
          emailCustomization: { logoUrl: 'https://shop.example/logo.png', templateVariables: '{"greeting":"<b>Hello</b>"}', templateId: 'tmpl-e2e' },
          sendFromEmailAddress: 'hello@shop.example',
          sendFromEmailSenderName: 'Link Shop',
          replyToEmailAddress: 'help@shop.example',
        },
      ],
    });
    // The page's address is known only now: point the configuration's link at it (what the
    // developer types into the dashboard once they know their site's URL).
    const config = site.emu.emulator.context.configs.get('links') as ProxyConfig;
    config.emailCustomization = { ...config.emailCustomization, magicLinkTemplate: `${site.url('plain.html')}?from=email#otpCode=%s` };
  }, { timeout: 120_000 });

  after(() => site?.close());

  async function emailTo(contact: string): Promise<OutboxEmail> {
    for (let i = 0; i < 100; i++) {
      const answer = await fetch(`${site.emu.urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
      const { messages } = (await answer.json()) as { messages: OutboxEmail[] };
      if (messages[0]) return messages[0];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no email to ${contact}`);
  }

  it('the link, opened in a new page of the same browser, logs in with the key the first page made; the outbox shows the customized email', async () => {
    const first = await openPage(site.browser);
    await first.page.goto(site.url('plain.html'));
    await waitForBoot(first.page);
    await waitForMethods(first.page);
    const email = uniqueEmail('magic.link');
    await typeInto(first.page, 'latch-auth >>> input#email', email);
    await click(first.page, 'latch-auth >>> form[data-method="email"] [part~="submit"]');
    const message = await emailTo(email);
    await first.page.waitForSelector('latch-auth >>> latch-otp-input', { visible: true });

    // The attempt the first page remembered: in IndexedDB, its key's id (no code, no secret).
    const attempts = (await first.page.evaluate(
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const open = indexedDB.open('latchkey');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('otp-attempts').objectStore('otp-attempts').getAll();
            request.onsuccess = () => {
              resolve(request.result);
              open.result.close();
            };
          };
        }),
    )) as { otpId: string; keyId: string; contact: string }[];
    assert.equal(attempts.length, 1);
    const [attempt] = attempts;
    assert.equal(attempt!.otpId, message.otpId);
    assert.equal(attempt!.contact, email);
    assert.ok(!holdsSecret(JSON.stringify(attempts), message.code), 'the remembered attempt holds no code');
    const storage = await first.page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.ok(!holdsSecret(storage, message.code) && !storage.includes(attempt!.otpId), 'nothing of the attempt in web storage');

    // The customized email, as the outbox shows it.
    assert.equal(message.subject, 'Your Link <Shop> code');
    assert.equal(message.from, '"Link Shop" <hello@shop.example>');
    assert.equal(message.replyTo, 'help@shop.example');
    assert.equal(message.magicLink, `${site.url('plain.html')}?from=email#otpCode=${message.code}`);
    assert.ok(message.text.includes(message.magicLink!));
    const mail = await openPage(site.browser);
    await mail.page.goto(`${site.emu.urls.apiUrl}/__outbox/${message.id}`);
    assert.equal(await mail.page.title(), 'Your Link <Shop> code');
    assert.equal(await mail.page.$eval('h1', (h) => h.textContent), 'Link <Shop>');
    assert.equal(await mail.page.$eval('img', (img) => img.getAttribute('alt')), 'Link <Shop>');
    assert.equal(await mail.page.$eval('a', (a) => a.getAttribute('href')), message.magicLink);
    assert.equal(await mail.page.$$eval('b, script', (nodes) => nodes.length), 0, 'the template variables stay text');
    assert.equal(await mail.page.$eval('dd', (dd) => dd.textContent), '<b>Hello</b>');
    await mail.page.close();

    // The link, in a new page of the same browser context.
    const second = await openPage(site.browser);
    await second.page.goto(message.magicLink!);
    await waitForBoot(second.page);
    const login = await waitForEvent(second.page, 'latch-login');
    const session = (login.detail as { session: { publicKey: string; userId: string; organizationId: string } }).session;
    assert.equal(session.publicKey, attempt!.keyId, 'the session is the one bound to the key made when the code was asked for');
    assert.equal(login.created, true);
    assert.equal(await second.page.evaluate(() => location.href), `${site.url('plain.html')}?from=email`, 'the code left the address bar');
    // The session is usable: the wallet of the new account shows.
    await second.page.waitForSelector('latch-session >>> [part~="user-id"]', { visible: true });
    // Single use: the attempt is gone, and the same link again is refused with the link's error.
    const again = await openPage(site.browser);
    await again.page.goto(message.magicLink!);
    await waitForBoot(again.page);
    const refused = await waitForEvent(again.page, 'latch-error');
    assert.equal(refused.code, 'ERR_OTP_LINK_INVALID');
    assert.equal(await again.page.evaluate(() => location.href), `${site.url('plain.html')}?from=email`);

    await assertClean(second.page, second.problems);
    await assertClean(first.page, first.problems);
    for (const p of [first.page, second.page, again.page]) await p.close();
  });
});
