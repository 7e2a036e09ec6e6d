import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { WalletAccount } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { KitSessionController, type SessionChange } from '../internal/kit-session-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import type { WalletOutlet } from '../internal/wallet-section-element.ts';
import { renderCard } from '../internal/render-card.ts';
import { LatchWalletAccounts } from '../latch-wallet-accounts/latch-wallet-accounts.ts';
import { LatchWalletAddAccount } from '../latch-wallet-add-account/latch-wallet-add-account.ts';
import { LatchWalletCreate } from '../latch-wallet-create/latch-wallet-create.ts';
import { LatchWalletExport } from '../latch-wallet-export/latch-wallet-export.ts';
import { LatchWalletImport } from '../latch-wallet-import/latch-wallet-import.ts';
import { LatchWalletSend } from '../latch-wallet-send/latch-wallet-send.ts';
import { LatchWalletSign } from '../latch-wallet-sign/latch-wallet-sign.ts';
import type { LatchWalletActivity } from '../latch-wallet-activity/latch-wallet-activity.ts';
import type { LatchWalletBalances } from '../latch-wallet-balances/latch-wallet-balances.ts';
import { LatchSendEvent } from './wallet-events.ts';
import type { LatchTxStatusEvent } from '../latch-tx-status/tx-status-events.ts';
import { controlStyles } from '../styles/control-styles.ts';
import { walletStyles } from './latch-wallet.styles.ts';
import { WALLET_PARTS } from './wallet-parts.ts';
import './wallet-messages.ts';

/** Solana mainnet (the balances' default cluster); kept here so the first chunk needs no import. */
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

/**
 * The parts of the sections that load lazily (balances with Receive, activity), forwarded too.
 */
const BALANCES_PARTS = 'balances, balances-refresh, balances-none, balance-account, balance-account-name, balance-list, balance, balance-loading, balance-error, receive-button, receive-panel, receive-qr, receive-address, receive-copy, receive-error';
const ACTIVITY_PARTS = 'activity, activity-refresh, activity-loading, activity-empty, activity-list, activity-item, activity-what, activity-when, activity-status';

