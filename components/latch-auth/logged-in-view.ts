/**
 * `<latch-auth>`'s logged-in view: who is logged in (an initials avatar, their name or contact,
 * the organization), Continue and Log out; "Use another account" (the login methods show again
 * and the next login adds an account); with several accounts, a switch (account-switch.ts, loaded
 * when opened) and "Log out of all accounts". Loaded only once a session exists, so a login page
 * that nobody is logged in on never downloads it; its strings and styles come with it.
 */
import { css, html, nothing, type CSSResult, type TemplateResult } from 'lit';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import type { SessionSummary } from '../../src/session/signing-session.ts';
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message, MessageKey, MessageParams } from '../i18n/messages.ts';
import { LatchContinueEvent } from './latch-continue-event.ts';
import type { AccountSwitch } from './account-switch.ts';

const en = {
  'account.title': 'You are logged in',
  'account.continue': 'Continue',
  'account.loggedOut': 'You logged out.',
  'account.ended': 'You are logged out: log in again to continue.',
  'account.another': 'Use another account',
  'account.back': 'Back to the account in use',
  'account.switch': 'Switch account',
  'account.logoutAll': 'Log out of all accounts',
  'account.loggedOutAll': 'You logged out of every account.',
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
  'account.another': 'Usar otra cuenta',
  'account.back': 'Volver a la cuenta en uso',
  'account.switch': 'Cambiar de cuenta',
  'account.logoutAll': 'Cerrar sesión en todas las cuentas',
  'account.loggedOutAll': 'Has cerrado la sesión en todas las cuentas.',
};

