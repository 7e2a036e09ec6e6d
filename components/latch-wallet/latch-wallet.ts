import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { activityResult } from '../../src/clients/activity-client.ts';
import type { Activity, Address, AppProof, Curve, AddressFormat, SignRawPayloadResult, WalletAccount, WalletAccountParams } from '../../src/clients/activity-types.ts';
import { fromHex } from '../../src/encoding/hex.ts';
import { toLatchError } from '../../src/kit/to-latch-error.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { copyText, shortId } from '../internal/copy-text.ts';
import { LatchErrorEvent } from '../internal/events.ts';
import { KitSessionController } from '../internal/kit-session-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import { controlStyles } from '../styles/control-styles.ts';
import { addressFormatLabel, CURVE_LABELS, IMPORT_FORMATS } from './address-labels.ts';
import { HASH_LABELS, previewMessage, type MessagePreview } from './message-preview.ts';
import { ADDABLE_FORMATS, nextAccount, type AddableFormat } from './next-account.ts';
import { walletStyles } from './latch-wallet.styles.ts';
import { LatchAddAccountEvent, LatchCopyEvent, LatchExportEvent, LatchImportEvent, LatchSignEvent } from './wallet-events.ts';
import './wallet-messages.ts';

type ListStatus = 'signed-out' | 'loading' | 'ready' | 'error';
type ExportStep = 'idle' | 'confirm' | 'revealing' | 'shown';
type ImportField = 'name' | 'key' | 'formats';

/** What "Add account" created, and the App Proofs the activity answered with. */
interface AddedAccount {
  account: WalletAccountParams;
  addresses: string[];
  appProofs: AppProof[];
  organizationId: string | undefined;
}

// The list of a wallet's accounts is read in pages of the service's largest size to find the
// highest path; the bound only stops a misbehaving server from looping us forever.
const FULL_PAGE = 100;
const MAX_PAGES = 100;

const DEFAULT_PAGE_SIZE = 10;
// One more than the page is asked for, to learn whether another page follows (limit ≤ 100).
const MAX_PAGE_SIZE = 99;
const PRIVATE_KEY = /^(?:0x)?([0-9a-fA-F]{64})$/;

/** Marks a refused clipboard write: the browser's refusal, with its own message, not a LatchError. */
const COPY_FAILED = Symbol('copy-failed');

