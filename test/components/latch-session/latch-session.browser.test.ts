// <latch-session> in Chromium: a real kit logged in on the emulator (driven directly), refresh
// swapping the key, logout and its event, the relayed expiring event; a stand-in kit only where
// real time would be needed (the one-minute announcement, an expiry, a refused refresh).
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchErrorEvent, LatchLogoutEvent, LatchSessionExpiringEvent } from '../../../components/internal/events.ts';
import { LatchSession, formatTimeLeft } from '../../../components/latch-session/latch-session.ts';
import { shortId } from '../../../components/internal/copy-text.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { $defaultKit, configure } from '../../../src/kit/configure.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import type { SessionSummary } from '../../../src/session/signing-session.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { recordEvents, resetConfig, testConfig } from '../support/helpers.ts';
import { has, part, text } from '../support/shadow.ts';
import { disposeKits, emulatorKitOptions, emulatorUrls, signUpWithKit, testKit } from '../support/emulator-kit.ts';

LatchSession.define();

const EVENTS = ['latch-logout', 'latch-session-expiring', 'latch-error'] as const;


/** A stand-in kit for what cannot be had from the emulator in test time (time passing, a refused refresh). */
class StubKit extends EventTarget {
  session: { summary: SessionSummary | null } | null;
  refreshes = 0;
  failRefresh: LatchError | null = null;
  constructor(summary: SessionSummary | null) {
    super();
    this.session = summary ? { summary } : null;
  }
  async restoreSession(): Promise<unknown> {
    return this.session;
  }
  async refresh(): Promise<void> {
    this.refreshes += 1;
    if (this.failRefresh) throw this.failRefresh;
  }
  async logout(): Promise<void> {
    this.session = null;
    this.dispatchEvent(new CustomEvent('logout', { detail: { reason: 'user' } }));
  }
  end(reason: 'expired' | 'remote'): void {
    this.session = null;
    this.dispatchEvent(new CustomEvent('logout', { detail: { reason } }));
  }
  asKit(): LatchKit {
    return this as unknown as LatchKit;
  }
}

function summaryEnding(inMs: number): SessionSummary {
  return {
    organizationId: 'f4a1c9e2-51b7-4c6d-9e0a-0123456789ab',
    userId: '7d3e8b21-aa44-4f10-8c2e-ba9876543210',
    publicKey: '02' + 'ab'.repeat(32),
    sessionType: 'SESSION_TYPE_READ_WRITE',
    expiresAt: Date.now() + inMs,
  };
}

async function loggedInKit(extra: Parameters<typeof testKit>[0] = {}): Promise<LatchKit> {
  const kit = await testKit(extra);
  await signUpWithKit(kit);
  return kit;
}

