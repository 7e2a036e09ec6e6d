import { html, nothing, type TemplateResult } from 'lit';
import { LatchError } from '../../src/errors/latch-error.ts';
import type { Timestamp } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import type { AccountRemoval, AccountView } from '../../src/account/user-account.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { LatchErrorEvent, LatchLogoutEvent } from '../internal/events.ts';
import { KitSessionController } from '../internal/kit-session-controller.ts';
import { StepUpController } from '../internal/step-up-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';
import { controlStyles } from '../styles/control-styles.ts';
import './latch-account.messages.ts';
import './account-manage.messages.ts';
import { accountStyles } from './latch-account.styles.ts';
import type { AccountActions, AccountBusy, ActOptions } from './account-actions.ts';
import { AccountDeletion } from './account-deletion.ts';
import { ContactEditor } from './contact-editor.ts';
import { NameEditor } from './name-editor.ts';
import { WalletLinks } from './wallet-links.ts';
import { OAuthLinkController } from './oauth-link-controller.ts';
import { renderAccountList, type AccountListItem, type AccountListOptions } from './render-account-list.ts';

/** The account code (get_user, the changes): a chunk of its own, loaded when a session shows. */
const accountModule = () => import('../../src/account/user-account.ts');


/**
 * @summary The logged-in user's account: name, email, phone, passkeys, linked OAuth logins, linked
 * wallets and active sessions (this one marked), with the changes a user makes to them: rename,
 * add a passkey, change or remove the email or phone (a change through a code sent to the new
 * one), link an OAuth login or an outside wallet (EIP-6963 / Wallet Standard: its key becomes a
 * way to log in), unlink either, remove a passkey, revoke a session (revoking this one logs out),
 * and delete the account (what is lost said first, a typed confirmation word, step-up, then a
 * logout here and in the other tabs).
 *
 * It follows the kit's session like `<latch-wallet>` (`kit`, else `proxy-url` + `config-id`,
 * else `configure()`). A removal that would leave no way to log in is refused before anything
 * is sent (ERR_ACCOUNT_LAST_CREDENTIAL), as is a new contact or wallet that logs another account
 * in (ERR_ACCOUNT_CONTACT_TAKEN), an empty or over-long name (ERR_INPUT_INVALID), and deleting
 * never-exported wallets unless the person accepts it (ERR_ACCOUNT_NOT_EXPORTED); the service
 * checks them again. Waits and results are announced politely; errors are shown in an assertive
 * region, each with what to do next. The wallet and deletion code loads when first used.
 *
 * @slot header - Above the account.
 * @slot footer - Below the account.
 * @slot empty - Shown when nobody is logged in.
 *
 * @event {LatchLogoutEvent} latch-logout - The user revoked this session or deleted the account (a logout).
 * @event {LatchAccountDeletedEvent} latch-account-deleted - The account was deleted (`detail.organizationId`); a `latch-logout` follows.
 * @event {LatchErrorEvent} latch-error - An action failed (`detail.error.code`); the element shows it too.
 *
 * @csspart base - The wrapper.
 * @csspart step-up - "Confirm it's you" (`<latch-step-up>`), when the service wants a recent login before a change.
 * @csspart title - "Your account".
 * @csspart profile - The profile section (name, email, phone).
 * @csspart name - The user's name.
 * @csspart edit-name - The name's Edit button.
 * @csspart name-form - The rename form.
 * @csspart name-input - The new name.
 * @csspart save-name - The rename form's Save button.
 * @csspart email - The email address.
 * @csspart phone - The phone number.
 * @csspart change-email - The email's Change button.
 * @csspart change-phone - The phone's Change button.
 * @csspart remove-email - The email's Remove button.
 * @csspart remove-phone - The phone's Remove button.
 * @csspart contact-form - The change form.
 * @csspart contact-input - The new email address or phone number.
 * @csspart code-input - The code sent to it.
 * @csspart code-sent - "We sent a code to …".
 * @csspart send-code - The Send code button.
 * @csspart confirm - The Confirm button.
 * @csspart cancel - A Cancel button.
 * @csspart passkeys - The passkeys section.
 * @csspart passkey - One passkey.
 * @csspart passkey-name - The new passkey's name field.
 * @csspart add-passkey - The Add a passkey button.
 * @csspart remove - A Remove, Unlink, Revoke or Log out button.
 * @csspart providers - The linked logins section.
 * @csspart provider - One linked login.
 * @csspart link-provider - The provider to link (a select).
 * @csspart link - The Link button.
 * @csspart wallets - The linked wallets section.
 * @csspart linked-wallet - One linked wallet.
 * @csspart link-wallet - The Link a wallet button (opens the list of this browser's wallets).
 * @csspart wallet-choices - The list of this browser's wallets.
 * @csspart wallet-choice - One wallet to link.
 * @csspart no-wallet - "No wallet found in this browser."
 * @csspart sessions - The sessions section.
 * @csspart session - One session.
 * @csspart current - "This device", on this session.
 * @csspart delete-account - The Delete account section.
 * @csspart delete-start - The button that opens it.
 * @csspart delete-counting - "Finding what would be lost…".
 * @csspart delete-form - The deletion form.
 * @csspart delete-loses - What will be lost (the count of wallets and private keys).
 * @csspart delete-unexported - How many were never exported.
 * @csspart delete-without-export - The checkbox that accepts losing them.
 * @csspart delete-word - The confirmation word field.
 * @csspart delete-confirm - The Delete my account button.
 * @csspart empty - The empty state.
 * @csspart error - The error message, an assertive live region.
 * @csspart announcer - The visually hidden polite live region.
 */
