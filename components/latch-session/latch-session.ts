import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { LatchError } from '../../src/errors/latch-error.ts';
import type { LatchKit, LogoutDetail, SessionExpiringDetail } from '../../src/kit/latch-kit.ts';
import type { SessionSummary, SigningSession } from '../../src/session/signing-session.ts';
import { $session } from '../../src/state/session-state.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { CopyController } from '../internal/copy-controller.ts';
import { shortId } from '../internal/copy-text.ts';
import { CountdownController } from '../internal/countdown-controller.ts';
import { LatchErrorEvent, LatchLogoutEvent, LatchSessionExpiringEvent } from '../internal/events.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import { StoreController } from '../internal/store-controller.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { panelStyles } from '../styles/panel-styles.ts';
import './latch-session.messages.ts';
import { sessionStyles } from './latch-session.styles.ts';

/** Seconds left at which the time left is announced to screen readers (once each, when crossed). */
const ANNOUNCE_AT = [300, 60] as const;

/** `3725` → `1:02:05`, `65` → `1:05`, with the locale's digits. */
export function formatTimeLeft(locale: string, seconds: number): string {
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(locale, { useGrouping: false });
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = two.format(s % 60);
  return h > 0 ? `${one.format(h)}:${two.format(m)}:${rest}` : `${one.format(m)}:${rest}`;
}

/**
 * @summary Who is logged in and for how long: the organization, the user (short id, with a copy
 * button), the kind of session and a live countdown, with Refresh and Log out buttons.
 *
 * It follows the kit's session (`kit`, else the shared kit of `proxy-url` + `config-id`, else the
 * one `configure()` set) and, on connection, asks the kit to restore a session an earlier page
 * load left. The countdown is a `timer` (not read out every second); screen readers hear the
 * time left when five minutes and one minute remain, and when the session is extended or ends.
 * With `auto-refresh` it refreshes the session before expiry without a click, as the kit's
 * `autoRefresh` option does (whose `beforeExpiryMs` it follows); its code loads only then.
 *
 * @slot header - Above the session (a title, a logo).
 * @slot footer - Below the session (legal text, links).
 * @slot empty - Shown when nobody is logged in. Default: "You are not logged in.", translated.
 *
 * @event {LatchSessionExpiringEvent} latch-session-expiring - The session ends soon (`detail.expiresAt`, ms since the epoch): offer a refresh. Relayed from the kit.
 * @event {LatchLogoutEvent} latch-logout - The user pressed Log out and the session has ended (this element's button only; for logouts from elsewhere listen to the kit's `logout`).
 * @event {LatchErrorEvent} latch-error - Refresh or Log out failed (`detail.error.code`), or an automatic refresh gave up; the element also shows the message.
 *
 * @csspart base - The wrapper.
 * @csspart title - "You are logged in" (the user id is in its row, once).
 * @csspart status - "Extending your session…" or "Logging you out…" while the button waits (also announced).
 * @csspart details - The list of facts (a `<dl>`).
 * @csspart row - One fact: its term and value.
 * @csspart term - A fact's name.
 * @csspart organization - The organization id (short form; the full id in `title`).
 * @csspart user-id - The user id (short form; the full id in `title`).
 * @csspart copy - The button that copies the full user id.
 * @csspart type - The kind of session (read and write, read only).
 * @csspart time-left - The live countdown (`role="timer"`).
 * @csspart actions - The row of buttons.
 * @csspart refresh - The Refresh button.
 * @csspart logout - The Log out button.
 * @csspart empty - The empty state's container.
 * @csspart error - The error message, an assertive live region.
 * @csspart announcer - The visually hidden polite live region.
 *
 * @cssproperty --gap - Space between the parts. Default: `--latch-space-md`.
 */
export class LatchSession extends LatchKitAwareElement {
  static override readonly tag = 'latch-session';
  static override styles = [LatchElement.styles, panelStyles, sessionStyles];

  readonly #store = new StoreController(this, $session);
  readonly #announcer = new AnnouncerController(this);
  readonly #countdown = new CountdownController(this);
  readonly #copier = new CopyController<'user-id'>(this);
  #bound: LatchKit | undefined;
  #deadline = 0;
  #lastRemaining = 0;
  #busy: 'refresh' | 'logout' | null = null;
  #error: LatchError | null = null;
  #expiring = false;
  #loggingOut = false;
  /** The session refreshed automatically (`auto-refresh`), and how to stop that. */
  #autoSession: SigningSession | null = null;
  #stopAuto: () => void = () => {};

