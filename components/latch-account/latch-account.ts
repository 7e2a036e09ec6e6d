import { html, nothing, type TemplateResult } from 'lit';
import { LatchError } from '../../src/errors/latch-error.ts';
import type { Timestamp } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import type { OAuthProvider } from '../../src/flows/oauth-providers.ts';
import type { AccountRemoval, AccountView, ContactCode } from '../../src/account/user-account.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { LatchErrorEvent, LatchLogoutEvent } from '../internal/events.ts';
import { KitSessionController } from '../internal/kit-session-controller.ts';
import { StepUpController } from '../internal/step-up-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { controlStyles } from '../styles/control-styles.ts';
import './latch-account.messages.ts';
import { accountStyles } from './latch-account.styles.ts';
import { renderContactForm, renderContactRow } from './render-contact-form.ts';
import { OAuthLinkController } from './oauth-link-controller.ts';
import { renderAccountList, type AccountListItem, type AccountListOptions } from './render-account-list.ts';

/** The account code (get_user, the changes): a chunk of its own, loaded when a session shows. */
const accountModule = () => import('../../src/account/user-account.ts');

type Busy = 'load' | 'email' | 'phone' | 'passkey' | 'link' | `remove:${string}`;

/** Brand names, the same in every language. */
const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord' };

/**
 * @summary The logged-in user's account: name, email, phone, passkeys, linked OAuth logins and
 * active sessions (this one marked), with the changes a user makes to them: add a passkey,
 * change the email or phone (through a code sent to the new one), unlink a login, remove a
 * passkey, revoke a session (revoking this one logs out).
 *
 * It follows the kit's session like `<latch-wallet>` (`kit`, else `proxy-url` + `config-id`,
 * else `configure()`). A removal that would leave no way to log in is refused before anything
 * is sent (ERR_ACCOUNT_LAST_CREDENTIAL), as is a new contact that logs another account in
 * (ERR_ACCOUNT_CONTACT_TAKEN); the service checks both again. Waits and results are announced
 * politely; errors are shown in an assertive region, each with what to do next.
 *
 * @slot header - Above the account.
 * @slot footer - Below the account.
 * @slot empty - Shown when nobody is logged in.
 *
 * @event {LatchLogoutEvent} latch-logout - The user revoked this session (a logout).
 * @event {LatchErrorEvent} latch-error - An action failed (`detail.error.code`); the element shows it too.
 *
 * @csspart base - The wrapper.
 * @csspart step-up - "Confirm it's you" (`<latch-step-up>`), when the service wants a recent login before a change.
 * @csspart title - "Your account".
 * @csspart profile - The profile section (name, email, phone).
 * @csspart name - The user's name.
 * @csspart email - The email address.
 * @csspart phone - The phone number.
 * @csspart change-email - The email's Change button.
 * @csspart change-phone - The phone's Change button.
 * @csspart contact-form - The change form.
 * @csspart contact-input - The new email address or phone number.
 * @csspart code-input - The code sent to it.
 * @csspart code-sent - "We sent a code to …".
 * @csspart send-code - The Send code button.
 * @csspart confirm - The Confirm button.
 * @csspart cancel - The Cancel button.
 * @csspart passkeys - The passkeys section.
 * @csspart passkey - One passkey.
 * @csspart passkey-name - The new passkey's name field.
 * @csspart add-passkey - The Add a passkey button.
 * @csspart remove - A Remove, Unlink, Revoke or Log out button.
 * @csspart providers - The linked logins section.
 * @csspart provider - One linked login.
 * @csspart link-provider - The provider to link (a select).
 * @csspart link - The Link button.
 * @csspart sessions - The sessions section.
 * @csspart session - One session.
 * @csspart current - "This device", on this session.
 * @csspart empty - The empty state.
 * @csspart error - The error message, an assertive live region.
 * @csspart announcer - The visually hidden polite live region.
 */
export class LatchAccount extends LatchKitAwareElement {
  static override readonly tag = 'latch-account';
  static override styles = [LatchElement.styles, controlStyles, accountStyles];

  readonly #announcer = new AnnouncerController(this);
  readonly #linker = new OAuthLinkController(this);
  readonly #session = new KitSessionController(this, (session) => this.#follow(session));
  readonly #stepUp = new StepUpController(this, () => 3);
  #view: AccountView | null = null;
  #busy: Busy | null = null;
  #error: LatchError | null = null;
  #editing: 'email' | 'phone' | null = null;
  #code: ContactCode | null = null;
  #generation = 0;