const ar: AccountCatalogue = {
  'account.title': 'لقد سجّلت الدخول',
  'account.continue': 'متابعة',
  'account.loggedOut': 'لقد سجّلت الخروج.',
  'account.ended': 'تم تسجيل خروجك: سجّل الدخول مرة أخرى للمتابعة.',
  'account.another': 'استخدام حساب آخر',
  'account.back': 'العودة إلى الحساب المستخدم',
  'account.switch': 'تبديل الحساب',
  'account.logoutAll': 'تسجيل الخروج من جميع الحسابات',
  'account.loggedOutAll': 'لقد سجّلت الخروج من جميع الحسابات.',
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
  /** After "Use another account": the login methods show, and the next login adds an account. */
  adding = false;
  /** How many accounts are logged in here (the switch and "Log out of all" show from two). */
  #count = 0;
  /** The open switch (its chunk loaded), or undefined. */
  #switch: AccountSwitch | undefined;

  constructor(host: LoggedInHost) {
    this.#host = host;
    const root = host.shadowRoot;
    const sheet = loggedInStyles.styleSheet;
    if (root && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    // Logins by the code form and by the buttons inside all cross the drop-in as latch-login.
    host.addEventListener('latch-login', () => {
      this.#fresh = true;
      this.said = '';
      this.adding = false;
    });
    this.#bind();
  }

  /** The header's title while logged in. */
  title(): string {
    return this.#host.t(this.adding ? 'login.title' : 'account.title');
  }

  /** Above the login methods while adding an account: the way back to the account in use. */
  back(): TemplateResult | typeof nothing {
    return this.adding
      ? html`<button part="back-to-account" class="button" type="button" @click=${() => void this.#another(false)}>${this.#host.t('account.back')}</button>`
      : nothing;
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
    const many = this.#count > 1;
    return html`<div part="account" class="account">
      <div part="avatar" class="avatar" aria-hidden="true">${initials(name) || '•'}</div>
      ${name ? html`<p part="account-name" class="who">${t('session.loggedInAs', { user: name })}</p>` : nothing}
      ${who?.organization && who.organization !== name ? html`<p part="account-organization" class="organization">${who.organization}</p>` : nothing}
      <button part="continue" class="button primary" type="button" @click=${() => this.#continue(summary)}>${t('account.continue')}</button>
      ${many
        ? html`<button part="switch-account" class="button" type="button" aria-expanded=${this.#switch ? 'true' : 'false'} aria-controls=${this.#switch ? 'accounts' : nothing} @click=${this.#toggleSwitch}>${t('account.switch')}</button>
            ${this.#switch?.render() ?? nothing}`
        : nothing}
      <button part="another-account" class="button" type="button" @click=${() => void this.#another(true)}>${t('account.another')}</button>
      <button part="logout" class="button" type="button" aria-disabled=${this.#busy ? 'true' : 'false'} aria-busy=${this.#busy ? 'true' : 'false'} @click=${() => this.#logout(false)}>${t('session.logout')}</button>
      ${many ? html`<button part="logout-all" class="button" type="button" aria-disabled=${this.#busy ? 'true' : 'false'} @click=${() => this.#logout(true)}>${t('account.logoutAll')}</button>` : nothing}
    </div>`;
  }

  /** "Use another account" (`on`), or back to the account in use: the methods or this view show, focus moves into them. */
  async #another(on: boolean): Promise<void> {
    const kit = this.#kit;
    if (!kit) return;
    (await kit.accounts()).useAnotherAccount(on);
    this.adding = on;
    this.#switch = undefined;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    const root = this.#host.shadowRoot;
    (on ? root?.querySelector<HTMLElement>('[part~="methods"] :is(input, latch-passkey-button, latch-oauth-button)') : root?.querySelector<HTMLElement>('[part="continue"]'))?.focus();
  }

  /** Opens the switch (its chunk loads now) or closes it; focus goes to the active account, or back to the toggle. */
  readonly #toggleSwitch = async (): Promise<void> => {
    const kit = this.#kit;
    if (!kit) return;
    if (this.#switch) return this.closeSwitch();
    const [{ AccountSwitch }, accounts] = await Promise.all([import('./account-switch.ts'), kit.accounts()]);
    const view = new AccountSwitch(this, accounts);
    this.#switch = view;
    const loading = view.load();
    await loading.catch(() => undefined);
    await this.#host.updateComplete;
    const root = this.#host.shadowRoot;
    (root?.querySelector<HTMLElement>('[part="account-option"][aria-current="true"]') ?? root?.querySelector<HTMLElement>('[part="account-option"]'))?.focus();
  };

  /** The switch is done: it closes, and the toggle takes focus back. */
  closeSwitch(): void {
    this.#switch = undefined;
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => {
      const root = this.#host.shadowRoot;
      (root?.querySelector<HTMLElement>('[part="switch-account"]') ?? root?.querySelector<HTMLElement>('[part="continue"]'))?.focus();
    });
  }

  /** For the switch: what the drop-in's status region announces. */
  say(text: string): void {
    this.#say(text);
  }

  get shadowRoot(): ShadowRoot | null {
    return this.#host.shadowRoot;
  }

  t(key: MessageKey, params?: MessageParams): string {
    return this.#host.t(key, params);
  }

  requestUpdate(): void {
    this.#host.requestUpdate();
  }

  /** Follows the kit the drop-in works with now (its `logout` events say how a session ended). */
  #bind(): void {
    const kit = this.#host.resolvedKit;
    if (kit === this.#kit) return;
    this.#kit?.removeEventListener('logout', this.#onLogout);
    this.#kit?.removeEventListener('session-switch', this.#onSwitch);
    this.#kit = kit;
    kit?.addEventListener('logout', this.#onLogout);
    kit?.addEventListener('session-switch', this.#onSwitch);
  }

  readonly #onLogout = (): void => {
    // This view's own Log out says so; an expiry or another tab's logout is news.
    this.#say(this.#host.t(this.#leaving ? 'account.loggedOut' : 'account.ended'));
    this.#leaving = false;
    this.#asked = '';
  };

  /** Another account became active (here or in another tab): the view asks who it is again. */
  readonly #onSwitch = (): void => {
    this.#asked = '';
    this.#host.requestUpdate();
  };

  #say(text: string): void {
    this.said = text;
    this.#host.requestUpdate();
  }

  #lookup(summary: SessionSummary): void {
    const kit = this.#kit;
    const session = kit?.session;
    if (this.#asked === summary.publicKey || !session?.active) return;
    this.#asked = summary.publicKey;
    // How many accounts: counted again whenever the session in view changes.
    kit!.accounts().then(
      (accounts) => accounts.getAllSessions(),
    ).then(
      (all) => {
        this.#count = Object.keys(all).length;
        this.#host.requestUpdate();
      },
      () => undefined,
    );
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

  /** Log out (this account; another one then becomes active), or of every account (`all`). */
  async #logout(all: boolean): Promise<void> {
    const kit = this.#kit;
    if (this.#busy || !kit) return;
    this.#busy = this.#leaving = true;
    this.#switch = undefined;
    this.#host.requestUpdate();
    try {
      // The kit forgets the session here even when the service cannot be reached.
      if (all) await (await kit.accounts()).logoutAll();
      else await kit.logout();
    } finally {
      this.#busy = this.#leaving = false;
      this.#asked = '';
      if (all) this.#say(this.#host.t('account.loggedOutAll'));
      this.#host.requestUpdate();
    }
    // The button that had focus is gone: focus goes to Continue (another account is in use) or the first login method.
    await this.#host.updateComplete;
    const root = this.#host.shadowRoot;
    (root?.querySelector<HTMLElement>('[part="continue"]') ?? root?.querySelector<HTMLElement>('[part~="methods"] :is(input, latch-passkey-button, latch-oauth-button)'))?.focus();
  }
}
