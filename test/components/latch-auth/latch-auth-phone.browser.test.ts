// <latch-auth>'s phone field against the emulator the test runner started: the country picker
// (keyboard, search, default from the locale), formatting as typed, the per-country check before
// anything is sent (no request), E.164 on the wire, a pasted +44 number switching the country,
// Arabic (right to left), axe; and the field before its chunk has loaded (E.164 by hand).
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { after, afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import type { LatchPhoneCountryEvent } from '../../../components/latch-auth/latch-phone-country-event.ts';
import { deepActiveElement } from '../../../components/internal/focus.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { pinBrowserLanguages, pressWith, recordEvents, resetConfig } from '../support/helpers.ts';
import { latestCode, part, parts, testKit, text } from './kit-support.ts';

LatchAuth.define();

/** A kit whose requests to the emulator's proxy are recorded (url and body). */
async function recordingKit(): Promise<{ kit: LatchKit; requests: { url: string; body: string }[] }> {
  const requests: { url: string; body: string }[] = [];
  const kit = await testKit({
    fetch: (input, init) => {
      requests.push({ url: String(input instanceof Request ? input.url : input), body: typeof init?.body === 'string' ? init.body : '' });
      return fetch(input, init);
    },
  });
  return { kit, requests };
}

const otpRequests = (requests: { url: string }[]): number => requests.filter((r) => /otp_init/.test(r.url)).length;

async function auth(kit: LatchKit, template?: ReturnType<typeof html>): Promise<LatchAuth> {
  const el = await fixture<LatchAuth>(template ?? html`<latch-auth .kit=${kit}></latch-auth>`);
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show');
  return el;
}

const field = (el: LatchAuth): HTMLInputElement => el.shadowRoot!.querySelector<HTMLInputElement>('#sms')!;

/** Focuses the phone field and waits for its picker (the lazy chunk) to show. */
async function usePhone(el: LatchAuth): Promise<HTMLInputElement> {
  field(el).focus();
  // The first time, the test server prepares libphonenumber-js: give it time.
  await waitUntil(() => el.shadowRoot!.querySelector('[part~="country"]'), 'the country picker shows', { timeout: 20_000 });
  await el.updateComplete;
  return field(el);
}

const callingCode = (el: LatchAuth): string => text(part(el, 'calling-code'));
const popupOpen = (el: LatchAuth): boolean => !part(el, 'country-popup').hidden;
const activeOption = (el: LatchAuth): string => part(el, 'country-search').getAttribute('aria-activedescendant') ?? '';
const sendButton = (el: LatchAuth): HTMLButtonElement => part(el, 'form-sms').querySelector<HTMLButtonElement>('button[type="submit"]')!;

/** A US number that passes the check: area code 415, exchange and line 2xx-xxxx…9xx-xxxx. */
function usNumber(): { national: string; e164: string } {
  const digits = `${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  return { national: `415${digits}`, e164: `+1415${digits}` };
}

describe('<latch-auth> phone field', () => {
  let restoreLanguages: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
  });
  // The test server prepares libphonenumber-js (a hundred modules) on first request: slow once, so
  // here, with a longer limit, rather than inside the first test that focuses the field.
  before(async function (this: { timeout?: (ms: number) => void }) {
    this.timeout?.(180_000);
    await import('../../../components/latch-auth/phone-field.ts');
  });
  after(() => restoreLanguages());
  afterEach(() => {
    resetConfig();
    endFlow();
  });

  /** Opens the list and filters it to a few countries (axe over all 245 options is slow). */
  async function openFiltered(el: LatchAuth, query: string): Promise<void> {
    part(el, 'country').click();
    await el.updateComplete;
    await waitUntil(() => deepActiveElement() === part(el, 'country-search'), 'the search field has focus');
    await sendKeys({ type: query });
    await el.updateComplete;
  }

  it('passes axe with the picker loaded', async () => {
    const el = await auth(await testKit());
    await usePhone(el);
    await expect(el).to.be.accessible();
  });

  it('passes axe with the list open', async () => {
    const el = await auth(await testKit());
    await usePhone(el);
    await openFiltered(el, 'united');
    expect(popupOpen(el)).to.equal(true);
    expect(parts(el, 'country-option').length).to.be.greaterThan(1);
    await expect(el).to.be.accessible();
  });

  it('passes axe in Arabic with the list open', async () => {
    const el = await auth(await testKit(), html`<latch-auth locale="ar" .kit=${await testKit()}></latch-auth>`);
    await usePhone(el);
    await openFiltered(el, 'الم');
    expect(parts(el, 'country-option').length).to.be.greaterThan(1);
    await expect(el).to.be.accessible();
  });

  it('before the picker has loaded, the field takes E.164 typed by hand and sends it', async () => {
    const { kit, requests } = await recordingKit();
    const el = await auth(kit);
    // Never focused: the picker's chunk is not asked for by this element.
    expect(el.shadowRoot!.querySelector('[part~="country"]')).to.equal(null);
    const { e164 } = usNumber();
    field(el).value = e164;
    sendButton(el).click();
    await waitUntil(() => el.shadowRoot?.querySelector('latch-otp-input'), 'the code step shows', { timeout: 10_000 });
    expect(requests.find((r) => /otp_init/.test(r.url))?.body).to.include(JSON.stringify(e164));
  });

  describe('default country', () => {
    it('the region of the locale attribute: en-GB → GB (+44)', async () => {
      const el = await auth(await testKit(), html`<latch-auth locale="en-GB" .kit=${await testKit()}></latch-auth>`);
      await usePhone(el);
      expect(callingCode(el)).to.equal('+44');
      expect(text(part(el, 'country'))).to.include('United Kingdom');
      expect(part(el, 'country-flag').getAttribute('aria-hidden')).to.equal('true');
      expect(text(part(el, 'country-flag'))).to.equal('🇬🇧');
    });

    it('a locale without a region (es): the first browser language with one, else US', async () => {
      const restore = pinBrowserLanguages(['es', 'fr-CA', 'en-US']);
      try {
        const el = await auth(await testKit(), html`<latch-auth locale="es" .kit=${await testKit()}></latch-auth>`);
        await usePhone(el);
        expect(callingCode(el)).to.equal('+1');
        expect(text(part(el, 'country'))).to.include('Canadá');
      } finally {
        restore();
      }
      const none = pinBrowserLanguages(['es']);
      try {
        const el = await auth(await testKit(), html`<latch-auth locale="es" .kit=${await testKit()}></latch-auth>`);
        await usePhone(el);
        expect(text(part(el, 'country'))).to.include('Estados Unidos');
      } finally {
        none();
      }
    });

    it("the page's lang comes before the browser's languages", async () => {
      document.documentElement.lang = 'en-AU';
      try {
        const el = await auth(await testKit());
        await usePhone(el);
        expect(callingCode(el)).to.equal('+61');
      } finally {
        document.documentElement.removeAttribute('lang');
      }
    });
  });

  describe('picker keyboard and search', () => {
    it('ArrowDown opens the list on the current country; typing filters; arrows move; Enter picks and returns to the number', async () => {
      const el = await auth(await testKit());
      await usePhone(el);
      const log = recordEvents(el, ['latch-phone-country']);
      const button = part(el, 'country');
      expect(button.getAttribute('aria-expanded')).to.equal('false');
      button.focus();
      await sendKeys({ press: 'ArrowDown' });
      await el.updateComplete;
      expect(popupOpen(el)).to.equal(true);
      expect(button.getAttribute('aria-expanded')).to.equal('true');
      const search = part(el, 'country-search');
      expect(deepActiveElement()).to.equal(search);
      expect(search.getAttribute('role')).to.equal('combobox');
      expect(search.getAttribute('aria-controls')).to.equal(part(el, 'country-list').id);
      expect(activeOption(el)).to.equal('country-US');
      expect(el.shadowRoot!.getElementById('country-US')!.getAttribute('aria-selected')).to.equal('true');

      await sendKeys({ type: 'united' });
      await el.updateComplete;
      const names = parts(el, 'country-option').map((o) => text(o.querySelector('.country-name')));
      expect(names).to.include.members(['United Arab Emirates', 'United Kingdom', 'United States']);
      expect(names.every((n) => /united/i.test(n))).to.equal(true);
      expect(activeOption(el)).to.equal('country-AE');
      await sendKeys({ press: 'ArrowDown' });
      await el.updateComplete;
      expect(activeOption(el)).to.equal('country-GB');
      await sendKeys({ press: 'ArrowUp' });
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(popupOpen(el)).to.equal(false);
      expect(callingCode(el)).to.equal('+44');
      expect(deepActiveElement()).to.equal(field(el));
      expect(log.events.map((e) => (e as LatchPhoneCountryEvent).detail.country)).to.deep.equal(['GB']);
      expect(field(el).placeholder).to.equal('07400 123456');
      log.stop();
    });

    it('searches by calling code and ISO code; says when nothing matches; a letter on the button searches for it', async () => {
      const el = await auth(await testKit());
      await usePhone(el);
      part(el, 'country').focus();
      await sendKeys({ press: 'g' });
      await el.updateComplete;
      expect(popupOpen(el)).to.equal(true);
      expect((part<HTMLInputElement>(el, 'country-search')).value).to.equal('g');
      expect(parts(el, 'country-option').every((o) => /(^|\s)g/i.test(text(o.querySelector('.country-name'))) || o.id === 'country-GB')).to.equal(true);

      await sendKeys({ press: 'Backspace' });
      await sendKeys({ type: '+44' });
      await el.updateComplete;
      expect(parts(el, 'country-option').map((o) => o.id).sort()).to.deep.equal(['country-GB', 'country-GG', 'country-IM', 'country-JE']);
      for (let i = 0; i < 3; i += 1) await sendKeys({ press: 'Backspace' });
      await sendKeys({ type: 'de' });
      await el.updateComplete;
      expect(parts(el, 'country-option').map((o) => o.id)).to.include('country-DE');

      await sendKeys({ type: 'zzz' });
      await el.updateComplete;
      expect(parts(el, 'country-option')).to.have.length(0);
      expect(part(el, 'country-list').hidden).to.equal(true);
      expect(text(part(el, 'country-none'))).to.equal('No country or region matches.');
      expect(part(el, 'country-none').getAttribute('role')).to.equal('status');
    });

    it('Escape closes the list and returns to the button; a modal drop-in stays open', async () => {
      const el = await auth(await testKit(), html`<latch-auth modal open .kit=${await testKit()}></latch-auth>`);
      // The dialog (a lazy chunk) puts focus on its first control when it opens: wait for it.
      await waitUntil(() => deepActiveElement() === part(el, 'close'), 'the dialog has focus', { timeout: 10_000 });
      const log = recordEvents(el, ['latch-cancel']);
      await usePhone(el);
      part(el, 'country').click();
      await el.updateComplete;
      await waitUntil(() => deepActiveElement() === part(el, 'country-search'), 'the search field has focus');
      await sendKeys({ press: 'Escape' });
      await el.updateComplete;
      expect(popupOpen(el)).to.equal(false);
      expect(el.open).to.equal(true);
      expect(log.events).to.have.length(0);
      expect(deepActiveElement()).to.equal(part(el, 'country'));
      log.stop();
    });

    it('Tab leaves the list closed and moves on to the number', async () => {
      const el = await auth(await testKit());
      await usePhone(el);
      part(el, 'country').click();
      await el.updateComplete;
      await sendKeys({ press: 'Tab' });
      await el.updateComplete;
      expect(popupOpen(el)).to.equal(false);
      expect(deepActiveElement()).to.equal(field(el));
      await pressWith('Shift', 'Tab');
      expect(deepActiveElement()).to.equal(part(el, 'country'));
    });

    it('a click on an option picks it', async () => {
      const el = await auth(await testKit());
      await usePhone(el);
      part(el, 'country').click();
      await el.updateComplete;
      el.shadowRoot!.getElementById('country-FR')!.click();
      await el.updateComplete;
      expect(callingCode(el)).to.equal('+33');
      expect(popupOpen(el)).to.equal(false);
    });
  });

  describe('formatting and checking', () => {
    it('formats as typed for the country (US: 2025550123 → (202) 555-0123); deleting a bracket or dash deletes a digit', async () => {
      const el = await auth(await testKit());
      const input = await usePhone(el);
      await sendKeys({ type: '2025550123' });
      expect(input.value).to.equal('(202) 555-0123');
      expect(input.getAttribute('type')).to.equal('tel');
      expect(getComputedStyle(input).direction).to.equal('ltr');
      for (let i = 0; i < 4; i += 1) await sendKeys({ press: 'ArrowLeft' });
      await sendKeys({ press: 'Backspace' });
      expect(input.value).to.equal('(202) 550-123');
    });

    it('formats for the country picked: GB national and international', async () => {
      const el = await auth(await testKit(), html`<latch-auth locale="en-GB" .kit=${await testKit()}></latch-auth>`);
      const input = await usePhone(el);
      await sendKeys({ type: '02079460958' });
      expect(input.value).to.equal('020 7946 0958');
    });

    it('checks the number for the country before sending: a translated message naming the country and an example, no request', async () => {
      const { kit, requests } = await recordingKit();
      const el = await auth(kit);
      const log = recordEvents(el, ['latch-error', 'latch-login']);
      await usePhone(el);
      await sendKeys({ type: '12345' });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      const error = el.shadowRoot!.getElementById('sms-error')!;
      expect(text(error)).to.equal('Enter a valid phone number for United States, for example (201) 555-0123.');
      expect(field(el).getAttribute('aria-invalid')).to.equal('true');
      expect(deepActiveElement()).to.equal(field(el));

      // Another country, another expected form.
      part(el, 'country').click();
      await el.updateComplete;
      await sendKeys({ type: 'united kingdom' });
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(callingCode(el)).to.equal('+44');
      expect(text(error)).to.equal('Enter a valid phone number for United Kingdom, for example 07400 123456.');
      expect(otpRequests(requests)).to.equal(0);
      expect(log.events).to.have.length(0);
      expect(el.shadowRoot!.querySelector('latch-otp-input')).to.equal(null);
      log.stop();
    });

    it('sends E.164: a national number typed for the country signs up with the code from the outbox', async () => {
      const { kit, requests } = await recordingKit();
      const { national, e164 } = usNumber();
      const el = await auth(kit);
      await usePhone(el);
      await sendKeys({ type: national });
      expect(field(el).value).to.equal(`(415) ${national.slice(3, 6)}-${national.slice(6)}`);
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => el.shadowRoot?.querySelector('latch-otp-input'), 'the code step shows', { timeout: 10_000 });
      const otp = el.shadowRoot!.querySelector('latch-otp-input')!;
      await otp.updateComplete;
      expect(requests.find((r) => /otp_init/.test(r.url))?.body).to.include(JSON.stringify(e164));
      expect(text(part(el, 'status'))).to.equal(`We sent a code to ${e164}`);
      const done = oneEvent(el, 'latch-login');
      await sendKeys({ type: await latestCode(e164) });
      expect((await done).detail.created).to.equal(true);
    });

    it('a pasted "+44 20 7946 0958" switches the country (latch-phone-country) and is sent as +442079460958', async () => {
      const { kit, requests } = await recordingKit();
      const el = await auth(kit);
      const input = await usePhone(el);
      expect(callingCode(el)).to.equal('+1');
      const switched = oneEvent(el, 'latch-phone-country');
      input.value = '+44 20 7946 0958';
      input.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste', bubbles: true, composed: true }));
      expect((await switched).detail.country).to.equal('GB');
      await el.updateComplete;
      expect(callingCode(el)).to.equal('+44');
      expect(input.value).to.equal('+44 20 7946 0958');
      sendButton(el).click();
      await waitUntil(() => otpRequests(requests) > 0, 'the code is sent');
      expect(requests.find((r) => /otp_init/.test(r.url))?.body).to.include('"+442079460958"');
    });

    it('a number typed with its own + code wins over the country picked', async () => {
      const { kit, requests } = await recordingKit();
      const { e164 } = usNumber();
      const el = await auth(kit, html`<latch-auth locale="en-GB" .kit=${kit}></latch-auth>`);
      await usePhone(el);
      expect(callingCode(el)).to.equal('+44');
      await sendKeys({ type: e164 });
      expect(callingCode(el)).to.equal('+1');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => otpRequests(requests) > 0, 'the code is sent');
      expect(requests.find((r) => /otp_init/.test(r.url))?.body).to.include(JSON.stringify(e164));
    });
  });

  it('Arabic: right to left, the list and the message in Arabic, the number left to right', async () => {
    const { kit, requests } = await recordingKit();
    const el = await auth(kit, html`<latch-auth locale="ar-EG" .kit=${kit}></latch-auth>`);
    expect(el.getAttribute('dir')).to.equal('rtl');
    const input = await usePhone(el);
    expect(callingCode(el)).to.equal('+20');
    expect(text(part(el, 'country'))).to.include('البلد أو المنطقة: مصر');
    expect(getComputedStyle(input).direction).to.equal('ltr');
    // The button sits at the start of the line: on the right.
    expect(part(el, 'country').getBoundingClientRect().left).to.be.greaterThan(input.getBoundingClientRect().left);
    part(el, 'country').click();
    await el.updateComplete;
    expect(part(el, 'country-search').getAttribute('aria-label')).to.equal('ابحث عن بلد أو منطقة');
    expect(text(el.shadowRoot!.getElementById('country-GB')!.querySelector('.country-name'))).to.equal('المملكة المتحدة');
    await sendKeys({ press: 'Escape' });
    input.focus();
    await sendKeys({ type: '123' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(text(el.shadowRoot!.getElementById('sms-error'))).to.match(/^أدخل رقم هاتف صالحًا في مصر، مثل \u2066.+\u2069\.$/);
    expect(otpRequests(requests)).to.equal(0);
  });

  it('Arabic code step: "We sent a code to" says the number once, isolated, its + on the left of the digits', async () => {
    const { kit } = await recordingKit();
    const el = await auth(kit, html`<latch-auth locale="ar" .kit=${kit}></latch-auth>`);
    await usePhone(el);
    const { e164 } = usNumber();
    await sendKeys({ type: e164 });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.shadowRoot?.querySelector('latch-otp-input'), 'the code step shows', { timeout: 10_000 });
    const description = el.shadowRoot!.querySelector<HTMLElement>('latch-otp-input [slot="description"]')!;
    expect(text(description)).to.equal(`أرسلنا رمزًا إلى \u2066${e164}\u2069`);
    // Said once where it shows (the status region saying it too is visually hidden).
    expect(text(el.shadowRoot!.querySelector('[part="body"]')).split(e164).length - 1).to.equal(1);
    expect(part(el, 'status').getBoundingClientRect().width).to.be.at.most(1);
    // Laid out: the + is drawn left of the number's first digit (unisolated it went to its right).
    const node = [...description.childNodes].find((n) => n.textContent?.includes('+'))!;
    const at = node.textContent!.indexOf('+');
    const box = (start: number): DOMRect => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + 1);
      return range.getBoundingClientRect();
    };
    expect(box(at).left).to.be.lessThan(box(at + 1).left);
  });
});
