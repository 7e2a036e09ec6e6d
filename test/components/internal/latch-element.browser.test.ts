import { expect, fixture, html } from '@open-wc/testing';
import { LatchElement } from '../../../components/internal/latch-element.ts';
import { LatchErrorEvent } from '../../../components/internal/events.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { addPageStyle, pinBrowserLanguages, resetConfig, setTestConfig, shadowStyle, testConfig } from '../support/helpers.ts';
import { LatchTestProbe } from '../support/probe-element.ts';
import { afterEach, describe, it } from '../../support/harness.ts';

pinBrowserLanguages(['en-US']);

const probe = (template = html`<latch-test-probe></latch-test-probe>`): Promise<LatchTestProbe> => fixture<LatchTestProbe>(template);
const text = (el: LatchTestProbe, part: string): string => el.shadowRoot?.querySelector(`[part="${part}"]`)?.textContent?.trim() ?? '';

describe('LatchElement', () => {
  afterEach(() => resetConfig());

  it('an element built on it passes axe', async () => {
    const el = await probe();
    await expect(el).to.be.accessible();
  });

  it('defaults: English from the browser, ltr, no theme properties', async () => {
    const el = await probe();
    expect(el.resolvedLocale).to.equal('en-US');
    expect(el.getAttribute('dir')).to.equal('ltr');
    expect(text(el, 'action')).to.equal('Send code');
    expect(el.getAttribute('style') ?? '').to.not.contain('--latch-config');
  });

  it('locale attribute: translations, lang and dir; logical properties mirror in rtl', async () => {
    const el = await probe(html`<latch-test-probe locale="ar"></latch-test-probe>`);
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(el.getAttribute('lang')).to.equal('ar');
    expect(text(el, 'action')).to.equal('إرسال الرمز');
    expect(shadowStyle(el, '.action', 'padding-right')).to.equal('16px');
    expect(shadowStyle(el, '.action', 'padding-left')).to.equal('0px');
    expect(shadowStyle(el, '[part="base"]', 'text-align')).to.equal('start');
    el.locale = 'es';
    await el.updateComplete;
    expect(el.getAttribute('dir')).to.equal('ltr');
    expect(text(el, 'action')).to.equal('Enviar código');
  });

  it('the config property beats the $config store; both drive locale, copy and theme', async () => {
    setTestConfig(testConfig({ locale: 'es', theme: { colors: { primary: 'rgb(1, 1, 1)' } } }));
    const el = await probe();
    expect(text(el, 'action')).to.equal('Enviar código');
    expect(shadowStyle(el, '.action', 'color')).to.equal('rgb(1, 1, 1)');
    el.config = testConfig({ copy: { 'login.sendCode': 'Email me a code' }, theme: { colors: { primary: 'rgb(2, 2, 2)' } } });
    await el.updateComplete;
    expect(text(el, 'action')).to.equal('Email me a code');
    expect(shadowStyle(el, '.action', 'color')).to.equal('rgb(2, 2, 2)');
    el.config = undefined;
    await el.updateComplete;
    expect(shadowStyle(el, '.action', 'color')).to.equal('rgb(1, 1, 1)');
  });

  it('re-renders when $config changes, also after being detached meanwhile', async () => {
    const el = await probe();
    const parent = el.parentElement as HTMLElement;
    el.remove();
    setTestConfig(testConfig({ locale: 'ar' }));
    parent.append(el);
    await el.updateComplete;
    expect(text(el, 'action')).to.equal('إرسال الرمز');
  });

  it('theme precedence on any element: config < page --latch-* (on an ancestor) < accent', async () => {
    const el = await probe(html`<latch-test-probe .config=${testConfig({ theme: { colors: { primary: 'rgb(1, 2, 3)' } } })}></latch-test-probe>`);
    expect(shadowStyle(el, '.action', 'color')).to.equal('rgb(1, 2, 3)');
    const remove = addPageStyle('body { --latch-color-primary: rgb(4, 5, 6); }');
    try {
      expect(shadowStyle(el, '.action', 'color')).to.equal('rgb(4, 5, 6)');
      el.accent = 'rgb(7, 8, 9)';
      await el.updateComplete;
      expect(shadowStyle(el, '.action', 'color')).to.equal('rgb(7, 8, 9)');
      el.accent = 'url(https://tracker.example/x)';
      await el.updateComplete;
      expect(el.style.getPropertyValue('--accent')).to.equal('');
      expect(shadowStyle(el, '.action', 'color')).to.equal('rgb(4, 5, 6)');
    } finally {
      remove();
    }
  });

  it('leaves custom properties it did not set alone', async () => {
    const el = await probe();
    el.style.setProperty('--latch-space-lg', '3px');
    el.config = testConfig({ theme: { radius: '2px' } });
    await el.updateComplete;
    el.config = testConfig({});
    await el.updateComplete;
    expect(el.style.getPropertyValue('--latch-config-radius')).to.equal('');
    expect(el.style.getPropertyValue('--latch-space-lg')).to.equal('3px');
    expect(shadowStyle(el, '.action', 'padding-left')).to.equal('3px');
  });

  it('errorText translates by LatchError code', async () => {
    const el = await probe(html`<latch-test-probe locale="es" failure="ERR_PASSKEY_CANCELLED"></latch-test-probe>`);
    expect(text(el, 'error')).to.equal('Se canceló la llave de acceso. Inténtalo de nuevo o usa otro método.');
    el.failure = 'ERR_SOMETHING_ELSE';
    await el.updateComplete;
    expect(text(el, 'error')).to.equal('Algo salió mal. Inténtalo de nuevo.');
  });

  it('typed events bubble and cross the shadow boundary with their detail', async () => {
    const el = await probe();
    const seen: LatchErrorEvent[] = [];
    const listener = (event: LatchErrorEvent): void => void seen.push(event);
    document.addEventListener('latch-error', listener);
    try {
      (el.shadowRoot?.querySelector('[part="action"]') as HTMLButtonElement).click();
    } finally {
      document.removeEventListener('latch-error', listener);
    }
    expect(seen).to.have.length(1);
    const event = seen[0] as LatchErrorEvent;
    expect(event).to.be.instanceOf(LatchErrorEvent);
    expect(event.target).to.equal(el);
    expect(isLatchError(event.detail.error, 'ERR_NETWORK_FAILED')).to.equal(true);
  });

  it('define() needs a tag, and refuses none with a LatchError', () => {
    let caught: unknown;
    try {
      LatchElement.define();
    } catch (error) {
      caught = error;
    }
    expect(isLatchError(caught, 'ERR_INPUT_INVALID')).to.equal(true);
    expect(LatchTestProbe.define()).to.equal(false);
  });
});