  /** What the element shows now (the user, their credentials and sessions), or null. */
  get account(): AccountView | null {
    return this.#view;
  }

  #follow(session: SigningSession | null): void {
    this.#view = null;
    this.#editing = null;
    this.#code = null;
    this.#error = null;
    if (session) void this.reload();
  }

  /** Reads the account again (after a change made elsewhere). */
  async reload(): Promise<void> {
    const kit = this.resolvedKit;
    const session = this.#session.session;
    if (!kit || !session) return;
    const generation = ++this.#generation;
    this.#busy ??= 'load';
    this.requestUpdate();
    try {
      const { loadAccount } = await accountModule();
      const view = await loadAccount(kit, session);
      if (generation === this.#generation) this.#view = view;
      this.#linker.choose(kit);
    } catch (error) {
      if (generation === this.#generation) this.#fail(error);
    } finally {
      if (this.#busy === 'load') this.#busy = null;
      this.requestUpdate();
    }
  }

  protected override render(): TemplateResult {
    const view = this.#view;
    const session = this.#session.session;
    return html`
      <div part="base" class="base" aria-busy=${this.#busy ? 'true' : 'false'}>
        <slot name="header"></slot>
        ${session && view ? this.#renderAccount(view) : session || this.#session.restoring ? html`<p class="muted">${this.t('common.loading')}</p>` : this.#renderEmpty()}
        ${this.#stepUp.render()}
        <div part="error" class="error" aria-live="assertive" aria-atomic="true">${this.#error ? this.#errorText(this.#error) : nothing}</div>
        <slot name="footer"></slot>
        ${this.#announcer.render()}
      </div>
    `;
  }

  #errorText(error: LatchError): string {
    // Two codes whose general message speaks of logging in: here they mean something else.
    const own = ({ ERR_PASSKEY_EXISTS: 'account.passkeyExists', ERR_OAUTH_POPUP_BLOCKED: 'account.popupBlocked' } as Partial<Record<string, MessageKey>>)[error.code];
    return own ? this.t(own) : this.errorText(error);
  }

  #renderEmpty(): TemplateResult {
    return html`<div part="empty" class="empty" tabindex="-1"><slot name="empty">${this.t('account.empty')}</slot></div>`;
  }

  #date(time: Timestamp | undefined): string {
    const seconds = Number(time?.seconds);
    return Number.isFinite(seconds) && seconds > 0 ? new Intl.DateTimeFormat(this.resolvedLocale, { dateStyle: 'medium' }).format(new Date(seconds * 1000)) : '';
  }

  #renderAccount(view: AccountView): TemplateResult {
    const { user } = view;
    return html`
      <h2 part="title">${this.t('account.title')}</h2>
      <section part="profile" class="section" aria-labelledby="profile-heading">
        <h3 id="profile-heading">${this.t('account.profile')}</h3>
        <dl class="details">
          <div><dt>${this.t('account.name')}</dt><dd part="name">${user.userName}</dd></div>
          ${(['email', 'phone'] as const).map((kind) => renderContactRow({ kind, value: kind === 'email' ? user.userEmail : user.userPhoneNumber, open: this.#editing === kind, t: (key) => this.t(key), onOpen: () => void this.#openContact(kind) }))}
        </dl>
        ${this.#editing
          ? renderContactForm({
              kind: this.#editing,
              sentTo: this.#code?.contact ?? null,
              busy: this.#busy === this.#editing,
              t: (key, params) => this.t(key, params),
              onSubmit: (event) => void this.#submitContact(event),
              onCancel: () => void this.#closeContact(),
              onKeydown: (event) => {
                if (event.key === 'Escape') void this.#closeContact();
              },
            })
          : nothing}
      </section>
      ${this.#list('passkeys', 'account.passkeys', 'account.noPasskeys', user.authenticators.map((a) => ({
        id: a.authenticatorId,
        part: 'passkey',
        label: a.authenticatorName,
        detail: this.t('account.added', { date: this.#date(a.createdAt) }),
        action: this.t('account.remove'),
        actionLabel: this.t('account.removePasskey', { name: a.authenticatorName }),
        removal: { kind: 'passkey', id: a.authenticatorId } as const,
      })), this.#renderAddPasskey())}
      ${this.#list('providers', 'account.providers', 'account.noProviders', user.oauthProviders.map((p) => ({
        id: p.providerId,
        part: 'provider',
        label: p.providerName,
        detail: p.issuer,
        action: this.t('account.unlink'),
        actionLabel: this.t('account.unlinkProvider', { name: p.providerName }),
        removal: { kind: 'oauth', id: p.providerId } as const,
      })), this.#renderLink())}
      ${this.#list('sessions', 'account.sessions', 'account.noSessions', view.sessions.map((k) => {
        const current = k.apiKeyId === view.currentApiKeyId;
        return {
          id: k.apiKeyId,
          part: 'session',
          label: k.apiKeyName,
          detail: this.t('account.added', { date: this.#date(k.createdAt) }),
          current,
          action: this.t(current ? 'account.logOutHere' : 'account.revoke'),
          actionLabel: current ? this.t('account.logOutHere') : this.t('account.revokeSession', { name: k.apiKeyName }),
          removal: { kind: 'session', id: k.apiKeyId } as const,
        };
      }))}
    `;
  }

  #renderLink(): TemplateResult | typeof nothing {
    const kit = this.resolvedKit;
    const providers = kit ? this.#linker.providers(kit) : [];
    if (!kit || providers.length === 0) return nothing;
    const waiting = this.#busy !== null || !this.#linker.ready;
    return html`<div class="row">
      <label for="link-provider">${this.t('account.linkWith')}</label>
      <select part="link-provider" id="link-provider" @change=${(event: Event) => this.#linker.choose(kit, (event.target as HTMLSelectElement).value as OAuthProvider)}>
        ${providers.map((p) => html`<option value=${p} ?selected=${p === this.#linker.provider}>${PROVIDER_NAMES[p]}</option>`)}
      </select>
      <button part="link" type="button" aria-disabled=${waiting ? 'true' : 'false'} aria-busy=${this.#busy === 'link' ? 'true' : 'false'} @click=${this.#link}>${this.t('account.link')}</button>
    </div>`;
  }

  /** Opens the provider's window inside the click (the attempt was prepared before), then links what it answers. */
  #link(): void {
    const view = this.#view;
    if (this.#busy || !view) return;
    let opened: ReturnType<OAuthLinkController['launch']>;
    try {
      opened = this.#linker.launch();
    } catch (error) {
      this.#fail(error);
      this.requestUpdate();
      return void this.#linker.choose(this.resolvedKit!);
    }
    if (!opened) return;
    const { kit, prepared, popup, finish } = opened;
    void this.#act('link', 'account.linking', 'account.linked', () => finish(kit, this.#session.session, view, prepared, popup, (submit) => this.#stepUp.run(submit))).then(async (linked) => {
      if (linked) await this.reload();
      this.#linker.choose(kit);
    });
  }

  #renderAddPasskey(): TemplateResult {
    return html`<div class="row">
      <label class="visually-hidden" for="passkey-name">${this.t('account.passkeyName')}</label>
      <input part="passkey-name" id="passkey-name" .value=${'Passkey'} />
      <button part="add-passkey" type="button" aria-disabled=${this.#busy ? 'true' : 'false'} aria-busy=${this.#busy === 'passkey' ? 'true' : 'false'} @click=${this.#addPasskey}>
        ${this.t('account.addPasskey')}
      </button>
    </div>`;
  }

  #list(name: AccountListOptions['name'], title: MessageKey, empty: MessageKey, items: AccountListItem[], extra: TemplateResult | typeof nothing = nothing): TemplateResult {
    return renderAccountList({ name, title, empty, items, extra, busy: this.#busy, t: (key, params) => this.t(key, params), onRemove: (item) => void this.#remove(name, item.removal, item.current === true) });
  }

  #fail(error: unknown): void {
    const latch = error instanceof LatchError ? error : new LatchError('ERR_SERVICE_UNKNOWN', 'The account action failed.', { cause: error });
    this.#error = latch;
    this.dispatchEvent(new LatchErrorEvent({ error: latch }));
  }

  /**
   * Runs one action at a time: announces `wait`, then `done`; a failure is shown and reported. One
   * held for a recent login asks the user to confirm (step-up), then runs again (a link retries
   * only its stamped call: its popup is spent).
   */
  async #act(busy: Busy, wait: MessageKey, done: MessageKey | null, work: () => Promise<void>): Promise<boolean> {
    if (this.#busy || !this.#view) return false;
    this.#busy = busy;
    this.#error = null;
    this.#announcer.announce(this.t(wait));
    this.requestUpdate();
    try {
      await (busy === 'link' ? work() : this.#stepUp.run(work));
      if (done) this.#announcer.announce(this.t(done));
      return true;
    } catch (error) {
      this.#fail(error);
      this.#announcer.announce('');
      return false;
    } finally {
      this.#busy = null;
      this.requestUpdate();
    }
  }

  async #focus(selector: string): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  async #openContact(kind: 'email' | 'phone'): Promise<void> {
    if (this.#busy) return;
    this.#editing = kind;
    this.#code = null;
    this.#error = null;
    this.requestUpdate();
    await this.#focus('[part="contact-input"]');
  }

  async #closeContact(): Promise<void> {
    const kind = this.#editing;
    if (!kind || this.#busy === kind) return;
    this.#editing = null;
    this.#code = null;
    this.requestUpdate();
    await this.#focus(`[part="change-${kind}"]`);
  }

  async #submitContact(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const kind = this.#editing;
    const kit = this.resolvedKit;
    const view = this.#view;
    if (!kind || !kit || !view) return;
    const form = event.currentTarget as HTMLFormElement;
    const code = this.#code;
    if (!code) {
      const contact = (form.elements.namedItem('contact') as HTMLInputElement).value;
      const sent = await this.#act(kind, 'account.sending', null, async () => {
        const { sendContactCode } = await accountModule();
        this.#code = await sendContactCode(kit, kind === 'email' ? 'OTP_TYPE_EMAIL' : 'OTP_TYPE_SMS', contact);
      });
      if (sent && this.#code) {
        this.#announcer.announce(this.t('account.codeSent', { contact: this.#code.contact }));
        await this.#focus('[part="code-input"]');
      } else await this.#focus('[part="contact-input"]');
      return;
    }
    const otpCode = (form.elements.namedItem('code') as HTMLInputElement).value;
    const changed = await this.#act(kind, 'account.saving', kind === 'email' ? 'account.emailChanged' : 'account.phoneChanged', async () => {
      const { changeContact } = await accountModule();
      await changeContact(kit, this.#session.session, view, code, otpCode);
    });
    if (!changed) return void (await this.#focus('[part="code-input"]'));
    this.#editing = null;
    this.#code = null;
    await this.reload();
    await this.#focus(`[part="change-${kind}"]`);
  }

  async #addPasskey(): Promise<void> {
    const kit = this.resolvedKit;
    const view = this.#view;
    if (!kit || !view) return;
    const name = this.renderRoot.querySelector<HTMLInputElement>('[part="passkey-name"]')?.value ?? '';
    const added = await this.#act('passkey', 'account.addingPasskey', 'account.passkeyAdded', async () => {
      const { addPasskey } = await accountModule();
      await addPasskey(kit, this.#session.session, view, name);
    });
    if (added) await this.reload();
  }

  async #remove(section: 'passkeys' | 'providers' | 'sessions', removal: AccountRemoval, current: boolean): Promise<void> {
    const kit = this.resolvedKit;
    const view = this.#view;
    if (!kit || !view) return;
    if (current) {
      // Revoking this session is a logout: the kit deletes the key on the service and here.
      const done = await this.#act(`remove:${removal.id}`, 'account.removing', 'account.loggedOut', async () => {
        await kit.logout();
      });
      if (!done) return;
      this.dispatchEvent(new LatchLogoutEvent());
      // The button that had focus is gone; after a logout the controller looks for a saved session
      // once ("Loading…"): focus lands on the empty state when that answer is in.
      await this.updateComplete;
      for (let i = 0; i < 100 && this.#session.restoring; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await this.#focus('[part="empty"]');
      return;
    }
    const done: MessageKey = removal.kind === 'passkey' ? 'account.passkeyRemoved' : removal.kind === 'oauth' ? 'account.providerUnlinked' : 'account.sessionRevoked';
    const removed = await this.#act(`remove:${removal.id}`, 'account.removing', done, async () => {
      const { removeFromAccount } = await accountModule();
      await removeFromAccount(this.#session.session, view, removal);
    });
    // The button pressed is gone: focus goes to its section's heading (a refused one keeps focus).
    if (removed) await this.reload().then(() => this.#focus(`#${section}-heading`));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-account': LatchAccount;
  }
}