/**
 * @summary The logged-in user's wallet, leading with what a person opens a wallet for: each
 * Ethereum and Solana account's balances in units with their symbols ("1.5 ETH", "25.00 USDC"),
 * refreshed on demand and after a send; Receive (the address, its QR code and Copy); Send (with
 * `send`); the recent sends with their status. The accounts follow, page by page. The rarer tools
 * are one step away under "More": sign a message
 * or EIP-712 typed data after reviewing exactly what is signed, reveal a wallet's recovery phrase
 * behind a warning and a confirmation (decrypted in this page, hidden again on Hide or when the
 * element leaves the page), import a private key (sealed in this page before it is sent), and add
 * an account (the next Ethereum or Solana account of a wallet).
 *
 * Balances, Receive and the activity list load in chunks of their own (`<latch-wallet-balances>`,
 * `<latch-wallet-receive>` with its QR encoder, `<latch-wallet-activity>`) once accounts are shown.
 * Balances are read through the service's get_wallet_address_balances route on `chain-id`
 * (Ethereum accounts) and `solana-chain` (Solana accounts); the activity through list_activities.
 *
 * It is a composition of elements a page can also use one by one: `<latch-wallet-accounts>`,
 * `<latch-wallet-sign>`, `<latch-wallet-send>` (with `send`), `<latch-wallet-create>` (with
 * `create-wallet`), `<latch-wallet-export>`, `<latch-wallet-import>` and
 * `<latch-wallet-add-account>`. Inside this card they share its one error region and one
 * announcer, and the sections sign with and export the accounts and wallets the list shows.
 * Their parts are forwarded (`exportparts`), so `latch-wallet::part(sign-button)` still styles them.
 *
 * With `generate-app-proofs`, "Add account" asks the enclave for App Proofs of the addresses it
 * derives; they are verified in the page against the addresses received and a
 * `<latch-proof-badge>` (loaded only then) shows the outcome. `trusted-root-sha256` and `expected-pcrs`
 * are passed to it: leave the root unset in production (the AWS Nitro root is trusted).
 *
 * The element works with a kit: its `kit` property, else the shared kit of its `proxy-url` and
 * `config-id`, else the page's `configure()` kit. It shows nothing but a prompt to log in until
 * that kit has a session, and follows logins and logouts. It never fetches and never holds a
 * session key: its sections call the session. The export and import cryptography (HPKE) and
 * Keccak-256 load only when used.
 *
 * @slot header - Replaces the heading ("Wallet").
 * @slot footer - Under everything, e.g. help or legal text.
 *
 * @event {LatchCopyEvent} latch-copy - The user copied an address: `detail.address`.
 * @event {LatchSignEvent} latch-sign - The user signed a message or typed data: `detail.address`, `detail.message`, `detail.typedData` (typed data only), `detail.parameters`, `detail.signature` (`r`, `s`, `v`).
 * @event {LatchSendEvent} latch-send - With `send`: the user sent a transaction: `detail.parameters`, `detail.sendTransactionStatusId`.
 * @event {LatchCreateWalletEvent} latch-create-wallet - With `create-wallet`: the user created a wallet: `detail.walletId`, `detail.walletName`, `detail.addresses`.
 * @event {LatchExportEvent} latch-export - The user revealed a recovery phrase: `detail.walletId` (never the phrase).
 * @event {LatchExportKeyEvent} latch-export-key - The user exported one account's or private key's key: `detail.address` or `detail.privateKeyId` (never the key).
 * @event {LatchAddAccountEvent} latch-add-account - The user added an account: `detail.walletId`, `detail.account`, `detail.addresses`.
 * @event {LatchImportEvent} latch-import - The user imported a private key: `detail.privateKeyId`, `detail.addresses`.
 * @event {LatchImportWalletEvent} latch-import-wallet - The user imported a recovery phrase: `detail.walletId`, `detail.addresses`.
 * @event {LatchErrorEvent} latch-error - A user action failed: `detail.error` (a LatchError). The element shows the message too.
 *
 * @csspart base - The card.
 * @csspart header - The heading area.
 * @csspart title - The default heading.
 * @csspart signed-out - The "log in" prompt.
 * @csspart loading - The loading text.
 * @csspart error - The error message, an assertive live region.
 * @csspart footer - The footer.
 * @csspart more - The "More" disclosure around the rarer tools (sign, export, import, add an account).
 * @csspart more-toggle - Its summary ("More").
 * @csspart balances - The balances section. (<latch-wallet-balances>, forwarded)
 * @csspart balances-refresh - The "Refresh balances" button. (<latch-wallet-balances>, forwarded)
 * @csspart balances-none - Said when no account has balances to show. (<latch-wallet-balances>, forwarded)
 * @csspart balance-account - One account's balances. (<latch-wallet-balances>, forwarded)
 * @csspart balance-account-name - The account's chain and short address. (<latch-wallet-balances>, forwarded)
 * @csspart balance-list - An account's balances (a list). (<latch-wallet-balances>, forwarded)
 * @csspart balance - One balance ("1.5 ETH"). (<latch-wallet-balances>, forwarded)
 * @csspart balance-loading - "Reading balances…". (<latch-wallet-balances>, forwarded)
 * @csspart balance-error - Why an account's balances could not be read. (<latch-wallet-balances>, forwarded)
 * @csspart receive-button - An account's "Receive" toggle. (<latch-wallet-balances>, forwarded)
 * @csspart receive-panel - The `<latch-wallet-receive>` of an account. (<latch-wallet-balances>, forwarded)
 * @csspart receive-qr - The address's QR code. (<latch-wallet-receive>, forwarded)
 * @csspart receive-address - The address to receive on. (<latch-wallet-receive>, forwarded)
 * @csspart receive-copy - The "Copy address" button. (<latch-wallet-receive>, forwarded)
 * @csspart receive-error - Said when the address could not be copied or the QR code drawn. (<latch-wallet-receive>, forwarded)
 * @csspart activity - The recent activity section. (<latch-wallet-activity>, forwarded)
 * @csspart activity-refresh - The "Refresh activity" button. (<latch-wallet-activity>, forwarded)
 * @csspart activity-loading - "Reading recent activity…". (<latch-wallet-activity>, forwarded)
 * @csspart activity-empty - "Nothing sent yet." (<latch-wallet-activity>, forwarded)
 * @csspart activity-list - The recent sends. (<latch-wallet-activity>, forwarded)
 * @csspart activity-item - One send. (<latch-wallet-activity>, forwarded)
 * @csspart activity-what - What was sent, to whom. (<latch-wallet-activity>, forwarded)
 * @csspart activity-when - When. (<latch-wallet-activity>, forwarded)
 * @csspart activity-status - Where it stands (`data-state`: PENDING, INCLUDED, FAILED…). (<latch-wallet-activity>, forwarded)
 * @csspart announcer - The visually hidden polite live region ("Address copied.").
 * @csspart empty - The "no accounts" text. (<latch-wallet-accounts>, forwarded)
 * @csspart retry - The button that loads the accounts again after an error. (<latch-wallet-accounts>, forwarded)
 * @csspart accounts - The list of accounts. (<latch-wallet-accounts>, forwarded)
 * @csspart account - One account. (<latch-wallet-accounts>, forwarded)
 * @csspart account-format - An account's address format ("Ethereum"). (<latch-wallet-accounts>, forwarded)
 * @csspart account-meta - An account's wallet name and derivation path. (<latch-wallet-accounts>, forwarded)
 * @csspart address - An address. (<latch-wallet-accounts>, forwarded)
 * @csspart copy-button - An account's copy button. (<latch-wallet-accounts>, forwarded)
 * @csspart pagination - The page navigation. (<latch-wallet-accounts>, forwarded)
 * @csspart previous - The "Previous" button. (<latch-wallet-accounts>, forwarded)
 * @csspart next - The "Next" button. (<latch-wallet-accounts>, forwarded)
 * @csspart page - The "Page n" label. (<latch-wallet-accounts>, forwarded)
 * @csspart sign - The signing section. (<latch-wallet-sign>, forwarded)
 * @csspart sign-account - The account select. (<latch-wallet-sign>, forwarded)
 * @csspart sign-kind - The "message or typed data" choice (Ethereum accounts). (<latch-wallet-sign>, forwarded)
 * @csspart sign-message - The message textarea. (<latch-wallet-sign>, forwarded)
 * @csspart sign-typed-data - The typed data (JSON) textarea. (<latch-wallet-sign>, forwarded)
 * @csspart sign-review - The "Review" button. (<latch-wallet-sign>, forwarded)
 * @csspart sign-preview - The preview of what will be signed. (<latch-wallet-sign>, forwarded)
 * @csspart sign-domain - The typed data's domain fields. (<latch-wallet-sign>, forwarded)
 * @csspart sign-fields - The typed data's message fields. (<latch-wallet-sign>, forwarded)
 * @csspart sign-button - The "Sign" button. (<latch-wallet-sign>, forwarded)
 * @csspart sign-edit - The "Edit" button. (<latch-wallet-sign>, forwarded)
 * @csspart signature - The signature (r, s, v). (<latch-wallet-sign>, forwarded)
 * @csspart send - The send section (with `send`). (<latch-wallet-send>, forwarded)
 * @csspart send-from - The account to send from. (<latch-wallet-send>, forwarded)
 * @csspart send-to - The recipient input. (<latch-wallet-send>, forwarded)
 * @csspart send-value - The amount (ETH) input. (<latch-wallet-send>, forwarded)
 * @csspart send-data - The call data input. (<latch-wallet-send>, forwarded)
 * @csspart send-review - The "Review" button. (<latch-wallet-send>, forwarded)
 * @csspart send-preview - What will be sent. (<latch-wallet-send>, forwarded)
 * @csspart send-button - The "Send" button. (<latch-wallet-send>, forwarded)
 * @csspart send-edit - The "Edit" button. (<latch-wallet-send>, forwarded)
 * @csspart tx-status - The sent transaction's `<latch-tx-status>`. (<latch-wallet-send>, forwarded)
 * @csspart export - The export section. (<latch-wallet-export>, forwarded)
 * @csspart export-what - What to export: the recovery phrase, one account's key, an imported key. (<latch-wallet-export>, forwarded)
 * @csspart export-wallet - The wallet select. (<latch-wallet-export>, forwarded)
 * @csspart export-account - The account select (one account's key). (<latch-wallet-export>, forwarded)
 * @csspart export-private-key - The imported private key select. (<latch-wallet-export>, forwarded)
 * @csspart export-no-keys - Said when the user has no imported private key to export. (<latch-wallet-export>, forwarded)
 * @csspart export-start - The "Export…" button. (<latch-wallet-export>, forwarded)
 * @csspart export-warning - The warning. (<latch-wallet-export>, forwarded)
 * @csspart export-confirm - The confirmation checkbox. (<latch-wallet-export>, forwarded)
 * @csspart reveal - The "Reveal recovery phrase" button. (<latch-wallet-export>, forwarded)
 * @csspart export-pending - While a consensus policy holds the export: what to do, and the request's fingerprint for the approver. (<latch-wallet-export>, forwarded)
 * @csspart export-fingerprint - The held export's fingerprint. (<latch-wallet-export>, forwarded)
 * @csspart step-up - "Confirm it's you" (`<latch-step-up>`) when the service wants a recent login before an export. (<latch-wallet-export>, forwarded)
 * @csspart mnemonic - The revealed recovery phrase (an ordered list of words). (<latch-wallet-export>, forwarded)
 * @csspart export-format - The exported key's format select (hex, Solana base58, WIF). (<latch-wallet-export>, forwarded)
 * @csspart exported-key - The exported key, masked until shown. (<latch-wallet-export>, forwarded)
 * @csspart key-reveal - The "Show key" / "Hide key" toggle. (<latch-wallet-export>, forwarded)
 * @csspart key-copy - The "Copy key" button. (<latch-wallet-export>, forwarded)
 * @csspart hide - The "Hide" (phrase) or "Done" (key) button. (<latch-wallet-export>, forwarded)
 * @csspart import - The import section (a form). (<latch-wallet-import>, forwarded)
 * @csspart import-mode - The "recovery phrase / private key" choice. (<latch-wallet-import>, forwarded)
 * @csspart import-name - The wallet's or key's name input. (<latch-wallet-import>, forwarded)
 * @csspart import-phrase - The masked recovery phrase input. (<latch-wallet-import>, forwarded)
 * @csspart import-accounts - The accounts to derive from a phrase (checkboxes). (<latch-wallet-import>, forwarded)
 * @csspart import-key - The masked private key input. (<latch-wallet-import>, forwarded)
 * @csspart import-detected - What the key was recognised as (hex, WIF, Solana). (<latch-wallet-import>, forwarded)
 * @csspart import-curve - The curve select (hex keys). (<latch-wallet-import>, forwarded)
 * @csspart import-formats - The address format checkboxes. (<latch-wallet-import>, forwarded)
 * @csspart import-submit - The "Import" button. (<latch-wallet-import>, forwarded)
 * @csspart import-result - The imported wallet's or key's addresses. (<latch-wallet-import>, forwarded)
 * @csspart add - The "Add account" section. (<latch-wallet-add-account>, forwarded)
 * @csspart add-wallet - The wallet select (when there are several wallets). (<latch-wallet-add-account>, forwarded)
 * @csspart add-format - The address format select. (<latch-wallet-add-account>, forwarded)
 * @csspart add-submit - The "Add account" button. (<latch-wallet-add-account>, forwarded)
 * @csspart add-result - The added account's address (and its App Proofs). (<latch-wallet-add-account>, forwarded)
 * @csspart proof-badge - The `<latch-proof-badge>` of the added account's App Proofs. (<latch-wallet-add-account>, forwarded)
 * @csspart create - The wallet creation section (with `create-wallet`). (<latch-wallet-create>, forwarded)
 * @csspart create-name - The new wallet's name. (<latch-wallet-create>, forwarded)
 * @csspart create-format - The first account's format. (<latch-wallet-create>, forwarded)
 * @csspart create-submit - The "Create wallet" button. (<latch-wallet-create>, forwarded)
 * @csspart create-result - The new wallet's first address. (<latch-wallet-create>, forwarded)
 * @csspart field-error - A field's validation message (forwarded from the sections).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWallet extends LatchKitAwareElement {
  static override readonly tag = 'latch-wallet';
  static override styles = [LatchElement.styles, controlStyles, walletStyles];

  /** Also defines the sections it is made of. */
  static override define(tag: string = this.tag): boolean {
    LatchWalletAccounts.define();
    LatchWalletSign.define();
    LatchWalletSend.define();
    LatchWalletExport.define();
    LatchWalletImport.define();
    LatchWalletAddAccount.define();
    LatchWalletCreate.define();
    return super.define(tag);
  }

  /** Show only this wallet's accounts (and export only it). Default: every account of the organization. */
  @property({ attribute: 'wallet-id' }) walletId: string | undefined;

  /** Accounts per page (1–99). */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 10;

  /** Shows the transaction send section (`<latch-wallet-send>`, Ethereum accounts); off by default, so pages written before it do not offer sending. */
  @property({ type: Boolean }) send = false;

  /** The EIP-155 chain the send section sends on, and whose balances Ethereum accounts show. */
  @property({ type: Number, attribute: 'chain-id' }) chainId = 1;

  /** The CAIP-2 id of the Solana cluster whose balances Solana accounts show (mainnet by default). */
  @property({ attribute: 'solana-chain' }) solanaChain = SOLANA_MAINNET;

  /** Shows the wallet creation section (`<latch-wallet-create>`); off by default, as `send`. */
  @property({ type: Boolean, attribute: 'create-wallet' }) createWallet = false;

  /** The "More" disclosure (sign, export, import, add an account) starts open: for pages about those tools. */
  @property({ type: Boolean, attribute: 'tools-open' }) toolsOpen = false;

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

  @state() private signedIn = false;
  @state() private accounts: readonly WalletAccount[] = [];
  @state() private wallets: ReadonlyMap<string, string> = new Map();
  @state() private failure = '';
  /** The lazily loaded sections are defined (balances, activity). */
  @state() private lazyReady = false;
  #lazyLoading: Promise<void> | undefined;

  readonly #announcer = new AnnouncerController(this);
  readonly #kit = new KitSessionController(this, (session, change) => this.#onSession(session, change));

  /** What the sections report through: this card's regions, and the list to refresh. */
  readonly #outlet: WalletOutlet = {
    announce: (message) => this.#announcer.announce(message),
    showError: (message) => {
      this.failure = message;
    },
    accountsChanged: () => this.reload(),
    accountsShown: (accounts, wallets) => {
      this.accounts = accounts;
      // Wallets seen on earlier pages stay offered (export, add account).
      this.wallets = new Map([...this.wallets, ...wallets]);
    },
  };

  /** The accounts currently shown, for hosts that need them (read-only copies). */
  get shownAccounts(): readonly WalletAccount[] {
    return [...this.accounts];
  }

  constructor() {
    super();
    // A send the service took shows in the activity at once; once the chain has settled it
    // (<latch-tx-status>'s last reading), balances and activity are read again.
    this.addEventListener(LatchSendEvent.type, () => void this.#activity()?.refresh());
    this.addEventListener('latch-tx-status', (event) => {
      if (!(event as LatchTxStatusEvent).detail.final) return;
      void this.refreshBalances();
      void this.#activity()?.refresh();
    });
  }

  /** Reloads the first page of accounts. */
  async reload(): Promise<void> {
    await this.renderRoot.querySelector<LatchWalletAccounts>('latch-wallet-accounts')?.reload();
  }

  /** Reads the shown accounts' balances again (what the Refresh button does, without announcing). */
  async refreshBalances(): Promise<void> {
    await this.renderRoot.querySelector<LatchWalletBalances>('latch-wallet-balances')?.refresh?.();
  }

  #activity(): LatchWalletActivity | null {
    const activity = this.renderRoot.querySelector<LatchWalletActivity>('latch-wallet-activity');
    return activity && typeof activity.refresh === 'function' ? activity : null;
  }

  /** Loads and defines the balances and activity sections (their own chunks), once. */
  #loadLazySections(): Promise<void> {
    this.#lazyLoading ??= Promise.all([import('../latch-wallet-balances/latch-wallet-balances.ts'), import('../latch-wallet-activity/latch-wallet-activity.ts')]).then(
      ([balances, activity]) => {
        balances.LatchWalletBalances.define();
        activity.LatchWalletActivity.define();
        this.lazyReady = true;
      },
      (error: unknown) => {
        // A chunk that did not load (offline, a deploy in between): the rest of the wallet works.
        this.#lazyLoading = undefined;
        this.failure = this.errorText(error);
      },
    );
    return this.#lazyLoading;
  }

  /** Also waits for the sections' own updates, so `await wallet.updateComplete` means the whole card. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    if (this.#lazyLoading) {
      await this.#lazyLoading;
      done = (await super.getUpdateComplete()) && done;
    }
    const sections = Array.from(this.renderRoot.querySelectorAll<LatchElement>('.sections > *'));
    const all = await Promise.all(sections.map((section) => section.updateComplete ?? true));
    return done && all.every(Boolean);
  }

  #onSession(session: SigningSession | null, change: SessionChange): void {
    this.signedIn = session !== null;
    // The same user's fresh login (a step-up in the export section) keeps the sections: the
    // export under way goes on with it. Another user, or none, starts over.
    if (change.sameUser) return;
    this.accounts = [];
    this.wallets = new Map();
    this.failure = '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Another wallet shown: only its wallets are offered for export and new accounts.
    if (changed.has('walletId') && this.hasUpdated) this.wallets = new Map();
    if (this.signedIn && this.accounts.length > 0 && !this.lazyReady) void this.#loadLazySections();
  }

  protected override render(): TemplateResult {
    return renderCard({
      title: this.t('wallet.title'),
      error: this.failure,
      body: this.signedIn ? this.#renderSections() : this.#renderSignedOut(),
      announcer: this.#announcer.render(),
    });
  }

  #renderSignedOut(): TemplateResult {
    return this.#kit.restoring
      ? html`<p part="loading" class="muted">${this.t('wallet.loading')}</p>`
      : html`<p part="signed-out" class="muted">${this.t('wallet.signedOut')}</p>`;
  }

  #renderSections(): TemplateResult {
    // Every section gets the same kit, language, theme and outlet as the card.
    const kit = this.resolvedKit;
    const locale = this.locale ?? nothing;
    const accent = this.accent ?? nothing;
    const hasWallets = this.wallets.size > 0;
    const hasAccounts = this.accounts.length > 0;
    return html`<div class="sections">
      ${hasAccounts && this.lazyReady
        ? html`<latch-wallet-balances
            exportparts=${BALANCES_PARTS}
            .kit=${kit}
            .config=${this.config}
            .outlet=${this.#outlet}
            locale=${locale}
            accent=${accent}
            .accounts=${this.accounts}
            chain-id=${this.chainId}
            solana-chain=${this.solanaChain}
          ></latch-wallet-balances>`
        : nothing}
      ${hasAccounts && this.send
        ? html`<latch-wallet-send exportparts=${WALLET_PARTS.send} .kit=${kit} .config=${this.config} .outlet=${this.#outlet} locale=${locale} accent=${accent} .accounts=${this.accounts} chain-id=${this.chainId}></latch-wallet-send>`
        : nothing}
      ${hasAccounts && this.lazyReady
        ? html`<latch-wallet-activity exportparts=${ACTIVITY_PARTS} .kit=${kit} .config=${this.config} .outlet=${this.#outlet} locale=${locale} accent=${accent}></latch-wallet-activity>`
        : nothing}
      <latch-wallet-accounts
        exportparts=${WALLET_PARTS.accounts}
        .kit=${kit}
        .config=${this.config}
        .outlet=${this.#outlet}
        locale=${locale}
        accent=${accent}
        wallet-id=${this.walletId ?? nothing}
        page-size=${this.pageSize}
      ></latch-wallet-accounts>
      ${this.createWallet
        ? html`<latch-wallet-create exportparts=${WALLET_PARTS.create} .kit=${kit} .config=${this.config} .outlet=${this.#outlet} locale=${locale} accent=${accent}></latch-wallet-create>`
        : nothing}
      <details part="more" class="more" ?open=${this.toolsOpen}>
        <summary part="more-toggle">${this.t('wallet.more')}</summary>
        <div class="sections">
      ${this.accounts.length > 0 && !this.noSign
        ? html`<latch-wallet-sign exportparts=${WALLET_PARTS.sign} .kit=${kit} .config=${this.config} .outlet=${this.#outlet} locale=${locale} accent=${accent} .accounts=${this.accounts}></latch-wallet-sign>`
        : nothing}
      ${hasWallets && !this.noExport
        ? html`<latch-wallet-export
            exportparts=${WALLET_PARTS.export}
            .kit=${kit}
            .config=${this.config}
            .outlet=${this.#outlet}
            locale=${locale}
            accent=${accent}
            wallet-id=${this.walletId ?? nothing}
            .wallets=${this.wallets}
            .accounts=${this.accounts}
          ></latch-wallet-export>`
        : nothing}
      ${!this.noImport
        ? html`<latch-wallet-import exportparts=${WALLET_PARTS.import} .kit=${kit} .config=${this.config} .outlet=${this.#outlet} locale=${locale} accent=${accent}></latch-wallet-import>`
        : nothing}
      ${hasWallets && !this.noAdd
        ? html`<latch-wallet-add-account
            exportparts=${WALLET_PARTS.add}
            .kit=${kit}
            .config=${this.config}
            .outlet=${this.#outlet}
            locale=${locale}
            accent=${accent}
            wallet-id=${this.walletId ?? nothing}
            .wallets=${this.wallets}
            ?generate-app-proofs=${this.generateAppProofs}
            trusted-root-sha256=${this.trustedRootSha256 || nothing}
            .expectedPcrs=${this.expectedPcrs}
          ></latch-wallet-add-account>`
        : nothing}
        </div>
      </details>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet': LatchWallet;
  }
}
