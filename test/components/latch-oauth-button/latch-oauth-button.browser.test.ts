// <latch-oauth-button> in Chromium against the emulator the test runner started: the attempt is
// prepared before the click, the popup opens inside the click itself (a real mouse click and a
// spy on window.open), a closed popup is reported and a new attempt prepared, a whole login
// through the emulator's PKCE provider, and the redirect fallback (an injected popup host, so
// the test page never navigates) finished on the way back.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { after, afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchOauthButton } from '../../../components/latch-oauth-button/latch-oauth-button.ts';
import { LatchErrorEvent, LatchLoginEvent } from '../../../components/internal/events.ts';
import { configure } from '../../../src/kit/configure.ts';
import type { LatchKit, PopupHost } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { pinBrowserLanguages, recordEvents, resetConfig } from '../support/helpers.ts';
import { consent, editingConfig, fakePopup, kitOptions, part, testKit, text, uniqueEmail, urls, type FakePopup } from '../latch-auth/kit-support.ts';

LatchOauthButton.define();

async function button(kit: LatchKit, provider = 'google', extra = html``): Promise<LatchOauthButton> {
  const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider=${provider} .kit=${kit}>${extra}</latch-oauth-button>`);
  await waitUntil(() => el.ready, 'the attempt is prepared');
  return el;
}

/** Clicks the middle of `el`'s button with the real (CDP) mouse: a trusted click with user activation. */
async function realClick(el: LatchOauthButton): Promise<void> {
  const rect = part(el, 'button').getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.x + rect.width / 2), Math.round(rect.y + rect.height / 2)] });
}

interface OpenCall {
  url: string;
  target: string;
  /** The page had transient user activation when the popup was asked for. */
  activated: boolean;
}

/** Replaces window.open with a spy that returns fake popups; call `restore()` when done. */
function spyOnOpen(): { calls: OpenCall[]; popups: FakePopup[]; restore: () => void } {
  const original = window.open;
  const calls: OpenCall[] = [];
  const popups: FakePopup[] = [];
  window.open = ((url: string, target: string) => {
    calls.push({ url: String(url), target, activated: navigator.userActivation.isActive });
    const popup = fakePopup(String(url));
    popups.push(popup);
    return popup as unknown as Window;
  }) as typeof window.open;
  return { calls, popups, restore: () => void (window.open = original) };
}

describe('<latch-oauth-button>', () => {
  let restoreLanguages: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
  });
  after(() => restoreLanguages());
  afterEach(() => {
    resetConfig();
    endFlow();
  });

  describe('accessibility', () => {
    it('passes axe, ready and with an error showing, in Arabic too', async () => {
      const el = await button(await testKit());
      await expect(el).to.be.accessible();
      const narrow = await fixture<LatchOauthButton>(
        html`<latch-oauth-button provider="x" locale="ar" .kit=${await testKit({ fetch: editingConfig({ enabledProviders: ['email'] }) })}></latch-oauth-button>`,
      );
      await waitUntil(() => text(part(narrow, 'error')) !== '', 'the preparation failed');
      await expect(narrow).to.be.accessible();
    });
  });

  describe('defaults', () => {
    it('is a labelled button with the provider logo, not busy, ready once the attempt is prepared', async () => {
      const kit = await testKit();
      const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="google" .kit=${kit}></latch-oauth-button>`);
      const control = part<HTMLButtonElement>(el, 'button');
      expect(control.type).to.equal('button');
      expect(text(part(el, 'label'))).to.equal('Continue with Google');
      expect(part(el, 'logo').getAttribute('aria-hidden')).to.equal('true');
      expect(part(el, 'logo').querySelectorAll('path')).to.have.length(4);
      expect(control.getAttribute('aria-busy')).to.equal('false');
      await waitUntil(() => el.ready, 'prepared');
      expect(control.getAttribute('aria-disabled')).to.equal('false');
      expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
      expect(text(part(el, 'error'))).to.equal('');
      expect(el.getAttribute('dir')).to.equal('ltr');
    });

    it('has a part on every meaningful node', async () => {
      const el = await button(await testKit());
      for (const name of ['base', 'button', 'logo', 'label', 'error']) expect(el.shadowRoot?.querySelector(`[part~="${name}"]`), name).to.be.instanceOf(Element);
    });

    it('names each provider and draws its logo', async () => {
      const kit = await testKit();
      const names = { google: 'Google', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord' };
      for (const [provider, name] of Object.entries(names)) {
        const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider=${provider} .kit=${kit}></latch-oauth-button>`);
        expect(text(part(el, 'label'))).to.equal(`Continue with ${name}`);
        expect(part(el, 'logo').querySelector('path')?.getAttribute('d')).to.match(/^M/);
      }
    });

    it('prepares the attempt before any click: a login key waits in the key store, and is deleted when the button goes', async () => {
      const keyStore = new MemoryKeyStore();
      const el = await button(await testKit({ keyStore }));
      expect(await keyStore.list()).to.have.length(1);
      el.remove();
      await waitUntil(async () => (await keyStore.list()).length === 0, 'the unused key is deleted');
    });
  });

  describe('attributes', () => {
    it('an unknown provider shows its name, no logo, and never becomes ready', async () => {
      const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="myspace" .kit=${await testKit()}></latch-oauth-button>`);
      await el.updateComplete;
      expect(text(part(el, 'label'))).to.equal('Continue with myspace');
      expect(el.shadowRoot?.querySelector('[part~="logo"]')).to.equal(null);
      expect(el.ready).to.equal(false);
      expect(part(el, 'button').getAttribute('aria-disabled')).to.equal('true');
    });

    it('starts its attempt in a task after its render, not inside it; one removed before then starts none', async () => {
      const kit = await testKit();
      const started: string[] = [];
      const prepare = kit.prepareOAuth.bind(kit);
      kit.prepareOAuth = (provider) => (started.push(provider), prepare(provider));
      const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="google" .kit=${kit}></latch-oauth-button>`);
      expect(part(el, 'button').getAttribute('aria-disabled'), 'rendered, not ready').to.equal('true');
      expect(started, 'nothing started in the render\'s task').to.deep.equal([]);
      await waitUntil(() => el.ready, 'prepared');
      expect(started).to.deep.equal(['google']);

      const gone = document.createElement('latch-oauth-button');
      gone.provider = 'apple';
      gone.kit = kit;
      document.body.append(gone);
      await gone.updateComplete;
      gone.remove();
      // A later timer than the button's own (0 ms, queued first): it has run by then.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(started, 'the removed button started nothing').to.deep.equal(['google']);
    });

    it('disabled prepares nothing; enabling prepares; changing the provider starts over', async () => {
      const keyStore = new MemoryKeyStore();
      const kit = await testKit({ keyStore });
      const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="apple" disabled .kit=${kit}></latch-oauth-button>`);
      expect(part<HTMLButtonElement>(el, 'button').disabled).to.equal(true);
      await kit.loadConfig();
      expect(el.ready).to.equal(false);
      expect(await keyStore.list()).to.have.length(0);
      el.disabled = false;
      await waitUntil(() => el.ready, 'prepared after enabling');
      const [first] = await keyStore.list();
      el.provider = 'facebook';
      await waitUntil(async () => el.ready && (await keyStore.list()).every((k) => k.id !== first!.id), 'a new attempt for the new provider');
      expect(await keyStore.list()).to.have.length(1);
    });

    it('proxy-url + config-id use the shared kit of that pair (the configure() kit when it is for the same pair)', async () => {
      const kit = configure(await kitOptions());
      const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="google" proxy-url=${urls.proxyUrl} config-id="demo"></latch-oauth-button>`);
      expect(el.resolvedKit === kit, 'the configured kit').to.equal(true);
      await waitUntil(() => el.ready, 'prepared with the configured kit');
      const bare = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="google"></latch-oauth-button>`);
      expect(bare.resolvedKit === kit, 'the configured kit').to.equal(true);
    });

    it('a provider the configuration does not enable shows why, fires nothing, and retries on click', async () => {
      const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="discord" .kit=${await testKit({ fetch: editingConfig({ enabledProviders: ['email'] }) })}></latch-oauth-button>`);
      const log = recordEvents(el, ['latch-error', 'latch-login']);
      await waitUntil(() => text(part(el, 'error')) !== '', 'the preparation failed');
      expect(text(part(el, 'error'))).to.equal('This login is not set up. Try again later.');
      expect(el.ready).to.equal(false);
      part(el, 'button').click();
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.equal('');
      await waitUntil(() => text(part(el, 'error')) !== '', 'tried again and failed again');
      expect(log.events).to.have.length(0);
      log.stop();
    });
  });

  describe('the popup', () => {
    it('opens synchronously inside a real click, with user activation, before the click finishes dispatching', async () => {
      const spy = spyOnOpen();
      const el = await button(await testKit(), 'google');
      let openedDuringClick: boolean | undefined;
      const onClick = (): void => void (openedDuringClick ??= spy.calls.length === 1);
      window.addEventListener('click', onClick);
      try {
        await realClick(el);
        expect(openedDuringClick, 'window.open ran before the click event left the page').to.equal(true);
        expect(spy.calls).to.have.length(1);
        expect(spy.calls[0]!.activated).to.equal(true);
        expect(spy.calls[0]!.url.startsWith(`${urls.oauthUrl}/google/authorize?`)).to.equal(true);
        expect(spy.calls[0]!.target).to.equal('latchkey-oauth-google');
        await el.updateComplete;
        expect(part(el, 'button').getAttribute('aria-busy')).to.equal('true');
        // On its own, the button says what to do while it waits (politely, for screen readers).
        expect(text(part(el, 'status'))).to.equal('Finish logging in in the new window.');
        expect(part(el, 'status').getAttribute('role')).to.equal('status');
        expect(el.ready).to.equal(false);
      } finally {
        window.removeEventListener('click', onClick);
        spy.popups.forEach((p) => p.close());
        spy.restore();
      }
    });

    it('a popup closed before finishing fires latch-error ERR_OAUTH_POPUP_CLOSED, shows it, and prepares a new attempt', async () => {
      const spy = spyOnOpen();
      try {
        const el = await button(await testKit(), 'apple');
        await realClick(el);
        expect(spy.calls).to.have.length(1);
        const failed = oneEvent(el, 'latch-error');
        spy.popups[0]!.close();
        const event = await failed;
        expect(event).to.be.instanceOf(LatchErrorEvent);
        expect(event.detail.error.code).to.equal('ERR_OAUTH_POPUP_CLOSED');
        expect(event.bubbles && event.composed).to.equal(true);
        await el.updateComplete;
        expect(text(part(el, 'error'))).to.equal('The login window closed early. Try again.');
        expect(part(el, 'button').getAttribute('aria-busy')).to.equal('false');
        expect(text(part(el, 'status')), 'the wait is over').to.equal('');
        await waitUntil(() => el.ready, 'a new attempt is prepared');
        // The retry opens a new attempt (a new state) without a reload.
        await realClick(el);
        expect(spy.calls).to.have.length(2);
        const state = (url: string): string | null => new URL(url).searchParams.get('state');
        expect(state(spy.calls[1]!.url)).to.not.equal(state(spy.calls[0]!.url));
        expect(text(part(el, 'error'))).to.equal('');
      } finally {
        spy.popups.forEach((p) => p.close());
        spy.restore();
      }
    });

    it('Enter and Space on the focused button open the popup too', async () => {
      const spy = spyOnOpen();
      try {
        const el = await button(await testKit(), 'x');
        part(el, 'button').focus();
        await sendKeys({ press: 'Enter' });
        expect(spy.calls).to.have.length(1);
        spy.popups[0]!.close();
        await waitUntil(() => el.ready, 'prepared again');
        await sendKeys({ press: ' ' });
        expect(spy.calls).to.have.length(2);
        expect(spy.calls.every((c) => c.activated)).to.equal(true);
      } finally {
        spy.popups.forEach((p) => p.close());
        spy.restore();
      }
    });

    it('logs in through the emulator provider (Discord, PKCE): latch-login with created true, then false for the same person', async () => {
      const email = uniqueEmail('oauth.popup');
      const popups: FakePopup[] = [];
      // The provider's pages are driven with fetch; the popup "lands" where the consent redirects.
      const popupHost: PopupHost = {
        open: (url) => {
          const popup = fakePopup(url);
          popups.push(popup);
          void consent(url, email).then((landed) => popup.land(landed));
          return popup;
        },
        assign: () => expect.fail('no redirect expected'),
      };
      const el = await button(await testKit({ popupHost, oauthRedirectUri: `${urls.apiUrl}/__keys` }), 'discord');
      const first = oneEvent(el, 'latch-login');
      part(el, 'button').click();
      const login = await first;
      expect(login).to.be.instanceOf(LatchLoginEvent);
      expect(login.detail.created).to.equal(true);
      expect(login.detail.session.userId).to.be.a('string');
      expect(login.detail.session.expiresAt).to.be.greaterThan(Date.now());
      expect(popups[0]!.closed).to.equal(true);

      await waitUntil(() => el.ready, 'prepared again');
      const second = oneEvent(el, 'latch-login');
      part(el, 'button').click();
      const again = await second;
      expect(again.detail.created).to.equal(false);
      expect(again.detail.session.organizationId).to.equal(login.detail.session.organizationId);
    });
  });

  describe('redirect fallback', () => {
    const original = location.href;
    afterEach(() => history.replaceState(history.state, '', original));

    it('a blocked popup sends the page to the provider; back on the page, the button finishes the login', async () => {
      const email = uniqueEmail('oauth.redirect');
      const keyStore = new MemoryKeyStore();
      const assigned: string[] = [];
      const blocked: PopupHost = { open: () => null, assign: (url) => void assigned.push(url) };
      const redirect = { keyStore, oauthRedirectUri: `${urls.apiUrl}/__keys` };
      const el = await button(await testKit({ ...redirect, popupHost: blocked }), 'x');
      const log = recordEvents(el, ['latch-error', 'latch-login']);
      part(el, 'button').click();
      expect(assigned).to.have.length(1);
      expect(assigned[0]!.startsWith(`${urls.oauthUrl}/x/authorize?`)).to.equal(true);
      await el.updateComplete;
      // The page is leaving: the button stays busy and nothing is reported.
      expect(part(el, 'button').getAttribute('aria-busy')).to.equal('true');
      expect(text(part(el, 'status'))).to.equal('Taking you to the login page…');
      expect(log.events).to.have.length(0);
      log.stop();

      // The provider answers; the "reloaded" page (a new kit over the same key store and
      // sessionStorage) carries the answer in its URL.
      const landed = new URL(await consent(assigned[0]!, email));
      history.replaceState(history.state, '', `${location.pathname}${location.search}&${landed.search.slice(1)}`);
      const reloaded = await testKit(redirect);
      const back = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="x" .kit=${reloaded}></latch-oauth-button>`);
      const login = await oneEvent(back, 'latch-login');
      expect(login.detail.created).to.equal(true);
      expect(location.search).to.not.contain('code=');
      expect(location.search).to.not.contain('state=');
    });

    it('a refusal that comes back by redirect is shown and fired as latch-error', async () => {
      const keyStore = new MemoryKeyStore();
      const assigned: string[] = [];
      const redirect = { keyStore, popupHost: { open: () => null, assign: (url: string) => void assigned.push(url) } };
      const el = await button(await testKit(redirect), 'google');
      part(el, 'button').click();
      const state = new URL(assigned[0]!).searchParams.get('state')!;
      history.replaceState(history.state, '', `${location.pathname}${location.search}#error=access_denied&state=${encodeURIComponent(state)}`);
      const back = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="google" .kit=${await testKit({ keyStore })}></latch-oauth-button>`);
      const failed = await oneEvent(back, 'latch-error');
      expect(failed.detail.error.code).to.equal('ERR_OAUTH_DENIED');
      await back.updateComplete;
      expect(text(part(back, 'error'))).to.equal('Access was not granted. Try again or use another method.');
      expect(location.hash).to.equal('');
    });
  });

  describe('translations', () => {
    it('Spanish and Arabic (right to left); the brand name is never translated', async () => {
      const kit = await testKit();
      const es = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="facebook" locale="es" .kit=${kit}></latch-oauth-button>`);
      expect(text(part(es, 'label'))).to.equal('Continuar con Facebook');
      const ar = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="facebook" locale="ar" .kit=${kit}></latch-oauth-button>`);
      expect(ar.getAttribute('dir')).to.equal('rtl');
      expect(text(part(ar, 'label'))).to.equal('المتابعة باستخدام Facebook');
    });
  });
});
