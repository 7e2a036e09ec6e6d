/**
 * `<latch-auth>`'s logged-in view: who is logged in (an initials avatar, their name or contact,
 * the organization), Continue and Log out. Loaded only once a session exists, so a login page
 * that nobody is logged in on never downloads it; its strings and styles come with it.
 */
import { css, html, nothing, type CSSResult, type TemplateResult } from 'lit';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import type { SessionSummary } from '../../src/session/signing-session.ts';
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message, MessageKey, MessageParams } from '../i18n/messages.ts';
import { LatchContinueEvent } from './latch-continue-event.ts';

const en = {
  'account.title': 'You are logged in',
  'account.continue': 'Continue',
  'account.loggedOut': 'You logged out.',
  'account.ended': 'You are logged out: log in again to continue.',
} as const satisfies Readonly<Record<string, Message>>;

type AccountCatalogue = { readonly [Key in keyof typeof en]: Message };

declare module '../i18n/messages.ts' {
  // Augmentation: these keys join the ones t() accepts once this module is part of the program.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends AccountCatalogue {}
}

const es: AccountCatalogue = {
  'account.title': 'Has iniciado sesión',
  'account.continue': 'Continuar',
  'account.loggedOut': 'Has cerrado la sesión.',
  'account.ended': 'Tu sesión se cerró: vuelve a iniciarla para continuar.',
};

const ar: AccountCatalogue = {
  'account.title': 'لقد سجّلت الدخول',
  'account.continue': 'متابعة',
  'account.loggedOut': 'لقد سجّلت الخروج.',
  'account.ended': 'تم تسجيل خروجك: سجّل الدخول مرة أخرى للمتابعة.',
};

// A few dozen bytes each: not worth a chunk per language.
registerMessages('en', en);
registerMessages('es', es);
registerMessages('ar', ar);

export const loggedInStyles: CSSResult = css`
  .account {
    display: grid;
    justify-items: center;
    gap: var(--latch-space-sm);
    text-align: center;
  }
  .avatar {
    display: grid;
    place-items: center;
    inline-size: 3rem;
    block-size: 3rem;
    border-radius: 50%;
    background: var(--_color-primary);
    color: var(--_color-on-primary);
    font-weight: var(--latch-font-weight-bold);
    font-size: var(--latch-font-size-lg);
  }
  .who {
    margin: 0;
    max-inline-size: 100%;
    overflow-wrap: anywhere;
    font-weight: var(--latch-font-weight-medium);
  }
  .organization {
    margin: 0;
    color: var(--latch-color-muted);
    overflow-wrap: anywhere;
  }
  .account .button {
    inline-size: 100%;
  }
`;

/**
 * Up to two letters for the avatar: the initials of a name's first two words, or the first
 * letter of an address or number's user part. Whole characters (code points), not UTF-16 halves.
 */
export function initials(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '';
  const words = trimmed.includes('@') ? [trimmed.slice(0, trimmed.indexOf('@'))] : trimmed.split(/\s+/);
  const letters = words
    .filter((word) => /\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => Array.from(word).find((c) => /\p{L}/u.test(c)) ?? '');
  return letters.join('').toLocaleUpperCase();
}

/** What the view needs from `<latch-auth>`. */
export interface LoggedInHost extends HTMLElement {
  readonly resolvedKit: LatchKit | undefined;
  readonly modal: boolean;
  readonly updateComplete: Promise<boolean>;
  t(key: MessageKey, params?: MessageParams): string;
  requestUpdate(): void;
  close(): void;
}

/**
 * The state behind the view: the whoami answer (the user's name and the organization's), fetched
 * once per session through the session itself; what to announce when the session ends; where
 * focus goes. `<latch-auth>` makes one as soon as its methods show, so that it hears the login
 * it will follow.
 */
export class LoggedInView {
  readonly #host: LoggedInHost;
  #kit: LatchKit | undefined;
  #who: { key: string; name: string; organization: string } | undefined;
  #asked = '';
  #busy = false;
  /** A login just happened in this element: Continue takes focus when the view shows. */
  #fresh = false;
  /** Set while this view's own Log out runs: that end is announced as such, not as news. */
  #leaving = false;
  /** What the drop-in's polite status region says when no login step is running. */
  said = '';

