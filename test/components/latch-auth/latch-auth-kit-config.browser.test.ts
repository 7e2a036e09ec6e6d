// <latch-auth> and what the hosted drop-in kit's configuration can say (issue 24), against the
// emulator the test runner started: a light and a dark logo (its `logos` configuration), shown
// for the color scheme and switched when it changes, with alt text, and only from https or
// data:image URLs; and `methods` as the hosted `methodOrder`, which can hide an enabled method
// (the wallets too) but never show a disabled one.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { after, afterEach, before, describe, it } from '../../support/harness.ts';
import { itNeeds } from '../../support/engine.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import type { LatchOauthButton } from '../../../components/latch-oauth-button/latch-oauth-button.ts';
import type { WalletKitConfig, WalletKitTheme } from '../../../src/clients/proxy-types.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { pinBrowserLanguages, resetConfig } from '../support/helpers.ts';
import { editingConfig, part, parts, testKit, text } from './kit-support.ts';

LatchAuth.define();

// The `logos` configuration's logos (test/support/emulator-plugin.mjs): black and white squares.
const svg = (fill: string): string =>
  `data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='8'%20height='8'%3E%3Crect%20width='8'%20height='8'%20fill='%23${fill}'/%3E%3C/svg%3E`;
const LIGHT = svg('000');
const DARK = svg('fff');

async function auth(kit: LatchKit, template?: ReturnType<typeof html>): Promise<LatchAuth> {
  const el = await fixture<LatchAuth>(template ?? html`<latch-auth .kit=${kit}></latch-auth>`);
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show');
  return el;
}

const logo = (el: LatchAuth): HTMLImageElement | null => el.shadowRoot!.querySelector<HTMLImageElement>('[part~="logo-image"]');
const prefersDark = (): boolean => matchMedia('(prefers-color-scheme: dark)').matches;

/** The page's own config object (the `config` property, which no normalizer sees) with `theme`. */
async function themed(theme: WalletKitTheme, locale?: string): Promise<LatchAuth> {
  const kit = await testKit({ configId: 'logos' });
  const config: WalletKitConfig = { ...(await kit.loadConfig()), theme };
  return auth(kit, html`<latch-auth .kit=${kit} .config=${config} locale=${locale ?? 'en'}></latch-auth>`);
}

/** The methods on screen, in order; `wallet` where the wallet method shows. */
function shownMethods(el: LatchAuth): string[] {
  return Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('form[data-method], latch-passkey-button, latch-oauth-button, [part~="wallets"], [part~="wallets-none"]')).map((node) =>
    node.localName === 'form'
      ? node.dataset['method']!
      : node.localName === 'latch-passkey-button'
        ? 'passkey'
        : node.localName === 'latch-oauth-button'
          ? (node as LatchOauthButton).provider
          : 'wallet',
  );
}