/**
 * @summary The logged-in user's wallet: accounts page by page, copy an address, sign a message
 * after reviewing exactly what is signed, reveal a wallet's recovery phrase behind a warning and
 * a confirmation (decrypted in this page, hidden again on Hide or when the element leaves the
 * page), import a private key (sealed in this page before it is sent), and add an account (the
 * next Ethereum or Solana account of a wallet).
 *
 * With `generate-app-proofs`, "Add account" asks the enclave for App Proofs of the addresses it
 * derives; they are verified in the page against the addresses received and a
 * `<latch-proof-badge>` (loaded only then) shows the outcome. `trusted-root-sha256` and `expected-pcrs`
 * are passed to it: leave the root unset in production (the AWS Nitro root is trusted).
 *
 * The element works with a kit: its `kit` property, else the shared kit of its `proxy-url` and
 * `config-id`, else the page's `configure()` kit. It shows nothing but a prompt to log in until
 * that kit has a session, and follows logins and logouts. It never fetches and never holds a
 * session key: it calls the session. The export and import cryptography (HPKE) and Keccak-256
 * load only when used.
 *
 * @slot header - Replaces the heading ("Wallet").
 * @slot footer - Under everything, e.g. help or legal text.
 *
 * @event {LatchCopyEvent} latch-copy - The user copied an address: `detail.address`.
 * @event {LatchSignEvent} latch-sign - The user signed a message: `detail.address`, `detail.message`, `detail.parameters`, `detail.signature` (`r`, `s`, `v`).
 * @event {LatchExportEvent} latch-export - The user revealed a recovery phrase: `detail.walletId` (never the phrase).
 * @event {LatchAddAccountEvent} latch-add-account - The user added an account: `detail.walletId`, `detail.account`, `detail.addresses`.
 * @event {LatchImportEvent} latch-import - The user imported a private key: `detail.privateKeyId`, `detail.addresses`.
 * @event {LatchErrorEvent} latch-error - A user action failed: `detail.error` (a LatchError). The element shows the message too.
 *
 * @csspart base - The card.
 * @csspart header - The heading area.
 * @csspart title - The default heading.
 * @csspart signed-out - The "log in" prompt.
 * @csspart loading - The loading text.
 * @csspart empty - The "no accounts" text.
 * @csspart error - The error message, an assertive live region.
 * @csspart retry - The button that loads the accounts again after an error.
 * @csspart accounts - The list of accounts.
 * @csspart account - One account.
 * @csspart account-format - An account's address format ("Ethereum").
 * @csspart account-meta - An account's wallet name and derivation path.
 * @csspart address - An address.
 * @csspart copy-button - An account's copy button.
 * @csspart pagination - The page navigation.
 * @csspart previous - The "Previous" button.
 * @csspart next - The "Next" button.
 * @csspart page - The "Page n" label.
 * @csspart sign - The signing section.
 * @csspart sign-account - The account select.
 * @csspart sign-message - The message textarea.
 * @csspart sign-review - The "Review" button.
 * @csspart sign-preview - The preview of what will be signed.
 * @csspart sign-button - The "Sign" button.
 * @csspart sign-edit - The "Edit" button.
 * @csspart signature - The signature (r, s, v).
 * @csspart export - The export section.
 * @csspart export-wallet - The wallet select.
 * @csspart export-start - The "Export…" button.
 * @csspart export-warning - The warning.
 * @csspart export-confirm - The confirmation checkbox.
 * @csspart reveal - The "Reveal recovery phrase" button.
 * @csspart export-pending - While a consensus policy holds the export: what to do, and the request's fingerprint (`export-fingerprint`) for the approver.
 * @csspart export-fingerprint - The held export's fingerprint.
 * @csspart mnemonic - The revealed recovery phrase (an ordered list of words).
 * @csspart hide - The "Hide" button.
 * @csspart import - The import section (a form).
 * @csspart import-name - The key name input.
 * @csspart import-key - The masked private key input.
 * @csspart import-curve - The curve select.
 * @csspart import-formats - The address format checkboxes.
 * @csspart import-submit - The "Import" button.
 * @csspart import-result - The imported key's addresses.
 * @csspart add - The "Add account" section.
 * @csspart add-wallet - The wallet select (when there are several wallets).
 * @csspart add-format - The address format select.
 * @csspart add-submit - The "Add account" button.
 * @csspart add-result - The added account's address (and its App Proofs).
 * @csspart proof-badge - The `<latch-proof-badge>` of the added account's App Proofs.
 * @csspart field-error - A field's validation message.
 * @csspart footer - The footer.
 * @csspart announcer - The visually hidden polite live region ("Address copied.").
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWallet extends LatchKitAwareElement {
  static override readonly tag = 'latch-wallet';
  static override styles = [LatchElement.styles, controlStyles, walletStyles];

  /** Show only this wallet's accounts (and export only it). Default: every account of the organization. */
  @property({ attribute: 'wallet-id' }) walletId: string | undefined;

  /** Accounts per page (1–99). */
  @property({ type: Number, attribute: 'page-size' }) pageSize = DEFAULT_PAGE_SIZE;

  /** Hides the message signing section. */
  @property({ type: Boolean, attribute: 'no-sign' }) noSign = false;

  /** Hides the recovery phrase export section. */
  @property({ type: Boolean, attribute: 'no-export' }) noExport = false;

  /** Hides the private key import section. */
  @property({ type: Boolean, attribute: 'no-import' }) noImport = false;

  /** Hides the "Add account" section. */
  @property({ type: Boolean, attribute: 'no-add' }) noAdd = false;

  /** "Add account" asks for App Proofs, verifies them in the page and shows a `<latch-proof-badge>`. */
  @property({ type: Boolean, attribute: 'generate-app-proofs' }) generateAppProofs = false;

  /** Passed to the badge: SHA-256 (hex) of a root to trust instead of AWS Nitro's (tests, the emulator). */
  @property({ attribute: 'trusted-root-sha256' }) trustedRootSha256: string | undefined;

  /** Passed to the badge: PCR values (hex, by index 0..3) to pin; as an attribute, JSON. Unset: the kit's `proofTrust`. */
  @property({ attribute: 'expected-pcrs', type: Object }) expectedPcrs: Partial<Record<0 | 1 | 2 | 3, string>> | undefined;

  @state() private listStatus: ListStatus = 'signed-out';
  @state() private accounts: WalletAccount[] = [];
  @state() private page = 1;
  @state() private hasPrevious = false;
  @state() private hasNext = false;
  @state() private failure: unknown;
  @state() private signWith = '';
  @state() private message = '';
  @state() private preview: MessagePreview | null = null;
  @state() private signing = false;
  @state() private signature: SignRawPayloadResult | null = null;
  @state() private exportWalletId = '';
  @state() private exportStep: ExportStep = 'idle';
  @state() private exportConfirmed = false;
  /** The export activity a consensus policy holds, while the element waits for its approval. */
  @state() private exportPending: Activity | null = null;
  #exportWait: AbortController | null = null;
  @state() private importCurve: Curve = 'CURVE_SECP256K1';
  @state() private importFormats: ReadonlySet<AddressFormat> = new Set(['ADDRESS_FORMAT_ETHEREUM']);
  @state() private importing = false;
  @state() private imported: Address[] | null = null;
  @state() private addWalletId = '';
  @state() private addFormat: AddableFormat = ADDABLE_FORMATS[0]!;
  @state() private adding = false;
  @state() private added: AddedAccount | null = null;
  @state() private fieldErrors: Partial<Record<ImportField | 'message' | 'confirm', string>> = {};

  readonly #announcer = new AnnouncerController(this);
  readonly #kit = new KitSessionController(this, (session) => this.#onSession(session));
  /** Wallets seen in the listings: id → name. */
  readonly #wallets = new Map<string, string>();
  /** The revealed phrase: only in this field and the rendered text, never in an attribute, event or log. */
  #mnemonic: string[] | null = null;
  /** Bumped by each listing, so a slow answer for an older request is dropped. */
  #listing = 0;
  #session: SigningSession | null = null;

  /** The account currently shown, for hosts that need them (read-only copies). */
  get shownAccounts(): readonly WalletAccount[] {
    return [...this.accounts];
  }

  /** Reloads the first page of accounts. */
  reload(): Promise<void> {
    return this.#list('first');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The phrase leaves with the element: coming back shows the warning again.
    this.#forgetPhrase();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (this.hasUpdated && (changed.has('walletId') || changed.has('pageSize')) && this.#session) void this.#list('first');
  }

  // ---- session and listing -------------------------------------------------------------------

  #onSession(session: SigningSession | null): void {
    this.#session = session;
    this.#forgetPhrase();
    this.#wallets.clear();
    this.accounts = [];
    this.preview = null;
    this.signature = null;
    this.imported = null;
    this.added = null;
    this.failure = undefined;
    this.fieldErrors = {};
    if (session) void this.#list('first');
    else this.listStatus = 'signed-out';
  }

  get #size(): number {
    const n = Math.trunc(Number(this.pageSize));
    return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  }

  async #list(direction: 'first' | 'next' | 'previous', byUser = false): Promise<void> {
    const session = this.#session;
    if (!session) return;
    const size = this.#size;
    const ticket = ++this.#listing;
    const cursor = direction === 'next' ? { after: this.accounts.at(-1)?.walletAccountId } : direction === 'previous' ? { before: this.accounts[0]?.walletAccountId } : {};
    this.listStatus = 'loading';
    // A page the user asked for is announced as it loads (the first load shows its own text).
    if (byUser) this.#announcer.announce(this.t('wallet.loading'));
    this.failure = undefined;
    try {
      const found = await session.listWalletAccounts({
        ...(this.walletId ? { walletId: this.walletId } : {}),
        includeWalletDetails: true,
        limit: size + 1,
        ...cursor,
      });
      if (ticket !== this.#listing || session !== this.#session) return;
      const more = found.length > size;
      if (direction === 'previous') {
        this.accounts = found.slice(-size);
        this.hasPrevious = more;
        this.hasNext = true;
        this.page = Math.max(1, this.page - 1);
      } else {
        this.accounts = found.slice(0, size);
        this.hasNext = more;
        this.hasPrevious = direction === 'next';
        this.page = direction === 'next' ? this.page + 1 : 1;
      }
      for (const account of this.accounts) {
        if (!this.#wallets.has(account.walletId)) this.#wallets.set(account.walletId, account.walletDetails?.walletName ?? account.walletId);
      }
      if (!this.accounts.some((a) => a.address === this.signWith)) this.signWith = this.accounts[0]?.address ?? '';
      if (!this.exportWalletId || !this.#wallets.has(this.exportWalletId)) this.exportWalletId = this.walletId ?? this.accounts[0]?.walletId ?? '';
      if (!this.addWalletId || !this.#wallets.has(this.addWalletId)) this.addWalletId = this.walletId ?? this.accounts[0]?.walletId ?? '';
      this.listStatus = 'ready';
      if (direction !== 'first' || byUser) this.#announcer.announce(this.t('wallet.pageShown', { page: this.page, count: this.accounts.length }));
    } catch (error) {
      if (ticket !== this.#listing) return;
      this.listStatus = 'error';
      this.#fail(error, byUser);
    }
  }

  /** Shows a failure in the assertive region; a user action's failure is also reported as `latch-error`. */
  #fail(error: unknown, byUser: boolean): void {
    const latch = toLatchError(error);
    this.failure = latch;
    if (byUser && latch.code !== 'ERR_NETWORK_ABORTED') this.dispatchEvent(new LatchErrorEvent({ error: latch }));
  }

  // ---- rendering -----------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const signedIn = this.listStatus !== 'signed-out';
    return html`
      <section part="base" class="base" aria-labelledby="title">
        <div part="header" class="header" id="title">
          <slot name="header"><h2 part="title">${this.t('wallet.title')}</h2></slot>
        </div>
        <div part="error" class="error" aria-live="assertive" aria-atomic="true">${this.#errorMessage()}</div>
        ${signedIn ? this.#renderAccounts() : this.#renderSignedOut()}
        ${signedIn && this.accounts.length > 0 && !this.noSign ? this.#renderSign() : nothing}
        ${signedIn && this.#wallets.size > 0 && !this.noExport ? this.#renderExport() : nothing}
        ${signedIn && !this.noImport ? this.#renderImport() : nothing}
        ${signedIn && this.#wallets.size > 0 && !this.noAdd ? this.#renderAdd() : nothing}
        <div part="footer" class="footer"><slot name="footer"></slot></div>
        ${this.#announcer.render()}
      </section>
    `;
  }

  #errorMessage(): string {
    if (this.failure === undefined) return '';
    if (this.failure === COPY_FAILED) return this.t('wallet.copyFailed');
    return this.errorText(this.failure);
  }

  #renderSignedOut(): TemplateResult {
    const restoring = this.#kit.restoring;
    return restoring
      ? html`<p part="loading" class="muted">${this.t('wallet.loading')}</p>`
      : html`<p part="signed-out" class="muted">${this.t('wallet.signedOut')}</p>`;
  }

  #renderAccounts(): TemplateResult {
    const status = this.listStatus;
    const showPager = this.hasNext || this.hasPrevious;
    return html`
      <div class="accounts-area" aria-busy=${status === 'loading' ? 'true' : 'false'}>
        <h3 id="accounts-title" class="visually-hidden">${this.t('wallet.accounts')}</h3>
        ${status === 'loading' ? html`<p part="loading" class="muted">${this.t('wallet.loading')}</p>` : nothing}
        ${status === 'error' ? html`<button part="retry" type="button" @click=${() => this.#list('first', true)}>${this.t('common.retry')}</button>` : nothing}
        ${status === 'ready' && this.accounts.length === 0 ? html`<p part="empty" class="muted">${this.t('wallet.empty')}</p>` : nothing}
        ${this.accounts.length > 0 && status !== 'error'
          ? html`<ul part="accounts" class="accounts" aria-labelledby="accounts-title">
              ${this.accounts.map((account, i) => this.#renderAccount(account, i))}
            </ul>`
          : nothing}
        ${showPager && status !== 'error'
          ? html`<nav part="pagination" class="pagination" aria-label=${this.t('wallet.pages')}>
              <button part="previous" type="button" aria-disabled=${this.hasPrevious && status === 'ready' ? 'false' : 'true'} @click=${this.#onPrevious}>
                ${this.t('wallet.previous')}
              </button>
              <span part="page" class="muted">${this.t('wallet.page', { page: this.page })}</span>
              <button part="next" type="button" aria-disabled=${this.hasNext && status === 'ready' ? 'false' : 'true'} @click=${this.#onNext}>
                ${this.t('wallet.next')}
              </button>
            </nav>`
          : nothing}
      </div>
    `;
  }

  #renderAccount(account: WalletAccount, index: number): TemplateResult {
    const id = `address-${index}`;
    const walletName = account.walletDetails?.walletName;
    return html`
      <li part="account" class="account">
        <div class="account-text">
          <span part="account-format" class="format">${addressFormatLabel(account.addressFormat, this)}</span>
          <span part="account-meta" class="muted meta">${walletName ? html`${walletName} · ` : nothing}<span class="mono">${account.path}</span></span>
          <code part="address" id=${id}>${account.address}</code>
        </div>
        <button part="copy-button" class="small" type="button" aria-describedby=${id} @click=${() => this.#copy(account.address)}>${this.t('common.copy')}</button>
      </li>
    `;
  }

  #renderSign(): TemplateResult {
    const preview = this.preview;
    const messageError = this.fieldErrors.message;
    return html`
      <section part="sign" class="section" aria-labelledby="sign-title">
        <h3 id="sign-title">${this.t('wallet.sign.title')}</h3>
        <div class="field">
          <label for="sign-account">${this.t('wallet.sign.account')}</label>
          <select part="sign-account" id="sign-account" .value=${this.signWith} ?disabled=${this.signing} @change=${this.#onSignAccount}>
            ${this.accounts.map(
              (a) => html`<option value=${a.address} ?selected=${a.address === this.signWith}>${addressFormatLabel(a.addressFormat, this)} · ${shortId(a.address, 8, 6)}</option>`,
            )}
          </select>
        </div>
        ${this.signature
          ? this.#renderSignature(this.signature)
          : preview
            ? this.#renderPreview(preview)
            : html`
                <div class="field">
                  <label for="sign-message">${this.t('wallet.sign.message')}</label>
                  <textarea
                    part="sign-message"
                    id="sign-message"
                    .value=${this.message}
                    aria-invalid=${messageError ? 'true' : 'false'}
                    aria-describedby="sign-message-error"
                    @input=${this.#onMessageInput}
                  ></textarea>
                  <div part="field-error" id="sign-message-error" class="field-error">${messageError ?? nothing}</div>
                </div>
                <div class="row"><button part="sign-review" type="button" @click=${this.#onReview}>${this.t('wallet.sign.review')}</button></div>
              `}
      </section>
    `;
  }

  #renderPreview(preview: MessagePreview): TemplateResult {
    const hash = preview.hash === 'NONE' ? this.t('wallet.sign.hashNone') : HASH_LABELS[preview.hash];
    return html`
      <div part="sign-preview" class="preview" role="group" aria-labelledby="preview-title">
        <p id="preview-title">${this.t('wallet.sign.preview')}</p>
        <dl>
          <dt>${this.t('wallet.sign.text')}</dt>
          <dd class="message-text">${preview.text}</dd>
          <dt>${this.t('wallet.sign.encoding')}</dt>
          <dd>${this.t('wallet.sign.encodingValue')}</dd>
          <dt>${this.t('wallet.sign.bytes')}</dt>
          <dd><code>0x${preview.bytesHex}</code></dd>
          <dt>${this.t('wallet.sign.hash')}</dt>
          <dd>${hash}</dd>
          <dt>${this.t('wallet.sign.digest')}</dt>
          <dd><code data-value="payload">0x${preview.payloadHex}</code></dd>
        </dl>
      </div>
      <div class="row">
        <button part="sign-button" class="primary" type="button" aria-disabled=${this.signing ? 'true' : 'false'} @click=${this.#onSign}>
          ${this.signing ? this.t('wallet.sign.signing') : this.t('wallet.sign.sign')}
        </button>
        <button part="sign-edit" type="button" ?disabled=${this.signing} @click=${this.#onEdit}>${this.t('wallet.sign.edit')}</button>
      </div>
    `;
  }

  #renderSignature(signature: SignRawPayloadResult): TemplateResult {
    return html`
      <p class="success" id="signed-title">${this.t('wallet.sign.signed')}</p>
      <dl part="signature" aria-labelledby="signed-title">
        <dt>r</dt>
        <dd><code data-value="r">${signature.r}</code></dd>
        <dt>s</dt>
        <dd><code data-value="s">${signature.s}</code></dd>
        <dt>v</dt>
        <dd><code data-value="v">${signature.v}</code></dd>
      </dl>
      <div class="row"><button type="button" id="sign-again" @click=${this.#onSignAgain}>${this.t('wallet.sign.again')}</button></div>
    `;
  }

  #renderExport(): TemplateResult {
    const step = this.exportStep;
    const wallets = [...this.#wallets.entries()];
    const confirmError = this.fieldErrors.confirm;
    return html`
      <section part="export" class="section" aria-labelledby="export-title" @keydown=${this.#onExportKeydown}>
        <h3 id="export-title">${this.t('wallet.export.title')}</h3>
        ${wallets.length > 1 && step === 'idle'
          ? html`<div class="field">
              <label for="export-wallet">${this.t('wallet.export.wallet')}</label>
              <select part="export-wallet" id="export-wallet" @change=${this.#onExportWallet}>
                ${wallets.map(([id, name]) => html`<option value=${id} ?selected=${id === this.exportWalletId}>${name}</option>`)}
              </select>
            </div>`
          : html`<p class="muted">${this.#wallets.get(this.exportWalletId) ?? this.exportWalletId}</p>`}
        ${step === 'idle' ? html`<div class="row"><button part="export-start" id="export-start" type="button" @click=${this.#onExportStart}>${this.t('wallet.export.start')}</button></div>` : nothing}
        ${step === 'confirm' || step === 'revealing'
          ? html`
              <p part="export-warning" id="export-warning" class="warning">${this.t('wallet.export.warning')}</p>
              <label class="check">
                <input
                  part="export-confirm"
                  id="export-confirm"
                  type="checkbox"
                  .checked=${this.exportConfirmed}
                  aria-describedby="export-warning export-confirm-error"
                  aria-invalid=${confirmError ? 'true' : 'false'}
                  ?disabled=${step === 'revealing'}
                  @change=${this.#onConfirmChange}
                />
                ${this.t('wallet.export.confirm')}
              </label>
              <div part="field-error" id="export-confirm-error" class="field-error">${confirmError ?? nothing}</div>
              <div class="row">
                <button part="reveal" class="primary" type="button" aria-disabled=${this.exportConfirmed && step === 'confirm' ? 'false' : 'true'} @click=${this.#onReveal}>
                  ${step === 'revealing' ? this.t('wallet.export.revealing') : this.t('wallet.export.reveal')}
                </button>
                <button type="button" ?disabled=${step === 'revealing' && !this.exportPending} @click=${this.#onHide}>
                  ${this.exportPending ? this.t('wallet.export.stopWaiting') : this.t('common.cancel')}
                </button>
              </div>
              ${this.exportPending
                ? html`<div part="export-pending" class="warning">
                    <p>${this.t('wallet.export.pending')}</p>
                    <p>${this.t('wallet.export.fingerprint')}: <code part="export-fingerprint" class="mono">${this.exportPending.fingerprint}</code></p>
                  </div>`
                : nothing}
            `
          : nothing}
        ${step === 'shown' && this.#mnemonic
          ? html`
              <p id="phrase-title">${this.t('wallet.export.phrase')}</p>
              <ol part="mnemonic" class="mnemonic" aria-labelledby="phrase-title" tabindex="-1">
                ${this.#mnemonic.map((word) => html`<li><span class="mono">${word}</span></li>`)}
              </ol>
              <div class="row"><button part="hide" class="primary" type="button" @click=${this.#onHide}>${this.t('wallet.export.hide')}</button></div>
            `
          : nothing}
      </section>
    `;
  }

  #renderImport(): TemplateResult {
    const errors = this.fieldErrors;
    const formats = IMPORT_FORMATS[this.importCurve];
    return html`
      <form part="import" class="section" aria-labelledby="import-title" novalidate @submit=${this.#onImport}>
        <h3 id="import-title">${this.t('wallet.import.title')}</h3>
        <div class="field">
          <label for="import-name">${this.t('wallet.import.name')}</label>
          <input
            part="import-name"
            id="import-name"
            name="name"
            type="text"
            autocomplete="off"
            .defaultValue=${this.t('wallet.import.defaultName')}
            aria-invalid=${errors.name ? 'true' : 'false'}
            aria-describedby="import-name-error"
          />
          <div part="field-error" id="import-name-error" class="field-error">${errors.name ?? nothing}</div>
        </div>
        <div class="field">
          <label for="import-key">${this.t('wallet.import.key')}</label>
          <input
            part="import-key"
            id="import-key"
            name="key"
            type="password"
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            dir="ltr"
            aria-invalid=${errors.key ? 'true' : 'false'}
            aria-describedby="import-key-hint import-key-error"
          />
          <div id="import-key-hint" class="hint">${this.t('wallet.import.keyHint')}</div>
          <div part="field-error" id="import-key-error" class="field-error">${errors.key ?? nothing}</div>
        </div>
        <div class="field">
          <label for="import-curve">${this.t('wallet.import.curve')}</label>
          <select part="import-curve" id="import-curve" @change=${this.#onCurve}>
            ${(Object.keys(CURVE_LABELS) as Curve[]).map((curve) => html`<option value=${curve} ?selected=${curve === this.importCurve}>${CURVE_LABELS[curve]}</option>`)}
          </select>
        </div>
        <fieldset part="import-formats" aria-describedby="import-formats-error" aria-invalid=${errors.formats ? 'true' : 'false'}>
          <legend>${this.t('wallet.import.formats')}</legend>
          ${formats.map(
            (format) => html`<label class="check">
              <input type="checkbox" name="format" value=${format} .checked=${this.importFormats.has(format)} @change=${this.#onFormat} />
              ${addressFormatLabel(format, this)}
            </label>`,
          )}
        </fieldset>
        <div part="field-error" id="import-formats-error" class="field-error">${errors.formats ?? nothing}</div>
        <div class="row">
          <button part="import-submit" class="primary" type="submit" aria-disabled=${this.importing ? 'true' : 'false'}>
            ${this.importing ? this.t('wallet.import.importing') : this.t('wallet.import.submit')}
          </button>
        </div>
        ${this.imported
          ? html`<div part="import-result" class="result">
              <p class="success" id="imported-title">${this.t('wallet.import.done')}</p>
              <dl aria-labelledby="imported-title">
                ${this.imported.map((a) => html`<dt>${addressFormatLabel(a.format, this)}</dt><dd><code>${a.address}</code></dd>`)}
              </dl>
            </div>`
          : nothing}
      </form>
    `;
  }

  #renderAdd(): TemplateResult {
    const wallets = [...this.#wallets.entries()];
    const added = this.added;
    return html`
      <section part="add" class="section" aria-labelledby="add-title">
        <h3 id="add-title">${this.t('wallet.add.title')}</h3>
        <form class="add-form" novalidate @submit=${this.#onAdd}>
          ${wallets.length > 1 && !this.walletId
            ? html`<div class="field">
                <label for="add-wallet">${this.t('wallet.add.wallet')}</label>
                <select part="add-wallet" id="add-wallet" ?disabled=${this.adding} @change=${this.#onAddWallet}>
                  ${wallets.map(([id, name]) => html`<option value=${id} ?selected=${id === this.addWalletId}>${name}</option>`)}
                </select>
              </div>`
            : nothing}
          <div class="field">
            <label for="add-format">${this.t('wallet.add.format')}</label>
            <select part="add-format" id="add-format" ?disabled=${this.adding} @change=${this.#onAddFormat}>
              ${ADDABLE_FORMATS.map((format) => html`<option value=${format} ?selected=${format === this.addFormat}>${addressFormatLabel(format, this)}</option>`)}
            </select>
          </div>
          <div class="row">
            <button part="add-submit" class="primary" type="submit" aria-disabled=${this.adding ? 'true' : 'false'}>
              ${this.adding ? this.t('wallet.add.adding') : this.t('wallet.add.submit')}
            </button>
          </div>
        </form>
        ${added
          ? html`<div part="add-result" class="result">
              <p class="success" id="added-title">${this.t('wallet.add.done')}</p>
              <dl aria-labelledby="added-title">
                ${added.addresses.map(
                  (address) => html`<dt>${addressFormatLabel(added.account.addressFormat, this)} · <span class="mono">${added.account.path}</span></dt>
                    <dd><code>${address}</code></dd>`,
                )}
              </dl>
              ${this.generateAppProofs && added.appProofs.length > 0 && customElements.get('latch-proof-badge')
                ? html`<div role="group" aria-label=${this.t('wallet.add.proofs')}>
                    <latch-proof-badge
                      part="proof-badge"
                      .kit=${this.#kit.kit}
                      .proofs=${added.appProofs}
                      .expectedAddresses=${added.addresses}
                      organization-id=${added.organizationId ?? nothing}
                      trusted-root-sha256=${this.trustedRootSha256 || nothing}
                      .expectedPcrs=${this.expectedPcrs}
                      locale=${this.resolvedLocale}
                    ></latch-proof-badge>
                  </div>`
                : nothing}
            </div>`
          : nothing}
      </section>
    `;
  }

  // ---- actions -------------------------------------------------------------------------------

  readonly #onPrevious = (): void => {
    if (this.hasPrevious && this.listStatus === 'ready') void this.#list('previous', true);
  };

  readonly #onNext = (): void => {
    if (this.hasNext && this.listStatus === 'ready') void this.#list('next', true);
  };

  async #copy(address: string): Promise<void> {
    if (!(await copyText(address))) {
      // No clipboard permission or focus: the address stays selectable on screen.
      this.failure = COPY_FAILED;
      return;
    }
    if (this.failure === COPY_FAILED) this.failure = undefined;
    this.#announcer.announce(this.t('wallet.copied'));
    this.dispatchEvent(new LatchCopyEvent({ address }));
  }

  readonly #onSignAccount = (event: Event): void => {
    this.signWith = (event.target as HTMLSelectElement).value;
    this.preview = null;
    this.signature = null;
  };

  readonly #onMessageInput = (event: Event): void => {
    this.message = (event.target as HTMLTextAreaElement).value;
    if (this.fieldErrors.message) this.fieldErrors = { ...this.fieldErrors, message: undefined };
  };

  readonly #onReview = async (): Promise<void> => {
    const account = this.accounts.find((a) => a.address === this.signWith);
    if (!account) return;
    if (this.message.length === 0) {
      this.fieldErrors = { ...this.fieldErrors, message: this.t('wallet.sign.messageMissing') };
      await this.updateComplete;
      this.#focus('#sign-message');
      return;
    }
    try {
      this.preview = await previewMessage(this.message, account);
    } catch (error) {
      this.#fail(error, true);
      return;
    }
    await this.updateComplete;
    this.#focus('[part="sign-button"]');
  };

  readonly #onEdit = async (): Promise<void> => {
    this.preview = null;
    await this.updateComplete;
    this.#focus('#sign-message');
  };

  readonly #onSign = async (): Promise<void> => {
    const preview = this.preview;
    const session = this.#session;
    if (!preview || !session || this.signing) return;
    const address = this.signWith;
    const parameters = { signWith: address, ...preview.parameters };
    this.signing = true;
    this.#announcer.announce(this.t('wallet.sign.signing'));
    this.failure = undefined;
    try {
      const signature = await session.signRawPayload(parameters);
      if (session !== this.#session) return;
      this.signature = signature;
      this.preview = null;
      this.#announcer.announce(this.t('wallet.sign.signed'));
      this.dispatchEvent(new LatchSignEvent({ address, message: preview.text, parameters, signature }));
      await this.updateComplete;
      this.#focus('#sign-again');
    } catch (error) {
      this.#fail(error, true);
    } finally {
      this.signing = false;
    }
  };

  readonly #onSignAgain = async (): Promise<void> => {
    this.signature = null;
    this.message = '';
    await this.updateComplete;
    this.#focus('#sign-message');
  };

  readonly #onExportWallet = (event: Event): void => {
    this.exportWalletId = (event.target as HTMLSelectElement).value;
  };

  readonly #onExportStart = async (): Promise<void> => {
    this.exportStep = 'confirm';
    this.exportConfirmed = false;
    await this.updateComplete;
    this.#focus('#export-confirm');
  };

  readonly #onConfirmChange = (event: Event): void => {
    this.exportConfirmed = (event.target as HTMLInputElement).checked;
    if (this.exportConfirmed && this.fieldErrors.confirm) this.fieldErrors = { ...this.fieldErrors, confirm: undefined };
  };

  readonly #onReveal = async (): Promise<void> => {
    if (this.exportStep !== 'confirm') return;
    if (!this.exportConfirmed) {
      this.fieldErrors = { ...this.fieldErrors, confirm: this.t('wallet.export.confirmFirst') };
      this.#focus('#export-confirm');
      return;
    }
    const session = this.#session;
    const walletId = this.exportWalletId;
    if (!session || !walletId) return;
    this.exportStep = 'revealing';
    this.#announcer.announce(this.t('wallet.export.revealing'));
    this.failure = undefined;
    const wait = (this.#exportWait = new AbortController());
    try {
      // A consensus policy may hold the export: say so, show what to approve, and wait for it.
      const phrase = await session.exportWallet(walletId, undefined, {
        signal: wait.signal,
        onApprovalNeeded: (activity) => {
          this.exportPending = activity;
          this.#announcer.announce(this.t('wallet.export.pending'));
        },
      });
      this.exportPending = null;
      // Hidden, logged out or detached while decrypting: the phrase is not shown.
      if (this.exportStep !== 'revealing' || session !== this.#session || !this.isConnected) return;
      this.#mnemonic = phrase.split(/\s+/).filter(Boolean);
      this.exportStep = 'shown';
      this.#announcer.announce(this.t('wallet.export.shown'));
      this.dispatchEvent(new LatchExportEvent({ walletId }));
      await this.updateComplete;
      this.#focus('[part="mnemonic"]');
    } catch (error) {
      this.exportPending = null;
      if (wait.signal.aborted) return; // stopped waiting, hidden or gone: nothing failed
      if (this.exportStep === 'revealing') this.exportStep = 'confirm';
      this.#fail(error, true);
    }
  };

  readonly #onHide = async (): Promise<void> => {
    const wasShown = this.exportStep === 'shown';
    this.#forgetPhrase();
    if (wasShown) this.#announcer.announce(this.t('wallet.export.hidden'));
    await this.updateComplete;
    this.#focus('#export-start');
  };

  readonly #onExportKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && (this.exportStep === 'shown' || this.exportStep === 'confirm')) {
      event.preventDefault();
      void this.#onHide();
    }
  };

  #forgetPhrase(): void {
    this.#exportWait?.abort();
    this.#exportWait = null;
    this.exportPending = null;
    if (this.#mnemonic) this.#mnemonic.fill('');
    this.#mnemonic = null;
    this.exportStep = 'idle';
    this.exportConfirmed = false;
    if (this.fieldErrors.confirm) this.fieldErrors = { ...this.fieldErrors, confirm: undefined };
  }

  readonly #onCurve = (event: Event): void => {
    this.importCurve = (event.target as HTMLSelectElement).value as Curve;
    this.importFormats = new Set(IMPORT_FORMATS[this.importCurve].slice(0, 1));
  };

  readonly #onFormat = (event: Event): void => {
    const box = event.target as HTMLInputElement;
    const next = new Set(this.importFormats);
    if (box.checked) next.add(box.value as AddressFormat);
    else next.delete(box.value as AddressFormat);
    this.importFormats = next;
    if (next.size > 0 && this.fieldErrors.formats) this.fieldErrors = { ...this.fieldErrors, formats: undefined };
  };

  readonly #onImport = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const session = this.#session;
    if (!session || this.importing) return;
    const form = event.currentTarget as HTMLFormElement;
    const nameInput = form.elements.namedItem('name') as HTMLInputElement;
    const keyInput = form.elements.namedItem('key') as HTMLInputElement;
    const name = nameInput.value.trim();
    const match = PRIVATE_KEY.exec(keyInput.value.trim());
    const formats = IMPORT_FORMATS[this.importCurve].filter((f) => this.importFormats.has(f));
    const errors: Partial<Record<ImportField, string>> = {};
    if (!name) errors.name = this.t('wallet.import.nameMissing');
    if (!match) errors.key = this.t('wallet.import.keyInvalid');
    if (formats.length === 0) errors.formats = this.t('wallet.import.formatsMissing');
    this.fieldErrors = { ...this.fieldErrors, name: errors.name, key: errors.key, formats: errors.formats };
    const first = (['name', 'key', 'formats'] as const).find((field) => errors[field]);
    if (first) {
      await this.updateComplete;
      this.#focus(first === 'formats' ? '[part="import-formats"] input' : `#import-${first}`);
      return;
    }
    const privateKey = fromHex(match![1]!);
    // The page keeps no copy: the field is emptied now, the bytes are zeroed by the import.
    keyInput.value = '';
    this.importing = true;
    this.#announcer.announce(this.t('wallet.import.importing'));
    this.imported = null;
    this.failure = undefined;
    try {
      const { importPrivateKey } = await import('../../src/session/session-import.ts');
      const enclavePublicKey = this.#kit.kit?.options.enclavePublicKey;
      const result = await importPrivateKey(session, {
        privateKey,
        curve: this.importCurve,
        addressFormats: formats,
        privateKeyName: name,
        ...(enclavePublicKey ? { enclavePublicKey } : {}),
      });
      if (session !== this.#session) return;
      this.imported = result.addresses;
      this.#announcer.announce(this.t('wallet.import.done'));
      this.dispatchEvent(new LatchImportEvent({ privateKeyId: result.privateKeyId, addresses: result.addresses }));
    } catch (error) {
      privateKey.fill(0);
      this.#fail(error, true);
    } finally {
      this.importing = false;
    }
  };

  readonly #onAddWallet = (event: Event): void => {
    this.addWalletId = (event.target as HTMLSelectElement).value;
  };

  readonly #onAddFormat = (event: Event): void => {
    this.addFormat = (event.target as HTMLSelectElement).value as AddableFormat;
  };

  /** Every account of one wallet (all pages), to find the highest path. */
  async #walletAccounts(session: SigningSession, walletId: string): Promise<WalletAccount[]> {
    const all: WalletAccount[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const after = all.at(-1)?.walletAccountId;
      const found = await session.listWalletAccounts({ walletId, limit: FULL_PAGE, ...(after ? { after } : {}) });
      all.push(...found);
      if (found.length < FULL_PAGE) break;
    }
    return all;
  }

  readonly #onAdd = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const session = this.#session;
    const walletId = this.walletId || this.addWalletId;
    if (!session || !walletId || this.adding) return;
    const withProofs = this.generateAppProofs;
    this.adding = true;
    this.#announcer.announce(this.t('wallet.add.adding'));
    this.added = null;
    this.failure = undefined;
    // The badge (and, through it, the verifier) loads only for a page that asks for proofs,
    // while the account is being made.
    const badge = withProofs ? import('../latch-proof-badge/latch-proof-badge.ts').then(({ LatchProofBadge }) => LatchProofBadge.define()) : undefined;
    try {
      const account = nextAccount(this.addFormat, await this.#walletAccounts(session, walletId));
      const activity = await session.submit('create_wallet_accounts', { walletId, accounts: [account] }, withProofs ? { generateAppProofs: true } : {});
      const { addresses } = activityResult(activity);
      if (badge) await badge;
      if (session !== this.#session) return;
      this.added = {
        account,
        addresses,
        appProofs: Array.isArray(activity.appProofs) ? activity.appProofs : [],
        organizationId: session.summary?.organizationId,
      };
      this.dispatchEvent(new LatchAddAccountEvent({ walletId, account, addresses }));
      await this.#list('first');
      this.#announcer.announce(this.t('wallet.add.added'));
    } catch (error) {
      this.#fail(error, true);
    } finally {
      this.adding = false;
    }
  };

  #focus(selector: string): void {
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet': LatchWallet;
  }
}
