import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { afterEach, describe, it } from '../../support/harness.ts';
import { emulateMedia, executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { defineElement } from '../../../components/internal/define-element.ts';
import { LatchOtpCompleteEvent, LatchOtpResendEvent } from '../../../components/internal/events.ts';
import { LatchOtpInput } from '../../../components/latch-otp-input/latch-otp-input.ts';
import { addPageStyle, pinBrowserLanguages, recordEvents, resetConfig, setTestConfig, shadowStyle, testConfig, paste } from '../support/helpers.ts';
import { box, boxes, focusedIndex, part, shown } from '../support/otp.ts';
import { describeNeeds, itNeeds } from '../../support/engine.ts';

LatchOtpInput.define();
pinBrowserLanguages(['en-US']);

const EVENTS = ['latch-otp-complete', 'latch-otp-resend'] as const;

async function otp(template = html`<latch-otp-input></latch-otp-input>`): Promise<LatchOtpInput> {
  return fixture<LatchOtpInput>(template);
}

const cleanups: Array<() => void> = [];

describe('<latch-otp-input>', () => {
  afterEach(() => {
    resetConfig();
    cleanups.splice(0).forEach((cleanup) => cleanup());
  });

  describe('accessibility', () => {
    it('passes axe by default', async () => {
      const el = await otp();
      await expect(el).to.be.accessible();
    });

    it('passes axe when invalid, alphanumeric, with a description and in Arabic', async () => {
      const el = await otp(html`<latch-otp-input invalid alphanumeric locale="ar" resend-cooldown="0">
        <span slot="description">We sent a code to ada@example.com</span>
      </latch-otp-input>`);
      await expect(el).to.be.accessible();
    });

    it('passes axe in dark mode', async () => {
      const el = await otp(html`<latch-otp-input .config=${testConfig({ theme: { darkMode: true } })} invalid></latch-otp-input>`);
      await expect(el).to.be.accessible();
    });
  });

  describe('defaults', () => {
    it('renders six labelled digit boxes, the first one autofillable', async () => {
      const el = await otp();
      const all = boxes(el);
      expect(all).to.have.length(6);
      expect(all.map((b) => b.getAttribute('aria-label'))).to.deep.equal([1, 2, 3, 4, 5, 6].map((n) => `Digit ${n} of 6`));
      expect(all[0]?.getAttribute('autocomplete')).to.equal('one-time-code');
      expect(all.slice(1).every((b) => b.getAttribute('autocomplete') === 'off')).to.equal(true);
      expect(all.every((b) => b.getAttribute('inputmode') === 'numeric')).to.equal(true);
      expect(all.every((b) => b.getAttribute('aria-invalid') === 'false' && !b.disabled)).to.equal(true);
    });

    it('is a labelled group with an empty assertive error region and a resend button cooling down', async () => {
      const el = await otp();
      const base = part(el, 'base');
      expect(base.getAttribute('role')).to.equal('group');
      expect(el.shadowRoot?.getElementById(base.getAttribute('aria-labelledby') ?? '')?.textContent?.trim()).to.equal('Enter the code');
      const error = part(el, 'error');
      expect(error.getAttribute('aria-live')).to.equal('assertive');
      expect(error.textContent?.trim()).to.equal('');
      const resend = part(el, 'resend') as HTMLButtonElement;
      expect(resend.textContent?.trim()).to.equal('Resend in 30 s');
      expect(resend.getAttribute('aria-disabled')).to.equal('true');
      expect(el.value).to.equal('');
      expect(el.getAttribute('dir')).to.equal('ltr');
    });

    it('has a part on every meaningful node', async () => {
      const el = await otp();
      for (const name of ['base', 'label', 'description', 'inputs', 'input', 'error', 'resend', 'announcer']) {
        expect(el.shadowRoot?.querySelector(`[part~="${name}"]`), name).to.be.instanceOf(HTMLElement);
      }
    });
  });

  describe('attributes', () => {
    it('length sets the number of boxes and their labels; nonsense falls back', async () => {
      const el = await otp(html`<latch-otp-input length="4"></latch-otp-input>`);
      expect(boxes(el)).to.have.length(4);
      expect(box(el, 1).getAttribute('aria-label')).to.equal('Digit 2 of 4');
      el.setAttribute('length', 'abc');
      await el.updateComplete;
      expect(boxes(el)).to.have.length(6);
      el.setAttribute('length', '99');
      await el.updateComplete;
      expect(boxes(el)).to.have.length(12);
    });

    it('eight or twelve boxes fit a 320 px phone column: the boxes shrink, nothing overflows', async () => {
      for (const length of ['8', '12']) {
        // Built by hand: fixture() waits a frame for a plain root, and frames pause in a tab
        // the runner has in the background. Layout is measured synchronously all the same.
        const wrapper = document.createElement('div');
        wrapper.style.inlineSize = '320px';
        const el = document.createElement('latch-otp-input') as LatchOtpInput;
        el.setAttribute('length', length);
        wrapper.append(el);
        document.body.append(wrapper);
        cleanups.push(() => wrapper.remove());
        await el.updateComplete;
        const edge = wrapper.getBoundingClientRect().right;
        expect(el.scrollWidth, `length ${length}: host scrolls`).to.be.at.most(el.clientWidth);
        for (const b of boxes(el)) expect(b.getBoundingClientRect().right, `length ${length}: a box passes the column`).to.be.at.most(edge + 0.5);
        // Still wide enough to read and tap a digit in.
        expect(box(el, 0).getBoundingClientRect().width).to.be.at.least(length === '8' ? 28 : 18);
      }
    });

    it('alphanumeric switches the keyboard and the labels', async () => {
      const el = await otp(html`<latch-otp-input alphanumeric></latch-otp-input>`);
      expect(box(el, 0).getAttribute('inputmode')).to.equal('text');
      expect(box(el, 0).getAttribute('autocapitalize')).to.equal('characters');
      expect(box(el, 2).getAttribute('aria-label')).to.equal('Character 3 of 6');
    });

    it('disabled disables every box and the resend button', async () => {
      const el = await otp(html`<latch-otp-input disabled resend-cooldown="0"></latch-otp-input>`);
      expect(boxes(el).every((b) => b.disabled)).to.equal(true);
      expect((part(el, 'resend') as HTMLButtonElement).disabled).to.equal(true);
    });

    it('resend-cooldown="0" leaves the resend button usable at once', async () => {
      const el = await otp(html`<latch-otp-input resend-cooldown="0"></latch-otp-input>`);
      const resend = part(el, 'resend');
      expect(resend.textContent?.trim()).to.equal('Resend code');
      expect(resend.getAttribute('aria-disabled')).to.equal('false');
    });

    it('slots replace the label and add a description that describes the group', async () => {
      const el = await otp(html`<latch-otp-input>
        <span slot="label">Code from your email</span>
        <span slot="description">Sent to ada@example.com</span>
      </latch-otp-input>`);
      const label = part(el, 'label').querySelector('slot') as HTMLSlotElement;
      expect(label.assignedNodes().map((n) => n.textContent)).to.deep.equal(['Code from your email']);
      expect(part(el, 'description').hidden).to.equal(false);
      expect(part(el, 'base').getAttribute('aria-describedby')).to.contain('description');
    });
  });

  describe('typing and events', () => {
    it('typing fills the boxes, advances focus and fires latch-otp-complete once', async () => {
      const el = await otp();
      const log = recordEvents(el, EVENTS);
      el.focus();
      await sendKeys({ type: '12345' });
      expect(shown(el)).to.equal('1|2|3|4|5|');
      expect(focusedIndex(el)).to.equal(5);
      expect(log.events).to.have.length(0);
      const done = oneEvent(el, 'latch-otp-complete');
      await sendKeys({ type: '6' });
      const event = await done;
      expect(event).to.be.instanceOf(LatchOtpCompleteEvent);
      expect(event.detail.code).to.equal('123456');
      expect(event.bubbles && event.composed).to.equal(true);
      expect(el.value).to.equal('123456');
      expect(log.events).to.have.length(1);
      log.stop();
    });

    it('digits only: letters are refused and the box keeps its character', async () => {
      const el = await otp();
      el.focus();
      await sendKeys({ type: '1a' });
      expect(shown(el)).to.equal('1|||||');
      expect(focusedIndex(el)).to.equal(1);
    });

    it('alphanumeric: letters are upper-cased', async () => {
      const el = await otp(html`<latch-otp-input alphanumeric length="4"></latch-otp-input>`);
      const done = oneEvent(el, 'latch-otp-complete');
      el.focus();
      await sendKeys({ type: 'a9-bz' });
      expect((await done).detail.code).to.equal('A9BZ');
    });

    it('typing over a filled box replaces its character', async () => {
      const el = await otp();
      el.value = '111111';
      await el.updateComplete;
      box(el, 2).focus();
      const done = oneEvent(el, 'latch-otp-complete');
      await sendKeys({ type: '7' });
      expect((await done).detail.code).to.equal('117111');
      expect(focusedIndex(el)).to.equal(3);
    });

    it('Arabic-Indic digits count as digits', async () => {
      const el = await otp(html`<latch-otp-input length="3"></latch-otp-input>`);
      const done = oneEvent(el, 'latch-otp-complete');
      paste(box(el, 0), '١٢٣');
      expect((await done).detail.code).to.equal('123');
    });

    it('autofill of the whole code into the first box fills every box', async () => {
      const el = await otp();
      const done = oneEvent(el, 'latch-otp-complete');
      const first = box(el, 0);
      first.value = '654321';
      first.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText' }));
      expect((await done).detail.code).to.equal('654321');
      expect(shown(el)).to.equal('6|5|4|3|2|1');
    });
  });

  describe('paste', () => {
    it('a full code pasted into any box fills all boxes', async () => {
      const el = await otp();
      const done = oneEvent(el, 'latch-otp-complete');
      const event = paste(box(el, 3), ' 123-456 ');
      expect(event.defaultPrevented).to.equal(true);
      expect((await done).detail.code).to.equal('123456');
      expect(shown(el)).to.equal('1|2|3|4|5|6');
      expect(focusedIndex(el)).to.equal(5);
    });

    itNeeds('CDP clipboard', 'a code pasted from the real clipboard into the first box fills every box (the browser\'s own paste event)', async () => {
      const el = await otp();
      // The clipboard's data is readable only while the event is dispatched.
      const pastes: { trusted: boolean; text: string | undefined }[] = [];
      el.shadowRoot!.addEventListener('paste', (event) => pastes.push({ trusted: event.isTrusted, text: (event as ClipboardEvent).clipboardData?.getData('text/plain') }), { capture: true });
      box(el, 0).focus();
      const done = oneEvent(el, 'latch-otp-complete');
      await executeServerCommand('clipboard-paste', { text: '482 913' });
      expect((await done).detail.code).to.equal('482913');
      expect(shown(el)).to.equal('4|8|2|9|1|3');
      expect(pastes).to.deep.equal([{ trusted: true, text: '482 913' }]);
      expect(focusedIndex(el)).to.equal(5);
    });

    it('alphanumeric paste is filtered and upper-cased', async () => {
      const el = await otp(html`<latch-otp-input alphanumeric></latch-otp-input>`);
      const done = oneEvent(el, 'latch-otp-complete');
      paste(box(el, 0), 'ab-c 1.23');
      expect((await done).detail.code).to.equal('ABC123');
    });

    it('a partial paste fills from the box it lands in; garbage changes nothing', async () => {
      const el = await otp();
      const log = recordEvents(el, EVENTS);
      paste(box(el, 1), '98');
      expect(shown(el)).to.equal('|9|8|||');
      expect(focusedIndex(el)).to.equal(3);
      paste(box(el, 4), 'no digits');
      expect(shown(el)).to.equal('|9|8|||');
      expect(log.events).to.have.length(0);
      log.stop();
    });
  });

  describe('keyboard', () => {
    it('Backspace clears a filled box, and on an empty box goes back and clears', async () => {
      const el = await otp();
      el.focus();
      await sendKeys({ type: '123' });
      expect(focusedIndex(el)).to.equal(3);
      await sendKeys({ press: 'Backspace' });
      expect(shown(el)).to.equal('1|2||||');
      expect(focusedIndex(el)).to.equal(2);
      await sendKeys({ press: 'Backspace' });
      expect(shown(el)).to.equal('1|||||');
      expect(focusedIndex(el)).to.equal(1);
      box(el, 0).focus();
      await sendKeys({ press: 'Backspace' });
      expect(shown(el)).to.equal('|||||');
      expect(focusedIndex(el)).to.equal(0);
      await sendKeys({ press: 'Backspace' });
      expect(focusedIndex(el)).to.equal(0);
    });

    it('Delete clears the focused box in place', async () => {
      const el = await otp();
      el.value = '123456';
      await el.updateComplete;
      box(el, 2).focus();
      await sendKeys({ press: 'Delete' });
      expect(shown(el)).to.equal('1|2||4|5|6');
      expect(focusedIndex(el)).to.equal(2);
    });

    it('ArrowLeft/ArrowRight/Home/End move between boxes', async () => {
      const el = await otp();
      box(el, 2).focus();
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedIndex(el)).to.equal(3);
      await sendKeys({ press: 'ArrowLeft' });
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedIndex(el)).to.equal(1);
      await sendKeys({ press: 'End' });
      expect(focusedIndex(el)).to.equal(5);
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedIndex(el)).to.equal(5);
      await sendKeys({ press: 'Home' });
      expect(focusedIndex(el)).to.equal(0);
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedIndex(el)).to.equal(0);
    });
  });

  describe('errors', () => {
    it('invalid marks every box and shows the default message in the live region', async () => {
      const el = await otp(html`<latch-otp-input invalid></latch-otp-input>`);
      expect(boxes(el).every((b) => b.getAttribute('aria-invalid') === 'true')).to.equal(true);
      const error = part(el, 'error');
      expect(error.textContent?.trim()).to.equal('That code is not right. Check it and try again.');
      // Each box is described by the error node, in the same shadow root.
      expect(box(el, 0).getAttribute('aria-describedby')).to.equal(error.id);
      expect(shadowStyle(el, '[part="input"]', 'border-top-color')).to.equal('rgb(185, 28, 28)');
    });

    it('error-message shows its text and implies invalid; clearing it clears the state', async () => {
      const el = await otp(html`<latch-otp-input error-message="Too many attempts."></latch-otp-input>`);
      expect(part(el, 'error').textContent?.trim()).to.equal('Too many attempts.');
      expect(box(el, 0).getAttribute('aria-invalid')).to.equal('true');
      el.errorMessage = '';
      await el.updateComplete;
      expect(part(el, 'error').textContent?.trim()).to.equal('');
      expect(box(el, 0).getAttribute('aria-invalid')).to.equal('false');
    });
  });

  describe('resend', () => {
    it('is refused during the cooldown, then fires latch-otp-resend and cools down again', async () => {
      const el = await otp(html`<latch-otp-input resend-cooldown="1"></latch-otp-input>`);
      const resend = part(el, 'resend') as HTMLButtonElement;
      const log = recordEvents(el, EVENTS);
      resend.click();
      expect(log.events).to.have.length(0);
      const announcer = part(el, 'announcer');
      expect(announcer.getAttribute('aria-live')).to.equal('polite');
      await waitUntil(() => resend.getAttribute('aria-disabled') === 'false', 'cooldown never ended', { timeout: 5000 });
      expect(resend.textContent?.trim()).to.equal('Resend code');
      expect(announcer.textContent?.trim()).to.equal('You can ask for a new code now.');
      resend.focus();
      await sendKeys({ press: 'Enter' });
      expect(log.events).to.have.length(1);
      expect(log.events[0]).to.be.instanceOf(LatchOtpResendEvent);
      await el.updateComplete;
      expect(resend.getAttribute('aria-disabled')).to.equal('true');
      expect(resend.textContent?.trim()).to.equal('Resend in 1 s');
      expect(announcer.textContent?.trim()).to.equal('You can ask for a new code in 1 second.');
      // Focus stays on the (aria-)disabled button rather than falling to the page.
      expect(el.shadowRoot?.activeElement).to.equal(resend);
      log.stop();
    });

    it('a disabled element does not resend', async () => {
      const el = await otp(html`<latch-otp-input disabled resend-cooldown="0"></latch-otp-input>`);
      const log = recordEvents(el, EVENTS);
      (part(el, 'resend') as HTMLButtonElement).click();
      expect(log.events).to.have.length(0);
      log.stop();
    });
  });

  describe('programmatic changes fire nothing', () => {
    it('value, clear(), focus(), length, invalid, startCooldown()', async () => {
      const el = await otp(html`<latch-otp-input resend-cooldown="0"></latch-otp-input>`);
      const log = recordEvents(el, EVENTS);
      el.value = '12 34 56';
      await el.updateComplete;
      expect(el.value).to.equal('123456');
      expect(shown(el)).to.equal('1|2|3|4|5|6');
      el.clear();
      await el.updateComplete;
      expect(shown(el)).to.equal('|||||');
      el.value = '12';
      await el.updateComplete;
      el.focus();
      expect(focusedIndex(el)).to.equal(2);
      el.length = 2;
      el.invalid = true;
      el.startCooldown(5);
      await el.updateComplete;
      expect(el.value).to.equal('12');
      expect(log.events).to.have.length(0);
      log.stop();
    });

    it('switching to digits drops letters already entered', async () => {
      const el = await otp(html`<latch-otp-input alphanumeric></latch-otp-input>`);
      el.value = 'a1b2c3';
      await el.updateComplete;
      expect(el.value).to.equal('A1B2C3');
      el.alphanumeric = false;
      await el.updateComplete;
      expect(shown(el)).to.equal('|1||2||3');
    });
  });

  describe('right to left', () => {
    it('locale ar sets dir=rtl, lays the first box on the right and mirrors the arrows', async () => {
      const el = await otp(html`<latch-otp-input locale="ar"></latch-otp-input>`);
      expect(el.getAttribute('dir')).to.equal('rtl');
      expect(el.getAttribute('lang')).to.equal('ar');
      expect(box(el, 0).getBoundingClientRect().left).to.be.greaterThan(box(el, 1).getBoundingClientRect().left);
      box(el, 2).focus();
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedIndex(el)).to.equal(3);
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedIndex(el)).to.equal(1);
      await sendKeys({ press: 'End' });
      expect(focusedIndex(el)).to.equal(5);
    });

    it('switching locale back to en returns to ltr', async () => {
      const el = await otp(html`<latch-otp-input locale="ar"></latch-otp-input>`);
      el.locale = 'en';
      await el.updateComplete;
      expect(el.getAttribute('dir')).to.equal('ltr');
    });
  });

  describe('translations', () => {
    // Plain `ar` has Latin digits in newer CLDR (Chromium's, Firefox's own ICU) and Arabic-Indic
    // ones in older (WebKitGTK on Debian's system ICU 72): the element follows the engine's Intl.
    const arabic = (n: number): string => {
      const digits = new Intl.NumberFormat('ar').format(n);
      expect([String(n), n.toLocaleString('ar-EG')]).to.include(digits);
      return digits;
    };
    it('Spanish', async () => {
      const el = await otp(html`<latch-otp-input locale="es"></latch-otp-input>`);
      expect(part(el, 'label').textContent?.trim()).to.equal('Introduce el código');
      expect(box(el, 0).getAttribute('aria-label')).to.equal('Dígito 1 de 6');
      expect(part(el, 'resend').textContent?.trim()).to.equal('Reenviar en 30 s');
      el.invalid = true;
      await el.updateComplete;
      expect(part(el, 'error').textContent?.trim()).to.equal('El código no es correcto. Revísalo e inténtalo de nuevo.');
    });

    it('Arabic, with numbers in the locale\'s numerals (Arabic-Indic for ar-EG, by Intl)', async () => {
      const el = await otp(html`<latch-otp-input locale="ar" alphanumeric></latch-otp-input>`);
      expect(part(el, 'label').textContent?.trim()).to.equal('أدخل الرمز');
      expect(box(el, 1).getAttribute('aria-label')).to.equal(`الحرف ${arabic(2)} من ${arabic(6)}`);
      el.locale = 'ar-EG';
      await el.updateComplete;
      expect(box(el, 1).getAttribute('aria-label')).to.equal('الحرف ٢ من ٦');
      expect(part(el, 'resend').textContent?.trim()).to.equal('إعادة الإرسال بعد ٣٠ ث');
    });

    it('the config locale applies without an attribute, and the attribute beats it', async () => {
      setTestConfig(testConfig({ locale: 'es-MX' }));
      const el = await otp();
      expect(part(el, 'label').textContent?.trim()).to.equal('Introduce el código');
      expect(el.getAttribute('lang')).to.equal('es-MX');
      el.locale = 'ar';
      await el.updateComplete;
      expect(part(el, 'label').textContent?.trim()).to.equal('أدخل الرمز');
    });

    it('without attribute or config it follows navigator.languages (first one with a catalogue)', async () => {
      const restore = pinBrowserLanguages(['fr-FR', 'es-419', 'en']);
      try {
        const el = await otp();
        expect(el.resolvedLocale).to.equal('es-419');
        expect(part(el, 'label').textContent?.trim()).to.equal('Introduce el código');
      } finally {
        restore();
        pinBrowserLanguages(['en-US']);
      }
    });

    it('follows the $config store as it changes, and config copy overrides catalogue strings', async () => {
      const el = await otp();
      expect(part(el, 'label').textContent?.trim()).to.equal('Enter the code');
      setTestConfig(testConfig({ locale: 'ar', copy: { 'otp.enterCode': 'Code from the email' } }));
      await el.updateComplete;
      expect(el.getAttribute('dir')).to.equal('rtl');
      expect(part(el, 'label').textContent?.trim()).to.equal('Code from the email');
      expect(part(el, 'resend').textContent?.trim()).to.equal(`إعادة الإرسال بعد ${arabic(30)} ث`);
    });
  });

  describe('theming', () => {
    const primaryOf = (el: LatchOtpInput): string => shadowStyle(el, '[part="resend"]', 'color');

    it('precedence: default < config theme < page --latch-* < accent attribute', async () => {
      const el = await otp(html`<latch-otp-input resend-cooldown="0"></latch-otp-input>`);
      expect(primaryOf(el)).to.equal('rgb(67, 56, 202)');

      el.config = testConfig({ theme: { colors: { primary: 'rgb(1, 2, 3)' } } });
      await el.updateComplete;
      expect(el.style.getPropertyValue('--latch-config-color-primary')).to.equal('rgb(1, 2, 3)');
      expect(primaryOf(el)).to.equal('rgb(1, 2, 3)');

      const removeStyle = addPageStyle(':root { --latch-color-primary: rgb(4, 5, 6); }');
      try {
        expect(primaryOf(el)).to.equal('rgb(4, 5, 6)');
        el.setAttribute('accent', 'rgb(7, 8, 9)');
        await el.updateComplete;
        expect(primaryOf(el)).to.equal('rgb(7, 8, 9)');
        el.removeAttribute('accent');
        await el.updateComplete;
        expect(el.style.getPropertyValue('--accent')).to.equal('');
        expect(primaryOf(el)).to.equal('rgb(4, 5, 6)');
      } finally {
        removeStyle();
      }
    });

    it("a page's own inherited --accent does not leak in; one set on the element does", async () => {
      const removeStyle = addPageStyle(':root { --accent: rgb(9, 9, 9); }');
      try {
        const el = await otp(html`<latch-otp-input resend-cooldown="0"></latch-otp-input>`);
        expect(primaryOf(el)).to.equal('rgb(67, 56, 202)');
        const removeLocal = addPageStyle('latch-otp-input { --accent: rgb(10, 11, 12); }');
        expect(primaryOf(el)).to.equal('rgb(10, 11, 12)');
        removeLocal();
      } finally {
        removeStyle();
      }
    });

    it('config values are set through CSSOM and removed when the config changes', async () => {
      const el = await otp(html`<latch-otp-input .config=${testConfig({ theme: { radius: '3px', colors: { background: '#000000' } } })}></latch-otp-input>`);
      expect(el.style.getPropertyValue('--latch-config-radius')).to.equal('3px');
      expect(shadowStyle(el, '[part="input"]', 'border-top-left-radius')).to.equal('3px');
      el.config = testConfig({ theme: { colors: { primary: 'url(https://tracker.example/x)' } } });
      await el.updateComplete;
      expect(el.style.getPropertyValue('--latch-config-radius')).to.equal('');
      expect(el.style.getPropertyValue('--latch-config-color-surface')).to.equal('');
      expect(el.style.getPropertyValue('--latch-config-color-primary')).to.equal('');
    });

    describeNeeds('media emulation', 'dark mode', () => {
      afterEach(() => emulateMedia({ colorScheme: 'no-preference' }));
      const surface = (el: LatchOtpInput): string => shadowStyle(el, '[part="base"]', 'background-color');

      it('config darkMode true is dark even on a light system', async () => {
        await emulateMedia({ colorScheme: 'light' });
        const el = await otp(html`<latch-otp-input .config=${testConfig({ theme: { darkMode: true } })}></latch-otp-input>`);
        expect(surface(el)).to.equal('rgb(24, 24, 27)');
      });

      it('config darkMode false is light even on a dark system', async () => {
        await emulateMedia({ colorScheme: 'dark' });
        const el = await otp(html`<latch-otp-input .config=${testConfig({ theme: { darkMode: false } })}></latch-otp-input>`);
        expect(surface(el)).to.equal('rgb(255, 255, 255)');
      });

      it("without a config it follows prefers-color-scheme; the page's --latch-color-scheme wins", async () => {
        await emulateMedia({ colorScheme: 'dark' });
        const el = await otp();
        expect(surface(el)).to.equal('rgb(24, 24, 27)');
        const removeStyle = addPageStyle(':root { --latch-color-scheme: light; }');
        try {
          expect(surface(el)).to.equal('rgb(255, 255, 255)');
        } finally {
          removeStyle();
        }
      });
    });
  });

  describe('define', () => {
    it('is idempotent and keeps the first definition', async () => {
      expect(customElements.get('latch-otp-input')).to.equal(LatchOtpInput);
      expect(LatchOtpInput.define()).to.equal(false);
      class Impostor extends HTMLElement {}
      expect(defineElement('latch-otp-input', Impostor)).to.equal(false);
      expect(customElements.get('latch-otp-input')).to.equal(LatchOtpInput);
      await import('../../../components/define.ts');
      expect(customElements.get('latch-otp-input')).to.equal(LatchOtpInput);
    });

    it('can register under another tag', async () => {
      class Renamed extends LatchOtpInput {}
      expect(Renamed.define('latch-otp-input-renamed')).to.equal(true);
      const el = await fixture<LatchOtpInput>(html`<latch-otp-input-renamed length="3"></latch-otp-input-renamed>`);
      expect(boxes(el)).to.have.length(3);
    });
  });
});
