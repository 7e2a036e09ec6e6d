// The demo page (`npm start`), as a production build under the strict CSP against the demo's
// emulator: it loads with no console error and no violation, shows the drop-in and every element
// alone, switches between the three wallet_kit_configs (methods, theme, locale, direction), and a
// login through the drop-in shows up in the OTP outbox, the event log and the webhook log.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, type Page, type PageProblems } from './support/browser.ts';
import { startDemoSite, type DemoSite } from './support/demo-site.ts';
import { waitForMethods } from './support/auth-flows.ts';
import { assertClean, click, typeInto, uniqueEmail } from './support/page-helpers.ts';
import { shownAddresses } from './support/wallet-flows.ts';

const GALLERY = ['latch-session', 'latch-account', 'latch-signup', 'latch-passkey-button', 'latch-oauth-button', 'latch-otp-input', 'latch-wallet', 'latch-onramp', 'latch-tx-status'];

describe('the demo page', { timeout: 240_000 }, () => {
  let site: DemoSite;
  let page: Page;
  let problems: PageProblems;

  before(async () => {
    site = await startDemoSite();
    ({ page, problems } = await openPage(site.browser));
    // The demo has no test hooks of its own: collect CSP reports from the start (CDP scripts are not subject to the CSP).
    await page.evaluateOnNewDocument(`window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push({ directive: e.effectiveDirective, blockedURI: e.blockedURI, sample: e.sample, source: e.sourceFile + ':' + e.lineNumber }));`);
    await page.setViewport({ width: 1400, height: 1600 });
  }, { timeout: 120_000 });

  after(() => site?.close());

  const logTexts = (id: string) => page.$$eval(`#${id} li`, (items) => items.map((li) => li.textContent ?? ''));

  it('loads clean and renders the drop-in with every method and each element alone', async () => {
    await page.goto(`${site.server.origin}/`);
    assert.deepEqual(await waitForMethods(page), ['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord']);
    const cards = await page.$$eval('#gallery .card', (els) =>
      els.map((card) => {
        const el = card.querySelector('*:not(h3):not(p):not(code):not(form):not(input):not(button):not(output)');
        return el ? el.localName : '';
      }),
    );
    assert.deepEqual(cards, GALLERY);
    const upgraded = await page.$$eval('#gallery .card > :is(latch-session, latch-account, latch-signup, latch-passkey-button, latch-oauth-button, latch-otp-input, latch-wallet, latch-onramp)', (els) =>
      els.every((el) => customElements.get(el.localName) === el.constructor && el.shadowRoot !== null && el.shadowRoot.childElementCount > 0),
    );
    assert.equal(upgraded, true);
    // The webhook set at start-up is itself an activity: the log shows its delivery.
    await page.waitForFunction(() => (document.querySelector('#webhooks li')?.textContent ?? '').includes('delivered'), { polling: 200 });
    assert.ok(site.webhooksReceived() >= 1);
    await assertClean(page, problems);
  });

  it('the API reference, read from custom-elements.json, shows an element\'s tables beside a live instance', async () => {
    await page.goto(`${site.server.origin}/`);
    await waitForMethods(page);
    await page.click('#api summary');
    await page.waitForSelector('#api-element');
    await page.select('#api-element', 'latch-wallet');
    await page.waitForSelector('#api-body latch-wallet');
    const captions = await page.$$eval('#api-body table caption', (els) => els.map((el) => el.textContent));
    assert.deepEqual(captions, ['Attributes', 'Properties', 'Events', 'Slots', 'Parts', 'CSS custom properties']);
    const attributes = await page.$$eval('#api-body table:first-of-type tbody th', (els) => els.map((el) => el.textContent));
    assert.ok(attributes.includes('wallet-id') && attributes.includes('page-size'), attributes.join(' '));
    await assertClean(page, problems);
  });

  it('switches wallet_kit_config: Spanish, dark, email only; then Arabic, right to left, passkey and Google', async () => {
    await page.select('#config', 'minimal');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('config') === 'minimal');
    assert.deepEqual(await waitForMethods(page), ['email']);
    const minimal = await page.$eval('latch-auth', (el) => ({
      lang: el.getAttribute('lang'),
      dir: el.getAttribute('dir'),
      scheme: (el as HTMLElement).style.getPropertyValue('--latch-config-color-scheme'),
      title: el.shadowRoot!.querySelector('[part~="title"]')!.textContent!.trim(),
    }));
    assert.deepEqual(minimal, { lang: 'es', dir: 'ltr', scheme: 'dark', title: 'Entra con tu correo' });
    // The demo's own line under the drop-in follows the configuration's language too.
    const legal = () => page.$eval('latch-auth [slot="legal"]', (el) => ({ lang: el.getAttribute('lang'), dir: el.getAttribute('dir'), text: el.textContent }));
    assert.deepEqual(await legal(), { lang: 'es', dir: 'ltr', text: 'Solo una demostración: el emulador guarda todas las claves en memoria.' });
    // The page's own words (header, panels, status) follow it: the page speaks its elements' language.
    const pageWords = () =>
      page.evaluate(() => ({
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
        tagline: document.querySelector('[data-text="tagline"]')!.textContent,
        dialog: document.getElementById('open-dialog')!.textContent,
        outbox: document.getElementById('outbox-title')!.textContent,
        option: document.querySelector<HTMLSelectElement>('#config')!.selectedOptions[0]!.textContent,
      }));
    assert.deepEqual(await pageWords(), {
      lang: 'es',
      dir: 'ltr',
      tagline: 'Elementos de inicio de sesión y billetera contra el emulador local.',
      dialog: 'Abrirlo como diálogo',
      outbox: 'Bandeja de códigos',
      option: 'Mínima (español, oscura, turquesa)',
    });
    await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Inicia sesión o regístrate'), { polling: 100 });
    assert.equal(await page.$eval('#gallery latch-otp-input', (el) => el.shadowRoot!.querySelectorAll('input').length), 8);

    await page.select('#config', 'arabic');
    await page.waitForFunction(() => document.querySelector('latch-auth')?.getAttribute('dir') === 'rtl', { polling: 100 });
    assert.deepEqual(await waitForMethods(page), ['passkey', 'google']);
    assert.equal(await page.$eval('latch-auth', (el) => el.getAttribute('lang')), 'ar');
    assert.deepEqual(await legal(), { lang: 'ar', dir: 'rtl', text: 'للعرض فقط: يحتفظ المحاكي بكل المفاتيح في الذاكرة.' });
    assert.deepEqual(await pageWords(), {
      lang: 'ar',
      dir: 'rtl',
      tagline: 'عناصر تسجيل الدخول والمحفظة مع المحاكي المحلي.',
      dialog: 'فتحه كنافذة حوار',
      outbox: 'صندوق الرموز الصادرة',
      option: 'العربية (من اليمين إلى اليسار، كهرماني)',
    });
    // Laid out right to left: each line's final period is its leftmost character (it once ended up on the right).
    const periodsAtTheEnd = await page.evaluate(() =>
      [document.querySelector('latch-auth [slot="legal"]')!, document.querySelector('[data-text="tagline"]')!].map((el) => {
        const node = el.firstChild!;
        const range = document.createRange();
        range.setStart(node, node.textContent!.length - 1);
        range.setEnd(node, node.textContent!.length);
        return Math.round(range.getBoundingClientRect().left) <= Math.round(el.getBoundingClientRect().left) + 24;
      }),
    );
    assert.deepEqual(periodsAtTheEnd, [true, true]);
    await assertClean(page, problems);
  });

  it('a login through the drop-in appears in the outbox, the event log, the webhook log and the other elements', async () => {
    await page.select('#config', 'demo');
    await waitForMethods(page);
    const before = site.webhooksReceived();
    const email = uniqueEmail('demo');
    await typeInto(page, 'latch-auth >>> input#email', email);
    await click(page, 'latch-auth >>> form[data-method="email"] [part~="submit"]');
    // The person reads the code where the demo shows it: the outbox panel.
    await page.waitForFunction((to: string) => Array.from(document.querySelectorAll('#outbox li')).some((li) => li.textContent!.includes(to)), { polling: 200 }, email);
    const line = (await logTexts('outbox')).find((text) => text.includes(email))!;
    const code = /^([0-9A-Z]{6,9})/.exec(line)?.[1];
    assert.ok(code, line);
    const boxes = await page.waitForSelector('latch-auth >>> latch-otp-input >>> input', { visible: true });
    await boxes!.type(code);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('#events li')).some((li) => li.textContent!.startsWith('latch-login')), { polling: 200 });
    assert.equal((await shownAddresses(page, '#gallery latch-wallet')).length, 2);
    await page.waitForSelector('#gallery latch-session >>> [part~="logout"]', { visible: true });
    // The sign-up's activities reach the page's receiver (delivery is asynchronous) and the log.
    for (const deadline = Date.now() + 10_000; site.webhooksReceived() <= before; ) {
      assert.ok(Date.now() < deadline, 'no webhook delivery after the sign-up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.waitForFunction(() => document.querySelectorAll('#webhooks li.ok').length >= 2, { polling: 200 });
    await assertClean(page, problems);
  });
});