describe('<latch-session>', () => {
  afterEach(() => {
    disposeKits();
    setSession(null);
    endFlow();
    resetConfig();
  });

  describe('accessibility', () => {
    it('passes axe with nobody logged in', async () => {
      const el = await fixture<LatchSession>(html`<latch-session .kit=${new StubKit(null).asKit()}></latch-session>`);
      await expect(el).to.be.accessible();
    });

    it('passes axe logged in, in English and in Arabic, and in dark mode', async () => {
      const kit = await loggedInKit();
      const en = await fixture<LatchSession>(html`<latch-session .kit=${kit}></latch-session>`);
      await expect(en).to.be.accessible();
      const ar = await fixture<LatchSession>(html`<latch-session locale="ar" .kit=${kit}></latch-session>`);
      await expect(ar).to.be.accessible();
      const dark = await fixture<LatchSession>(html`<latch-session .kit=${kit} .config=${testConfig({ theme: { darkMode: true } })}></latch-session>`);
      await expect(dark).to.be.accessible();
    });
  });

  describe('defaults', () => {
    it('without a session shows the empty state (and without any kit too)', async () => {
      const el = await fixture<LatchSession>(html`<latch-session .kit=${new StubKit(null).asKit()}></latch-session>`);
      expect(el.summary).to.equal(null);
      expect(text(part(el, 'empty'))).to.equal('You are not logged in.');
      expect(has(el, 'logout') || has(el, 'refresh') || has(el, 'details')).to.equal(false);
      expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
      expect(el.getAttribute('dir')).to.equal('ltr');
      const bare = await fixture<LatchSession>(html`<latch-session></latch-session>`);
      expect(has(bare, 'empty')).to.equal(true);
    });

    it('the empty, header and footer slots take the page content', async () => {
      const el = await fixture<LatchSession>(html`<latch-session .kit=${new StubKit(null).asKit()}>
        <h2 slot="header">Account</h2>
        <a slot="empty" href="#login">Log in</a>
        <small slot="footer">Terms</small>
      </latch-session>`);
      const slot = (name: string) => el.shadowRoot!.querySelector<HTMLSlotElement>(`slot[name="${name}"]`)!;
      expect(slot('empty').assignedElements().map((e) => e.textContent)).to.deep.equal(['Log in']);
      expect(slot('header').assignedElements().map((e) => e.textContent)).to.deep.equal(['Account']);
      expect(slot('footer').assignedElements().map((e) => e.textContent)).to.deep.equal(['Terms']);
    });

    it('after a login through the kit shows the organization, the user, the access and a countdown', async () => {
      const kit = await loggedInKit();
      const summary = kit.session!.summary!;
      const el = await fixture<LatchSession>(html`<latch-session .kit=${kit}></latch-session>`);
      expect(el.summary).to.deep.equal(summary);
      expect(text(part(el, 'title'))).to.equal('You are logged in');
      expect(text(part(el, 'user-id'))).to.equal(shortId(summary.userId));
      // The short id is said once, in its row (the title once repeated it).
      expect(text(part(el, 'base')).split(shortId(summary.userId)).length - 1).to.equal(1);
      expect(part(el, 'user-id').title).to.equal(summary.userId);
      expect(text(part(el, 'organization'))).to.equal(shortId(summary.organizationId));
      expect(part(el, 'organization').title).to.equal(summary.organizationId);
      expect(text(part(el, 'type'))).to.equal('Read and write');
      const timer = part(el, 'time-left');
      expect(timer.getAttribute('role')).to.equal('timer');
      expect(timer.hasAttribute('aria-live'), 'a timer is not read out every second').to.equal(false);
      expect(text(timer)).to.match(/^1[45]:\d\d$/);
      expect(text(part(el, 'refresh'))).to.equal('Refresh session');
      expect(text(part(el, 'logout'))).to.equal('Log out');
      expect(part(el, 'copy').getAttribute('aria-label')).to.equal('Copy user ID');
      expect(text(part(el, 'announcer')), 'nothing announced on arrival').to.equal('');
      for (const name of ['base', 'title', 'details', 'row', 'term', 'organization', 'user-id', 'copy', 'type', 'time-left', 'actions', 'refresh', 'logout', 'error', 'announcer']) {
        expect(has(el, name), name).to.equal(true);
      }
    });

    it('follows a login that happens while it is on the page', async () => {
      const kit = await testKit();
      const el = await fixture<LatchSession>(html`<latch-session .kit=${kit}></latch-session>`);
      expect(has(el, 'empty')).to.equal(true);
      await signUpWithKit(kit);
      await waitUntil(() => has(el, 'user-id'), 'the session appears');
      expect(text(part(el, 'user-id'))).to.equal(shortId(kit.session!.summary!.userId));
    });
  });

  describe('attributes', () => {
    it('proxy-url + config-id pick the shared kit (the configured one for that pair); no attributes use configure()', async () => {
      const urls = emulatorUrls();
      const kit = configure(await emulatorKitOptions());
      try {
        await signUpWithKit(kit);
        const userId = kit.session!.summary!.userId;
        const paired = await fixture<LatchSession>(html`<latch-session proxy-url=${urls.proxyUrl} config-id="demo"></latch-session>`);
        expect(paired.summary?.userId).to.equal(userId);
        const plain = await fixture<LatchSession>(html`<latch-session></latch-session>`);
        expect(plain.summary?.userId).to.equal(userId);
        const other = await fixture<LatchSession>(html`<latch-session proxy-url=${urls.proxyUrl} config-id="another"></latch-session>`);
        expect(other.summary).to.equal(null);
      } finally {
        await kit.logout();
        kit.dispose();
      }
    });

    it('connected before configure(): shows the session of the kit configure() sets later', async () => {
      $defaultKit.set(undefined);
      const el = await fixture<LatchSession>(html`<latch-session></latch-session>`);
      expect(el.summary).to.equal(null);
      const kit = configure(await emulatorKitOptions());
      try {
        await signUpWithKit(kit);
        await waitUntil(() => el.summary?.userId === kit.session!.summary!.userId, 'the element follows the new page kit');
      } finally {
        await kit.logout();
        kit.dispose();
      }
    });

    it('locale speaks Spanish and Arabic (right to left)', async () => {
      const kit = await loggedInKit();
      const es = await fixture<LatchSession>(html`<latch-session locale="es" .kit=${kit}></latch-session>`);
      expect(text(part(es, 'logout'))).to.equal('Cerrar sesión');
      expect(text(part(es, 'type'))).to.equal('Lectura y escritura');
      const ar = await fixture<LatchSession>(html`<latch-session locale="ar" .kit=${kit}></latch-session>`);
      expect(text(part(es, 'title'))).to.equal('Has iniciado sesión');
      expect(ar.getAttribute('dir')).to.equal('rtl');
      expect(text(part(ar, 'title'))).to.equal('لقد سجّلت الدخول');
      expect(text(part(ar, 'logout'))).to.equal('تسجيل الخروج');
      // The locale's own digits (Latin for plain `ar` in current CLDR, Arabic-Indic for ar-EG).
      expect(text(part(ar, 'time-left'))).to.match(/^[0-9\u0660-\u0669]+:[0-9\u0660-\u0669]{2}$/);
      // The buttons row mirrors: Refresh (first) sits on the right.
      expect(part(ar, 'refresh').getBoundingClientRect().left).to.be.greaterThan(part(ar, 'logout').getBoundingClientRect().left);
    });

    it('formats the time left as m:ss or h:mm:ss', () => {
      expect(formatTimeLeft('en', 65)).to.equal('1:05');
      expect(formatTimeLeft('en', 3725)).to.equal('1:02:05');
      expect(formatTimeLeft('en', -3)).to.equal('0:00');
      expect(formatTimeLeft('ar-EG', 65)).to.equal('١:٠٥');
    });
  });

  describe('actions and events', () => {
    it('Refresh swaps the session key and says so', async () => {
      const kit = await loggedInKit();
      const before = kit.session!.publicKey;
      const el = await fixture<LatchSession>(html`<latch-session .kit=${kit}></latch-session>`);
      const log = recordEvents(el, EVENTS);
      part(el, 'refresh').click();
      await el.updateComplete;
      expect(part(el, 'base').getAttribute('aria-busy')).to.equal('true');
      expect(part(el, 'refresh').getAttribute('aria-disabled')).to.equal('true');
      // The wait shows and is announced; both go when it ends.
      expect(part(el, 'refresh').getAttribute('aria-busy')).to.equal('true');
      expect(text(part(el, 'status'))).to.equal('Extending your session…');
      expect(text(part(el, 'announcer'))).to.equal('Extending your session…');
      await waitUntil(() => text(part(el, 'announcer')) === 'Your session was extended.', 'the refresh finishes');
      expect(has(el, 'status')).to.equal(false);
      expect(kit.session!.publicKey).to.not.equal(before);
      expect(el.summary?.publicKey).to.equal(kit.session!.publicKey);
      expect(part(el, 'base').getAttribute('aria-busy')).to.equal('false');
      expect(text(part(el, 'error'))).to.equal('');
      expect(log.events).to.have.length(0);
      log.stop();
    });

    it('Log out ends the session, fires latch-logout once, shows the empty state and keeps focus in the element', async () => {
      const kit = await loggedInKit();
      const el = await fixture<LatchSession>(html`<latch-session .kit=${kit}></latch-session>`);
      const log = recordEvents(el, EVENTS);
      const logout = part(el, 'logout');
      logout.focus();
      const fired = oneEvent(el, 'latch-logout');
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      if (has(el, 'logout')) expect(text(part(el, 'status'))).to.equal('Logging you out…');
      const event = await fired;
      expect(event).to.be.instanceOf(LatchLogoutEvent);
      expect(event.bubbles && event.composed).to.equal(true);
      await el.updateComplete;
      expect(kit.session).to.equal(null);
      expect(has(el, 'empty')).to.equal(true);
      expect(has(el, 'logout')).to.equal(false);
      expect(el.shadowRoot!.activeElement).to.equal(part(el, 'empty'));
      expect(text(part(el, 'announcer'))).to.equal('You logged out.');
      expect(log.events.map((e) => e.type)).to.deep.equal(['latch-logout']);
      log.stop();
    });

    it('relays the kit’s session-expiring as latch-session-expiring and offers to stay logged in', async () => {
      // The session lasts 900 s: a lead of 899.5 s makes "expiring" come half a second after the login.
      const kit = await loggedInKit({ sessionExpiringLeadMs: 899_500 });
      const el = await fixture<LatchSession>(html`<latch-session .kit=${kit}></latch-session>`);
      const event = await oneEvent(el, 'latch-session-expiring');
      expect(event).to.be.instanceOf(LatchSessionExpiringEvent);
      expect(event.detail.expiresAt).to.equal(kit.session!.summary!.expiresAt);
      await el.updateComplete;
      expect(text(part(el, 'refresh'))).to.equal('Stay logged in');
      expect(part(el, 'time-left').hasAttribute('data-expiring')).to.equal(true);
    });

    it('copies the full user id', async () => {
      const kit = await loggedInKit();
      const el = await fixture<LatchSession>(html`<latch-session .kit=${kit}></latch-session>`);
      const copied: string[] = [];
      const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (value: string) => void copied.push(value) } });
      try {
        part(el, 'copy').click();
        await waitUntil(() => text(part(el, 'copy')) === 'Copied');
        expect(copied).to.deep.equal([kit.session!.summary!.userId]);
        expect(text(part(el, 'announcer'))).to.equal('Copied');
      } finally {
        delete (navigator as { clipboard?: unknown }).clipboard;
        if (original && !('clipboard' in navigator)) Object.defineProperty(Navigator.prototype, 'clipboard', original);
      }
    });
  });

  describe('announcements and errors', () => {
    it('announces one minute left when the countdown crosses it (and not before)', async () => {
      const stub = new StubKit(summaryEnding(61_500));
      const el = await fixture<LatchSession>(html`<latch-session .kit=${stub.asKit()}></latch-session>`);
      expect(text(part(el, 'announcer'))).to.equal('');
      expect(text(part(el, 'time-left'))).to.equal('1:02');
      await waitUntil(() => text(part(el, 'announcer')) !== '', 'an announcement', { timeout: 5000 });
      expect(text(part(el, 'announcer'))).to.equal('Your session ends in 1 minute.');
    });

    it('an expiry (or another tab’s logout) empties the element and says so, without latch-logout', async () => {
      const stub = new StubKit(summaryEnding(600_000));
      const el = await fixture<LatchSession>(html`<latch-session .kit=${stub.asKit()}></latch-session>`);
      const log = recordEvents(el, EVENTS);
      stub.end('expired');
      await el.updateComplete;
      expect(has(el, 'empty')).to.equal(true);
      expect(text(part(el, 'announcer'))).to.equal('Your session has ended. Log in again to continue.');
      expect(log.events).to.have.length(0);
      log.stop();
    });

    it('a refused refresh shows the translated error and fires latch-error', async () => {
      const stub = new StubKit(summaryEnding(600_000));
      stub.failRefresh = new LatchError('ERR_SESSION_REFRESH', 'Refused.');
      const el = await fixture<LatchSession>(html`<latch-session locale="es" .kit=${stub.asKit()}></latch-session>`);
      const fired = oneEvent(el, 'latch-error');
      part(el, 'refresh').click();
      const event = await fired;
      expect(event).to.be.instanceOf(LatchErrorEvent);
      expect(event.detail.error.code).to.equal('ERR_SESSION_REFRESH');
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.equal('No se pudo ampliar tu sesión. Inténtalo de nuevo.');
      expect(has(el, 'user-id'), 'the session is still shown').to.equal(true);
    });

    it('a refresh that fails on the network (real kit) keeps the old key and reports the failure', async () => {
      let offline = false;
      const kit = await loggedInKit({
        fetch: (input, init) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init)),
      });
      const before = kit.session!.publicKey;
      const el = await fixture<LatchSession>(html`<latch-session .kit=${kit}></latch-session>`);
      offline = true;
      const fired = oneEvent(el, 'latch-error');
      part(el, 'refresh').click();
      const event = await fired;
      expect(event.detail.error.code).to.equal('ERR_SESSION_REFRESH');
      await el.updateComplete;
      expect(kit.session!.publicKey).to.equal(before);
      expect(text(part(el, 'error'))).to.equal('Your session could not be extended. Try again.');
      offline = false;
    });
  });
});