export class LatchAccount extends LatchKitAwareElement {
  static override readonly tag = 'latch-account';
  static override styles = [LatchElement.styles, controlStyles, accountStyles];

  readonly #announcer = new AnnouncerController(this);
  readonly #linker = new OAuthLinkController(this);
  readonly #session = new KitSessionController(this, (session, change) => this.#follow(session, change.sameUser));
  readonly #stepUp = new StepUpController(this, () => 3);
  readonly #actions: AccountActions = {
    host: this,
    kit: () => this.resolvedKit,
    session: () => this.#session.session,
    view: () => this.#view,
    busy: () => this.#busy,
    t: (key, params) => this.t(key, params),
    act: (options, work) => this.#act(options, work),
    stepUp: (submit) => this.#stepUp.run(submit),
    announce: (message) => this.#announcer.announce(message),
    focus: (selector) => this.#focus(selector),
    reload: () => this.reload(),
  };
  readonly #name = new NameEditor(this.#actions, () => this.#failed === 'name');
  readonly #contacts = new ContactEditor(this.#actions);
  readonly #wallets = new WalletLinks(this.#actions);
  readonly #deletion = new AccountDeletion(this.#actions, () => this.#loggedOut(), () => this.#failed === 'delete');
  #view: AccountView | null = null;
  #busy: AccountBusy | null = null;
  #error: LatchError | null = null;
  /** The action whose failure is shown (its field is marked invalid). */
  #failed: AccountBusy | null = null;
  #generation = 0;

  /** What the element shows now (the user, their credentials and sessions), or null. */
  get account(): AccountView | null {
    return this.#view;
  }

  /** A step-up is the same user logging in again: what is open and typed stays. */
  #follow(session: SigningSession | null, sameUser: boolean): void {
    this.#view = null;
    this.#error = null;
    if (!sameUser) {
      for (const part of [this.#name, this.#contacts, this.#wallets, this.#deletion]) part.reset();
    }
    if (session) void this.reload();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#wallets.reset();
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
      const { loadAccount, isWalletKey } = await accountModule();
      const view = await loadAccount(kit, session);
      await this.#wallets.load(view, view.user.apiKeys.some(isWalletKey));
      if (generation === this.#generation) this.#view = view;
      this.#linker.choose(kit);
    } catch (error) {
      if (generation === this.#generation) this.#fail(error, 'load');
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
        <div part="error" id="account-error" class="error" aria-live="assertive" aria-atomic="true">${this.#error ? this.#errorText(this.#error) : nothing}</div>
        <slot name="footer"></slot>
        ${this.#announcer.render()}
      </div>
    `;
  }

  #errorText(error: LatchError): string {
    // Codes whose general message speaks of something else here.
    const own: Partial<Record<string, [MessageKey, MessageParams?]>> = {
      ERR_PASSKEY_EXISTS: ['account.passkeyExists'],
      ERR_OAUTH_POPUP_BLOCKED: ['account.popupBlocked'],
      ...(this.#failed === 'name' ? { ERR_INPUT_INVALID: ['account.nameInvalid'] } : {}),
      ...(this.#failed === 'delete' ? { ERR_INPUT_INVALID: ['account.deleteWordWrong', { word: this.t('account.deleteWord') }] } : {}),
    };
    const key = own[error.code];
    return key ? this.t(...key) : this.errorText(error);
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
        <dl class="details">${this.#name.renderRow(user.userName)} ${this.#contacts.renderRows(user.userEmail, user.userPhoneNumber)}</dl>
        ${this.#name.renderForm(user.userName)} ${this.#contacts.renderForm()}
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
      })), this.#linker.render(this.resolvedKit, this.#busy, (key) => this.t(key), () => this.#link()))}
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
      ${this.#wallets.render()} ${this.#deletion.render()}
    `;
  }

  /** Opens the provider's window inside the click (the attempt was prepared before), then links what it answers. */
  #link(): void {
    const view = this.#view;
    if (this.#busy || !view) return;
    let opened: ReturnType<OAuthLinkController['launch']>;
    try {
      opened = this.#linker.launch();
    } catch (error) {
      this.#fail(error, 'link');
      this.requestUpdate();
      return void this.#linker.choose(this.resolvedKit!);
    }
    if (!opened) return;
    const { kit, prepared, popup, finish } = opened;
    const options: ActOptions = { busy: 'link', wait: 'account.linking', done: 'account.linked', ownStepUp: true };
    void this.#act(options, () => finish(kit, this.#session.session, view, prepared, popup, (submit) => this.#stepUp.run(submit))).then(async (linked) => {
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

  #list(name: Exclude<AccountListOptions['name'], 'wallets'>, title: MessageKey, empty: MessageKey, items: AccountListItem[], extra: TemplateResult | typeof nothing = nothing): TemplateResult {
    return renderAccountList({ name, title, empty, items, extra, busy: this.#busy, t: (key, params) => this.t(key, params), onRemove: (item) => void this.#remove(name, item.removal, item.current === true) });
  }

  #fail(error: unknown, during: AccountBusy): void {
    const latch = error instanceof LatchError ? error : new LatchError('ERR_SERVICE_UNKNOWN', 'The account action failed.', { cause: error });
    this.#error = latch;
    this.#failed = during;
    this.dispatchEvent(new LatchErrorEvent({ error: latch }));
  }

  /**
   * Runs one action at a time: announces `wait`, then `done`; a failure is shown and reported. One
   * held for a recent login asks the user to confirm (step-up), then runs again (unless it guards
   * its own stamped call: a link's popup or a wallet's confirmation is not asked for twice).
   */
  async #act({ busy, wait, waitParams, done, ownStepUp }: ActOptions, work: () => Promise<void>): Promise<boolean> {
    if (this.#busy || !this.#view) return false;
    this.#busy = busy;
    this.#error = this.#failed = null;
    this.#announcer.announce(this.t(wait, waitParams));
    this.requestUpdate();
    try {
      await (ownStepUp ? work() : this.#stepUp.run(work));
      if (done) this.#announcer.announce(this.t(done));
      return true;
    } catch (error) {
      this.#fail(error, busy);
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

  /**
   * After a logout from here (this session revoked, the account deleted): tells the page, and puts
   * focus on the empty state once the controller has looked for a saved session ("Loading…").
   */
  async #loggedOut(): Promise<void> {
    this.dispatchEvent(new LatchLogoutEvent());
    await this.updateComplete;
    for (let i = 0; i < 100 && this.#session.restoring; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.#focus('[part="empty"]');
  }

  async #addPasskey(): Promise<void> {
    const kit = this.resolvedKit;
    const view = this.#view;
    if (!kit || !view) return;
    const name = this.renderRoot.querySelector<HTMLInputElement>('[part="passkey-name"]')?.value ?? '';
    const added = await this.#act({ busy: 'passkey', wait: 'account.addingPasskey', done: 'account.passkeyAdded' }, async () => {
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
      const done = await this.#act({ busy: `remove:${removal.id}`, wait: 'account.removing', done: 'account.loggedOut' }, async () => {
        await kit.logout();
      });
      // The button that had focus is gone: focus goes to the empty state.
      if (done) await this.#loggedOut();
      return;
    }
    const done: MessageKey = removal.kind === 'passkey' ? 'account.passkeyRemoved' : removal.kind === 'oauth' ? 'account.providerUnlinked' : 'account.sessionRevoked';
    const removed = await this.#act({ busy: `remove:${removal.id}`, wait: 'account.removing', done }, async () => {
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