  /**
   * Refresh the session before it expires, in a visible tab, once across the origin's tabs
   * (see the kit's `autoRefresh` option). Default false: the user clicks Refresh.
   */
  @property({ type: Boolean, attribute: 'auto-refresh' }) autoRefresh = false;

  /** The session shown now (ids and expiry, nothing that can sign), or null. */
  get summary(): SessionSummary | null {
    const kit = this.resolvedKit;
    return kit ? (kit.session?.summary ?? null) : this.#store.value;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#bind(this.resolvedKit);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#bind(undefined);
    this.#followAutoRefresh();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#followAutoRefresh();
  }

  /** With `auto-refresh`, keeps the kit's current session refreshed (a lazy chunk), and only it. */
  #followAutoRefresh(): void {
    const kit = this.resolvedKit;
    const session = this.autoRefresh && this.isConnected ? (kit?.session ?? null) : null;
    if (session === this.#autoSession) return;
    this.#stopAuto();
    this.#autoSession = session;
    this.#stopAuto = () => {};
    if (!kit || !session) return;
    const stop = import('../../src/kit/kit-auto-refresh.ts').then((m) =>
      m.follow(kit, session, (error) => {
        this.#fail(error);
        this.requestUpdate();
      }),
    );
    this.#stopAuto = () => void stop.then((end) => end());
  }