describe('<latch-auth> and the kit configuration', () => {
  let restoreLanguages: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
  });
  after(() => restoreLanguages());
  afterEach(() => resetConfig());

  describe('light and dark logos', () => {
    it('the configuration\'s two logos: the one of the browser\'s color scheme shows, with alt text', async () => {
      const el = await auth(await testKit({ configId: 'logos' }));
      await expect(el).to.be.accessible();
      const img = logo(el)!;
      expect(img.getAttribute('src')).to.equal(LIGHT);
      expect(img.alt).to.equal('Logo');
      const source = el.shadowRoot!.querySelector('picture > source')!;
      expect([source.getAttribute('media'), source.getAttribute('srcset')]).to.deep.equal(['(prefers-color-scheme: dark)', DARK]);
      await waitUntil(() => img.currentSrc === (prefersDark() ? DARK : LIGHT), 'the scheme\'s logo is the one shown');
      expect(part(el, 'logo').hidden).to.equal(false);
    });

    itNeeds('media emulation', 'switches when the color scheme changes, without a new element', async () => {
      const el = await auth(await testKit({ configId: 'logos' }));
      const img = logo(el)!;
      try {
        await emulateMedia({ colorScheme: 'dark' });
        await waitUntil(() => img.currentSrc === DARK, 'the dark logo shows', { timeout: 10_000 });
        await emulateMedia({ colorScheme: 'light' });
        // The browser re-selects the source on its own schedule (a rendering step): wait for it.
        await waitUntil(() => img.currentSrc === LIGHT, 'the light logo shows again', { timeout: 10_000 });
        expect(logo(el)).to.equal(img);
      } finally {
        await emulateMedia({ colorScheme: 'no-preference' });
      }
    });

    it('a theme with a scheme of its own (darkMode) shows that scheme\'s logo, whatever the browser prefers', async () => {
      const dark = await themed({ logoLight: LIGHT, logoDark: DARK, darkMode: true });
      expect(logo(dark)!.getAttribute('src')).to.equal(DARK);
      expect(dark.shadowRoot!.querySelector('picture')).to.equal(null);
      await waitUntil(() => logo(dark)!.currentSrc === DARK, 'the dark logo shows');
      const light = await themed({ logoLight: LIGHT, logoDark: DARK, darkMode: false });
      expect(logo(light)!.getAttribute('src')).to.equal(LIGHT);
      expect(light.shadowRoot!.querySelector('picture')).to.equal(null);
    });

    it('one logo (logoUrl, or either alone) shows in both schemes', async () => {
      for (const theme of [{ logoUrl: LIGHT }, { logoLight: LIGHT }, { logoDark: LIGHT }, { logoUrl: LIGHT, logoDark: LIGHT }]) {
        const el = await themed(theme);
        expect(logo(el)!.getAttribute('src'), JSON.stringify(theme)).to.equal(LIGHT);
        expect(el.shadowRoot!.querySelector('picture'), JSON.stringify(theme)).to.equal(null);
      }
      const fallback = await themed({ logoUrl: LIGHT, logoDark: DARK, darkMode: true });
      expect(logo(fallback)!.getAttribute('src')).to.equal(DARK);
    });

    it('alt text in the element\'s language, or the brand name the configuration\'s copy gives', async () => {
      expect(logo(await themed({ logoUrl: LIGHT }, 'es'))!.alt).to.equal('Logotipo');
      expect(logo(await themed({ logoUrl: LIGHT }, 'ar'))!.alt).to.equal('الشعار');
      const kit = await testKit({ fetch: editingConfig({ theme: { logoUrl: LIGHT }, copy: { 'login.logo': 'Acme' } }) });
      expect(logo(await auth(kit))!.alt).to.equal('Acme');
    });

    it('shows no logo from a URL that is not https or data:image, even one the page hands in itself', async () => {
      for (const bad of ['javascript:alert(1)', 'http://example.com/logo.png', 'data:text/html,%3Cscript%3Ealert(1)%3C/script%3E', 'JaVaScRiPt:alert(1)', '/logo.svg']) {
        const el = await themed({ logoUrl: bad, logoLight: bad, logoDark: bad });
        expect(logo(el), bad).to.equal(null);
        expect(part(el, 'logo').hidden, bad).to.equal(true);
      }
      // A bad dark logo is dropped alone: the light one shows in both schemes.
      const el = await themed({ logoLight: LIGHT, logoDark: 'javascript:alert(1)' });
      expect(logo(el)!.getAttribute('src')).to.equal(LIGHT);
      expect(el.shadowRoot!.innerHTML).to.not.contain('javascript:');
      const https = await themed({ logoUrl: 'https://example.com/logo.png' });
      expect(logo(https)!.getAttribute('src')).to.equal('https://example.com/logo.png');
    });
  });

  describe('methods', () => {
    it('lists the methods to show, in its order: an enabled method it does not name is hidden, the wallets too', async () => {
      const kit = await testKit();
      const el = await auth(kit, html`<latch-auth methods="passkey,email,google" .kit=${kit}></latch-auth>`);
      await expect(el).to.be.accessible();
      expect(shownMethods(el)).to.deep.equal(['passkey', 'email', 'google']);
      expect(parts(el, 'divider').map((d) => text(d))).to.deep.equal(['or', 'or']);
      expect(el.shadowRoot!.querySelector('form[data-method="sms"]')).to.equal(null);
    });

    it('naming wallet shows the wallets, after the others and an "or", or alone without one', async () => {
      const kit = await testKit();
      const el = await auth(kit, html`<latch-auth methods="email,wallet" .kit=${kit}></latch-auth>`);
      await waitUntil(() => shownMethods(el).includes('wallet'), 'the wallet method shows', { timeout: 10_000 });
      expect(shownMethods(el)).to.deep.equal(['email', 'wallet']);
      expect(parts(el, 'divider').length).to.equal(1);
      el.methods = 'wallet';
      await el.updateComplete;
      expect(shownMethods(el)).to.deep.equal(['wallet']);
      expect(parts(el, 'divider')).to.deep.equal([]);
    });

    it('never shows a method the configuration disables, whatever the list names', async () => {
      const kit = await testKit({ fetch: editingConfig({ enabledProviders: ['email', 'google'] }) });
      const el = await auth(kit, html`<latch-auth methods="sms,passkey,wallet,google,discord" .kit=${kit}></latch-auth>`);
      expect(shownMethods(el)).to.deep.equal(['google']);
    });

    it('a list that names no method (empty, unknown names) shows every enabled method in the default order', async () => {
      const kit = await testKit({ fetch: editingConfig({ enabledProviders: ['google', 'passkey', 'email'] }) });
      for (const methods of ['', ' , ', 'socials,nonsense']) {
        const el = await auth(kit, html`<latch-auth methods=${methods} .kit=${kit}></latch-auth>`);
        expect(shownMethods(el), methods).to.deep.equal(['email', 'passkey', 'google']);
      }
    });
  });
});