  constructor(host: LoggedInHost) {
    this.#host = host;
    const root = host.shadowRoot;
    const sheet = loggedInStyles.styleSheet;
    if (root && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    // Logins by the code form and by the buttons inside all cross the drop-in as latch-login.
    host.addEventListener('latch-login', () => {
      this.#fresh = true;
      this.said = '';
    });
    this.#bind();
  }

  /** The header's title while logged in. */
  title(): string {
    return this.#host.t('account.title');
  }

  /**
   * The view of `summary`'s session. The user's name shows once whoami has answered (until then,
   * or if it fails, the title alone says "You are logged in": never twice). The organization's
   * name shows only when it says something the user's name does not (a sign-up names the
   * organization after the contact). Log out is busy (a spinner) until the kit has forgotten the
   * session; the end is then announced in the drop-in's status.
   */
  render(summary: SessionSummary): TemplateResult {
    this.#bind();
    this.#lookup(summary);
    if (this.#fresh) {
      // The control that had focus (a code box, a button) is gone: Continue takes it.
      this.#fresh = false;
      void this.#host.updateComplete.then(() => this.#host.shadowRoot?.querySelector<HTMLElement>('[part="continue"]')?.focus());
    }
    const who = this.#who?.key === summary.publicKey ? this.#who : undefined;
    const name = who?.name ?? '';
    const t = this.#host.t.bind(this.#host);
    return html`<div part="account" class="account">
      <div part="avatar" class="avatar" aria-hidden="true">${initials(name) || '•'}</div>
      ${name ? html`<p part="account-name" class="who">${t('session.loggedInAs', { user: name })}</p>` : nothing}
      ${who?.organization && who.organization !== name ? html`<p part="account-organization" class="organization">${who.organization}</p>` : nothing}
      <button part="continue" class="button primary" type="button" @click=${() => this.#continue(summary)}>${t('account.continue')}</button>
      <button part="logout" class="button" type="button" aria-disabled=${this.#busy ? 'true' : 'false'} aria-busy=${this.#busy ? 'true' : 'false'} @click=${this.#logout}>${t('session.logout')}</button>
    </div>`;
  }

  /** Follows the kit the drop-in works with now (its `logout` events say how a session ended). */
  #bind(): void {
    const kit = this.#host.resolvedKit;
    if (kit === this.#kit) return;
    this.#kit?.removeEventListener('logout', this.#onLogout);
    this.#kit = kit;
    kit?.addEventListener('logout', this.#onLogout);
  }

  readonly #onLogout = (): void => {
    // This view's own Log out says so; an expiry or another tab's logout is news.
    this.#say(this.#host.t(this.#leaving ? 'account.loggedOut' : 'account.ended'));
    this.#leaving = false;
  };

  #say(text: string): void {
    this.said = text;
    this.#host.requestUpdate();
  }

  #lookup(summary: SessionSummary): void {
    const session = this.#kit?.session;
    if (this.#asked === summary.publicKey || !session?.active) return;
    this.#asked = summary.publicKey;
    session.whoami().then(
      (answer) => {
        this.#who = { key: summary.publicKey, name: answer.username, organization: answer.organizationName };
        this.#host.requestUpdate();
      },
      // The name is a courtesy: without it the view says "You are logged in".
      () => undefined,
    );
  }

  #continue(summary: SessionSummary): void {
    this.#host.dispatchEvent(new LatchContinueEvent({ session: summary }));
    if (this.#host.modal) this.#host.close();
  }

  readonly #logout = async (): Promise<void> => {
    const kit = this.#kit;
    if (this.#busy || !kit) return;
    this.#busy = this.#leaving = true;
    this.#host.requestUpdate();
    try {
      // The kit forgets the session here even when the service cannot be reached.
      await kit.logout();
    } finally {
      this.#busy = this.#leaving = false;
      this.#host.requestUpdate();
    }
    // The button that had focus is gone: focus goes to the first login method.
    await this.#host.updateComplete;
    this.#host.shadowRoot?.querySelector<HTMLElement>('[part~="methods"] :is(input, latch-passkey-button, latch-oauth-button)')?.focus();
  };
}
