// The drop-in in the three kinds of page issue 4 names: plain HTML, React 19 and Vue 3 (render
// functions, no compiler), each a production build under the strict CSP. In each: the element
// upgraded and rendered the configured methods; the framework passed attributes and the `kit`
// object property; a wrong code reached the framework's latch-error handler and a real email
// OTP sign-up against the emulator reached its latch-login handler, which re-rendered the page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { otpLogin, waitForMethods } from './support/auth-flows.ts';
import { assertClean, uniqueEmail, waitForBoot, WRONG_CODE_ANSWER } from './support/page-helpers.ts';

describe('<latch-auth> in plain HTML, React 19 and Vue 3', { timeout: 240_000 }, () => {
  let site: E2eSite;

  before(async () => {
    site = await startSite({ pages: ['plain.html', 'react.html', 'vue.html'] });
  }, { timeout: 120_000 });

  after(() => site?.close());

  it('plain HTML: upgrades in place, shows every enabled method, latch-login reaches document', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(site.url('plain.html'));
    await waitForBoot(page);
    const upgraded = await page.$eval('latch-auth', (el) => el.constructor !== HTMLElement && customElements.get('latch-auth') === el.constructor);
    assert.equal(upgraded, true);
    // The demo configuration enables everything: the default order.
    assert.deepEqual(await waitForMethods(page), ['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord']);
    // Slotted legal text is shown.
    assert.equal(await page.$eval('latch-auth >>> [part~="footer"]', (el) => (el as HTMLElement).hidden), false);
    const login = await otpLogin(page, site.emu, { contact: uniqueEmail('plain'), via: 'dom', wrongCodeFirst: true });
    assert.equal(login.created, true);
    assert.match(login.userId ?? '', /\S/);
    await page.waitForFunction(() => document.getElementById('status')?.textContent?.startsWith('Logged in:'));
    await assertClean(page, problems, [WRONG_CODE_ANSWER]);
    await page.close();
  });

  for (const framework of ['react', 'vue'] as const) {
    it(`${framework}: attributes, the kit property and both events through the framework's handlers`, async () => {
      const { page, problems } = await openPage(site.browser);
      await page.goto(site.url(`${framework}.html`));
      await waitForBoot(page);
      await page.waitForSelector('latch-auth');
      const state = await page.$eval('latch-auth', (el) => {
        const auth = el as HTMLElement & { kit?: unknown; methods?: string };
        return {
          upgraded: customElements.get('latch-auth') === el.constructor,
          kitIsPageKit: auth.kit === window.__kit,
          configId: el.getAttribute('config-id'),
          proxyUrl: el.getAttribute('proxy-url'),
          methods: auth.methods,
        };
      });
      assert.deepEqual(state, { upgraded: true, kitIsPageKit: true, configId: 'demo', proxyUrl: site.emu.urls.proxyUrl, methods: 'email,sms' });
      // `methods` lists two: the configuration's other methods (passkey, the OAuth providers) are hidden.
      assert.deepEqual(await waitForMethods(page), ['email', 'sms']);
      const login = await otpLogin(page, site.emu, { contact: uniqueEmail(framework), via: framework, wrongCodeFirst: true });
      assert.equal(login.created, true);
      // The handler's state change re-rendered the framework's own markup.
      await page.waitForFunction(
        (name: string) => document.getElementById('framework-status')?.textContent === `${name} saw latch-login (created: true)`,
        {},
        framework === 'react' ? 'React' : 'Vue',
      );
      await assertClean(page, problems, [WRONG_CODE_ANSWER]);
      await page.close();
    });
  }
});