  #bind(kit: LatchKit | undefined): void {
    if (kit === this.#bound) return;
    this.#bound?.removeEventListener('session-expiring', this.#onExpiring);
    this.#bound?.removeEventListener('logout', this.#onLogout);
    this.#bound?.removeEventListener('login', this.#onLogin);
    this.#bound = kit;
    if (!kit) return;
    kit.addEventListener('session-expiring', this.#onExpiring);
    kit.addEventListener('logout', this.#onLogout);
    kit.addEventListener('login', this.#onLogin);
    // A session an earlier page load left (after a reload). Failures are the kit's to report.
    if (!kit.session) void kit.restoreSession().then(() => this.requestUpdate(), () => undefined);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (this.isConnected) this.#bind(this.resolvedKit);
    const summary = this.summary;
    const deadline = summary?.expiresAt ?? 0;
    if (deadline !== this.#deadline) {
      // A new session, a refresh, or a logout: restart the count without announcing it.
      this.#deadline = deadline;
      this.#expiring = false;
      if (deadline > 0) this.#countdown.start((deadline - Date.now()) / 1000);
      else this.#countdown.stop();
      this.#lastRemaining = this.#countdown.remaining;
      return;
    }
    const remaining = this.#countdown.remaining;
    const crossed = ANNOUNCE_AT.find((mark) => this.#lastRemaining > mark && remaining <= mark && remaining > 0);
    if (crossed !== undefined) this.#announcer.announce(this.t('session.endsIn', { count: Math.ceil(remaining / 60) }));
    this.#lastRemaining = remaining;
  }

  protected override render(): TemplateResult {
    const summary = this.summary;
    return html`
      <div part="base" class="base" aria-busy=${this.#busy ? 'true' : 'false'}>
        <slot name="header"></slot>
        ${summary ? this.#renderSession(summary) : this.#renderEmpty()}
        <div part="error" class="error" aria-live="assertive" aria-atomic="true">${this.#error ? this.errorText(this.#error) : nothing}</div>
        <slot name="footer"></slot>
        ${this.#announcer.render()}
      </div>
    `;
  }

  #renderSession(summary: SessionSummary): TemplateResult {
    const typeKey = `session.type.${summary.sessionType}` as MessageKey;
    const type = summary.sessionType === 'SESSION_TYPE_READ_WRITE' || summary.sessionType === 'SESSION_TYPE_READ_ONLY' ? this.t(typeKey) : summary.sessionType;
    const busy = this.#busy !== null;
    return html`
      <p part="title" class="title">${this.t('session.title')}</p>
      <dl part="details" class="details">
        <div part="row" class="row">
          <dt part="term">${this.t('session.organization')}</dt>
          <dd><span part="organization" class="id" title=${summary.organizationId}>${shortId(summary.organizationId)}</span></dd>
        </div>
        <div part="row" class="row">
          <dt part="term">${this.t('session.user')}</dt>
          <dd>
            <span part="user-id" class="id" title=${summary.userId}>${shortId(summary.userId)}</span>
            <button part="copy" class="copy" type="button" aria-label=${this.t('session.copyUserId')} @click=${this.#copy}>
              ${this.t(this.#copier.isCopied('user-id') ? 'common.copied' : 'common.copy')}
            </button>
          </dd>
        </div>
        <div part="row" class="row">
          <dt part="term">${this.t('session.type')}</dt>
          <dd part="type">${type}</dd>
        </div>
        <div part="row" class="row">
          <dt part="term" id="time-left-label">${this.t('session.timeLeft')}</dt>
          <dd>
            <span part="time-left" class="time-left" role="timer" aria-labelledby="time-left-label time-left" id="time-left" ?data-expiring=${this.#expiring}>
              ${formatTimeLeft(this.resolvedLocale, this.#countdown.remaining)}
            </span>
          </dd>
        </div>
      </dl>
      <div part="actions" class="actions">
        <button part="refresh" class="button ${this.#expiring ? 'primary' : ''}" type="button" aria-disabled=${busy ? 'true' : 'false'} aria-busy=${this.#busy === 'refresh' ? 'true' : 'false'} @click=${this.#refresh}>
          ${this.t(this.#expiring ? 'session.stay' : 'session.refresh')}
        </button>
        <button part="logout" class="button" type="button" aria-disabled=${busy ? 'true' : 'false'} aria-busy=${this.#busy === 'logout' ? 'true' : 'false'} @click=${this.#logout}>${this.t('session.logout')}</button>
      </div>
      ${this.#busy ? html`<p part="status" class="status">${this.t(this.#busy === 'refresh' ? 'session.refreshing' : 'session.loggingOut')}</p>` : nothing}
    `;
  }

  #renderEmpty(): TemplateResult {
    return html`<div part="empty" class="empty" tabindex="-1"><slot name="empty">${this.t('session.empty')}</slot></div>`;
  }

  #fail(error: unknown): void {
    const latch = error instanceof LatchError ? error : new LatchError('ERR_SESSION_MISSING', 'The session action failed.', { cause: error });
    this.#error = latch;
    this.dispatchEvent(new LatchErrorEvent({ error: latch }));
  }

  async #refresh(): Promise<void> {
    const kit = this.resolvedKit;
    if (this.#busy || !kit) return;
    this.#busy = 'refresh';
    this.#error = null;
    this.#announcer.announce(this.t('session.refreshing'));
    this.requestUpdate();
    try {
      await kit.refresh();
      this.#announcer.announce(this.t('session.refreshed'));
    } catch (error) {
      this.#fail(error);
    } finally {
      this.#busy = null;
      this.requestUpdate();
    }
  }

  async #logout(): Promise<void> {
    const kit = this.resolvedKit;
    if (this.#busy || !kit) return;
    this.#busy = 'logout';
    this.#error = null;
    this.#loggingOut = true;
    this.#announcer.announce(this.t('session.loggingOut'));
    this.requestUpdate();
    try {
      await kit.logout();
    } catch (error) {
      this.#fail(error);
      return;
    } finally {
      this.#busy = null;
      this.#loggingOut = false;
      this.requestUpdate();
    }
    this.#announcer.announce(this.t('session.loggedOut'));
    this.dispatchEvent(new LatchLogoutEvent());
    // The button that had focus is gone: focus lands on what replaced it.
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part="empty"]')?.focus();
  }

  async #copy(): Promise<void> {
    const id = this.summary?.userId;
    if (id && (await this.#copier.copy(id, 'user-id'))) this.#announcer.announce(this.t('common.copied'));
  }

  readonly #onExpiring = (event: CustomEvent<SessionExpiringDetail>): void => {
    this.#expiring = true;
    this.requestUpdate();
    this.dispatchEvent(new LatchSessionExpiringEvent({ expiresAt: event.detail.expiresAt }));
  };

  readonly #onLogout = (event: CustomEvent<LogoutDetail>): void => {
    // This element's own logout announces itself; an expiry or another tab's logout is news.
    if (!this.#loggingOut && event.detail.reason !== 'user') this.#announcer.announce(this.t('session.ended'));
    this.requestUpdate();
  };

  readonly #onLogin = (): void => {
    this.#error = null;
    this.requestUpdate();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-session': LatchSession;
  }
}
