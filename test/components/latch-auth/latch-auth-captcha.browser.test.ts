// <latch-auth> with the kit's `captcha` option against the emulator's captcha mode (the test
// runner's `captcha` configuration: Turnstile's always-pass test secret): a function provider;
// Cloudflare Turnstile loaded lazily from a stand-in script the test server serves
// (test/support/turnstile-stand-in.js), its widget in the element's `captcha` slot; the
// failures shown in the element's language. No page loads Turnstile before a code is asked for.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { after, afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { LatchOtpResendEvent, type LatchErrorEvent, type LatchLoginEvent } from '../../../components/internal/events.ts';
import type { LatchOtpInput } from '../../../components/latch-otp-input/latch-otp-input.ts';
import type { LatchKit, LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { TURNSTILE_SCRIPT_URL, removeTurnstileWidget } from '../../../src/captcha/turnstile.ts';
import { pinBrowserLanguages, resetConfig } from '../support/helpers.ts';
import { latestCode, part, testKit, uniqueEmail, urls } from './kit-support.ts';

LatchAuth.define();

const DUMMY = 'XXXX.DUMMY.TOKEN.XXXX';
const STAND_IN = '/test/support/turnstile-stand-in.js';

declare global {
  interface Window {
    __turnstileStandIn?: { loads: number; renders: { id: string; container: HTMLElement; params: Record<string, unknown> }[]; resets: number; removes: number };
    turnstile?: unknown;
  }
}

const captchaKit = (captcha: LatchKitOptions['captcha']): Promise<LatchKit> => testKit({ configId: 'captcha', ...(captcha !== undefined ? { captcha } : {}) });

async function auth(kit: LatchKit, locale = 'en'): Promise<LatchAuth> {
  const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit} locale=${locale}></latch-auth>`);
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show');
  return el;
}

async function typeEmail(el: LatchAuth, contact: string): Promise<void> {
  part<HTMLFormElement>(el, 'form-email').querySelector('input')!.focus();
  await sendKeys({ type: contact });
  await sendKeys({ press: 'Enter' });
}

async function codeStep(el: LatchAuth): Promise<LatchOtpInput> {
  await waitUntil(() => el.shadowRoot?.querySelector('latch-otp-input'), 'the code step shows', { timeout: 10000 });
  const otp = el.shadowRoot!.querySelector('latch-otp-input')!;
  await otp.updateComplete;
  return otp;
}

const fieldError = (el: LatchAuth): string => part(el, 'form-email').querySelector('[part~="field-error"]')!.textContent!.trim();

const turnstileScripts = (): HTMLScriptElement[] => Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).filter((s) => s.src.includes('turnstile'));

describe('<latch-auth> captcha', () => {
  let restoreLanguages: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
  });
  after(() => restoreLanguages());
  afterEach(() => {
    resetConfig();
    endFlow();
    removeTurnstileWidget();
  });

  it('a function provider: asked once for the code, the login completes, and no Turnstile loads', async () => {
    let asked = 0;
    const el = await auth(await captchaKit(async () => (asked++, DUMMY)));
    await expect(el).to.be.accessible();
    const contact = uniqueEmail('captcha.fn');
    await typeEmail(el, contact);
    const otp = await codeStep(el);
    expect(asked).to.equal(1);
    const login = oneEvent(el, 'latch-login') as Promise<LatchLoginEvent>;
    otp.focus();
    await sendKeys({ type: await latestCode(contact) });
    expect((await login).detail.created).to.equal(true);
    expect(turnstileScripts()).to.deep.equal([]);
  });

  it('a provider that fails: ERR_CAPTCHA_FAILED, said in the element language (English, Spanish, Arabic)', async () => {
    const texts: Record<string, string> = {
      en: 'We could not check that you are human. Try again.',
      es: 'No pudimos comprobar que eres una persona. Inténtalo de nuevo.',
      ar: 'تعذّر علينا التحقق من أنك إنسان. حاول مرة أخرى.',
    };
    for (const [locale, text] of Object.entries(texts)) {
      const el = await auth(await captchaKit(() => Promise.reject(new Error('the widget crashed'))), locale);
      const failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
      await typeEmail(el, uniqueEmail('captcha.fail'));
      expect((await failed).detail.error.code).to.equal('ERR_CAPTCHA_FAILED');
      await waitUntil(() => fieldError(el) !== '', 'the field shows the error');
      expect(fieldError(el)).to.equal(text);
      expect(el.shadowRoot!.querySelector('latch-otp-input')).to.equal(null);
      endFlow();
    }
  });

  it('a token the service refuses: ERR_CAPTCHA_REFUSED, said as such', async () => {
    const el = await auth(await captchaKit(async () => 'not-a-turnstile-token'));
    const failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
    await typeEmail(el, uniqueEmail('captcha.refused'));
    const { error } = (await failed).detail;
    expect(error.code).to.equal('ERR_CAPTCHA_REFUSED');
    expect(error.status).to.equal(403);
    await waitUntil(() => fieldError(el) !== '', 'the field shows the error');
    expect(fieldError(el)).to.equal('The human check was not accepted. Try again.');
  });

  it('Turnstile: its script loads only when a code is asked for, renders into the captcha slot, and each code gets a fresh token', async () => {
    const el = await auth(await captchaKit({ turnstileSiteKey: '1x00000000000000000000AA', scriptUrl: STAND_IN }));
    expect(turnstileScripts(), 'nothing loaded with the page').to.deep.equal([]);
    const contact = uniqueEmail('captcha.turnstile');
    await typeEmail(el, contact);
    const otp = await codeStep(el);
    expect(turnstileScripts().map((s) => new URL(s.src).pathname)).to.deep.equal([STAND_IN]);
    const stand = window.__turnstileStandIn!;
    expect(stand.renders.length).to.equal(1);
    const { container, params } = stand.renders[0]!;
    expect(params['sitekey']).to.equal('1x00000000000000000000AA');
    expect(params['appearance']).to.equal('interaction-only');
    expect(container.parentElement).to.equal(el);
    expect(container.slot).to.equal('captcha');
    const slot = el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="captcha"]')!;
    expect(slot.assignedElements()).to.deep.equal([container]);
    expect(stand.resets, 'the spent token is replaced').to.equal(1);

    // A resend asks for another token: same script, same widget.
    const outbox = async () => ((await (await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`)).json()) as { messages: unknown[] }).messages.length;
    otp.dispatchEvent(new LatchOtpResendEvent());
    await waitUntil(() => stand.resets === 2, 'a second token was taken');
    await waitUntil(async () => (await outbox()) === 2, 'the second code was sent');
    expect(turnstileScripts().length).to.equal(1);
    expect(stand.renders.length).to.equal(1);

    const login = oneEvent(el, 'latch-login') as Promise<LatchLoginEvent>;
    otp.focus();
    await sendKeys({ type: await latestCode(contact) });
    expect((await login).detail.created).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('Turnstile failing (the always-fail test site key, or a script that does not load): ERR_CAPTCHA_FAILED shown', async () => {
    const el = await auth(await captchaKit({ turnstileSiteKey: '2x00000000000000000000AB', scriptUrl: STAND_IN }));
    let failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
    await typeEmail(el, uniqueEmail('captcha.blocked'));
    expect((await failed).detail.error.code).to.equal('ERR_CAPTCHA_FAILED');
    await waitUntil(() => fieldError(el) !== '', 'the field shows the error');
    expect(fieldError(el)).to.equal('We could not check that you are human. Try again.');

    delete window.turnstile;
    const missing = await auth(await captchaKit({ turnstileSiteKey: '1x00000000000000000000AA', scriptUrl: '/test/support/no-such-turnstile.js' }));
    failed = oneEvent(missing, 'latch-error') as Promise<LatchErrorEvent>;
    await typeEmail(missing, uniqueEmail('captcha.noscript'));
    expect((await failed).detail.error.code).to.equal('ERR_CAPTCHA_FAILED');
  });

  it('with captcha: false the captcha configuration refuses the code as the service does, and the slot stays empty', async () => {
    const el = await auth(await captchaKit(false));
    const failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
    await typeEmail(el, uniqueEmail('captcha.none'));
    expect((await failed).detail.error.code).to.equal('ERR_SERVICE_FORBIDDEN');
    expect(el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="captcha"]')!.assignedElements()).to.deep.equal([]);
  });

  it('unset: the site key the proxy hands out (wallet_kit_client_params) runs Turnstile in the slot, asked when the code is, and the login completes', async () => {
    // The page already has Turnstile (the stand-in, loaded as a page would load Cloudflare's
    // script): the kit uses it rather than adding Cloudflare's, which no test may reach.
    await import(STAND_IN);
    const asked: string[] = [];
    const kit = await testKit({
      configId: 'captcha',
      fetch: (input, init) => (asked.push(String(input).slice(String(input).lastIndexOf('/') + 1)), fetch(input, init)),
    });
    try {
      const el = await auth(kit);
      expect(asked, 'nothing asked with the page').to.not.include('wallet_kit_client_params');
      const contact = uniqueEmail('captcha.proxykey');
      await typeEmail(el, contact);
      const otp = await codeStep(el);
      expect(asked.filter((name) => name === 'wallet_kit_client_params' || name === 'otp_init')).to.deep.equal(['wallet_kit_client_params', 'otp_init']);
      const stand = window.__turnstileStandIn!;
      expect(stand.renders.map((r) => r.params['sitekey'])).to.deep.equal(['1x00000000000000000000AA']);
      expect(stand.renders[0]!.container.parentElement).to.equal(el);
      expect(turnstileScripts().filter((s) => s.src.startsWith(TURNSTILE_SCRIPT_URL)), 'no Cloudflare script added').to.deep.equal([]);
      const login = oneEvent(el, 'latch-login') as Promise<LatchLoginEvent>;
      otp.focus();
      await sendKeys({ type: await latestCode(contact) });
      expect((await login).detail.created).to.equal(true);
    } finally {
      delete window.turnstile;
    }
  });
});
