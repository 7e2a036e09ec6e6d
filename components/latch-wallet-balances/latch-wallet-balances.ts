import { css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { WalletAccount } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { formatBalance, readWalletBalances, type WalletBalance } from '../../src/account/wallet-balances.ts';
import { toLatchError } from '../../src/kit/to-latch-error.ts';
import { shortId } from '../internal/copy-text.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { addressFormatLabel } from '../latch-wallet/address-labels.ts';
import './balances-messages.ts';

/** Solana mainnet's CAIP-2 id (what the hosted service calls solana:mainnet). */
export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

type Reading = { status: 'loading' } | { status: 'ready'; balances: readonly WalletBalance[] } | { status: 'error'; message: string };

/**
 * @summary Each Ethereum and Solana account's balances, the native coin and the tokens the
 * service knows, in units with their symbols ("1.5 ETH", "25.00 USDC"), read through the
 * service's get_wallet_address_balances route and written exactly from base units. A Refresh
 * button reads them again (and says so in the polite live region), as `refresh()` does;
 * `<latch-wallet>` calls it after a send. Each account has a Receive button that shows its
 * address with a QR code and a Copy button (`<latch-wallet-receive>`, loaded only then).
 *
 * @event {LatchCopyEvent} latch-copy - The user copied an address from Receive: `detail.address`.
 * @event {LatchErrorEvent} latch-error - A refresh the user asked for failed for every account: `detail.error`.
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart loading - The "Restoring…" text (alone on a page).
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 * @csspart balances - The section.
 * @csspart balances-refresh - The "Refresh balances" button.
 * @csspart balances-none - Said when no account has balances to show.
 * @csspart balance-account - One account's block.
 * @csspart balance-account-name - The account's chain and short address.
 * @csspart balance-list - The account's balances (a list).
 * @csspart balance - One balance ("1.5 ETH").
 * @csspart balance-loading - "Reading balances…" for one account.
 * @csspart balance-error - Why one account's balances could not be read.
 * @csspart receive-button - The account's "Receive" toggle.
 * @csspart receive-panel - The `<latch-wallet-receive>` of the account.
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletBalances extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-balances';
  static override styles = [
    ...WalletSectionElement.styles,
    css`
      .balances-head {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: var(--_space-sm);
      }
      .balance-accounts {
        display: flex;
        flex-direction: column;
        gap: var(--_space-md);
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .balance-account {
        display: flex;
        flex-direction: column;
        gap: var(--_space-xs);
        padding: var(--_space-md);
        background: var(--_color-surface-subtle);
        border-radius: var(--_radius);
      }
      .balance-row {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: var(--_space-sm);
      }
      .balance-list {
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .balance {
        font-size: var(--_font-size-lg, 1.25rem);
        font-weight: var(--_font-weight-medium);
        font-variant-numeric: tabular-nums;
        overflow-wrap: anywhere;
        unicode-bidi: isolate;
      }
    `,
  ];

  /** The EIP-155 chain whose balances Ethereum accounts show (11155111 Sepolia). */
  @property({ type: Number, attribute: 'chain-id' }) chainId = 1;

  /** The CAIP-2 id of the Solana cluster whose balances Solana accounts show (mainnet by default). */
  @property({ attribute: 'solana-chain' }) solanaChain = SOLANA_MAINNET;

  /** Show only this wallet's accounts (alone on a page). */
  @property({ attribute: 'wallet-id' }) walletId: string | undefined;

  /** The accounts to show. Unset, the element lists the user's accounts itself. */
  @property({ attribute: false }) accounts: readonly WalletAccount[] | undefined;

  @state() private ownAccounts: readonly WalletAccount[] = [];
  @state() private readings: ReadonlyMap<string, Reading> = new Map();
  @state() private receiving = '';

  /** Bumped by each refresh, so a slower older reading is dropped. */
  #ticket = 0;
  #reading: Promise<void> = Promise.resolve();

  get #shown(): readonly WalletAccount[] {
    return (this.accounts ?? this.ownAccounts).filter((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM' || a.addressFormat === 'ADDRESS_FORMAT_SOLANA');
  }

  #caip2(account: WalletAccount): string {
    return account.addressFormat === 'ADDRESS_FORMAT_SOLANA' ? this.solanaChain : `eip155:${this.chainId}`;
  }

  /** Reads every shown account's balances again; `byUser` says the outcome in the live region. */
  refresh(byUser = false): Promise<void> {
    this.#reading = this.#read(byUser);
    return this.#reading;
  }

  /** Also waits for the balances being read, so `await el.updateComplete` means they are shown. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.#reading;
    const receive = this.renderRoot.querySelector<HTMLElement & { updateComplete: Promise<boolean> }>('latch-wallet-receive');
    return (await super.getUpdateComplete()) && done && (receive ? await receive.updateComplete : true);
  }

  protected override sessionChanged(session: SigningSession | null, change: SessionChange): void {
    if (change.sameUser) return;
    this.ownAccounts = [];
    this.readings = new Map();
    this.receiving = '';
    if (session && !this.accounts) void this.listOwn(session, { walletId: this.walletId }, (found) => (this.ownAccounts = found));
  }

  // After the update, not in willUpdate: the session comes in during the update (the controller's
  // hostUpdate runs after willUpdate), and a state set in updated() starts the next update.
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.session) return;
    // Read the accounts not read yet (the first update with a session, a new page of accounts,
    // another chain); the others keep their figures. A read puts every key in at once.
    const keys = this.#shown.map((a) => `${this.#caip2(a)} ${a.address}`);
    if (keys.some((key) => !this.readings.has(key))) void this.refresh();
  }

  async #read(byUser: boolean): Promise<void> {
    const session = this.session;
    if (!session) return;
    const ticket = ++this.#ticket;
    const generation = this.kitSession.generation;
    const accounts = this.#shown;
    const keyOf = (a: WalletAccount) => `${this.#caip2(a)} ${a.address}`;
    // Figures already shown stay while they are read again (no flicker); new ones say "Reading".
    this.readings = new Map(accounts.map((a) => [keyOf(a), this.readings.get(keyOf(a)) ?? { status: 'loading' }]));
    if (byUser) this.announce(this.t('wallet.balances.loading'));
    const read = await Promise.all(
      accounts.map(async (account): Promise<[string, Reading]> => {
        try {
          return [keyOf(account), { status: 'ready', balances: await readWalletBalances(session, account.address, this.#caip2(account)) }];
        } catch (error) {
          return [keyOf(account), { status: 'error', message: this.errorText(toLatchError(error)) }];
        }
      }),
    );
    if (ticket !== this.#ticket || generation !== this.kitSession.generation) return;
    this.readings = new Map(read);
    if (!byUser) return;
    const failed = read.filter(([, reading]) => reading.status === 'error');
    if (failed.length > 0 && failed.length === read.length) this.showError(this.t('wallet.balances.failed'));
    else {
      this.showError('');
      this.announce(this.t('wallet.balances.updated'));
    }
  }

  readonly #onRefresh = (): void => {
    void this.refresh(true);
  };

  async #toggleReceive(address: string): Promise<void> {
    if (this.receiving === address) {
      this.receiving = '';
      return;
    }
    const { LatchWalletReceive } = await import('../latch-wallet-receive/latch-wallet-receive.ts');
    LatchWalletReceive.define();
    this.receiving = address;
  }

  protected override render(): TemplateResult {
    const accounts = this.#shown;
    const busy = [...this.readings.values()].some((r) => r.status === 'loading');
    const body = html`
      <div class="balances-head">
        ${this.outlet ? html`<h3 id="balances-title">${this.t('wallet.balances.title')}</h3>` : html`<span></span>`}
        <button part="balances-refresh" class="small" type="button" aria-disabled=${busy ? 'true' : 'false'} @click=${this.#onRefresh}>${this.t('wallet.balances.refresh')}</button>
      </div>
      ${accounts.length === 0
        ? html`<p part="balances-none" class="muted">${this.t('wallet.balances.none')}</p>`
        : html`<ul class="balance-accounts" aria-busy=${busy ? 'true' : 'false'}>
            ${accounts.map((account, i) => this.#renderAccount(account, i))}
          </ul>`}
    `;
    // Inside <latch-wallet> the heading sits beside the Refresh button; alone the frame draws it.
    if (this.outlet) return html`<section part="balances" class="section" aria-labelledby="balances-title">${body}</section>`;
    return this.frame('balances', 'balances-title', this.t('wallet.balances.title'), body);
  }

  #renderAccount(account: WalletAccount, index: number): TemplateResult {
    const reading = this.readings.get(`${this.#caip2(account)} ${account.address}`) ?? { status: 'loading' };
    const nameId = `balance-account-${index}`;
    const panelId = `receive-${index}`;
    const chain = addressFormatLabel(account.addressFormat, this);
    const open = this.receiving === account.address;
    return html`<li part="balance-account" class="balance-account">
      <div class="balance-row">
        <span part="balance-account-name" id=${nameId}>${chain} · <span class="mono">${shortId(account.address)}</span></span>
        <button part="receive-button" class="small" type="button" aria-expanded=${open ? 'true' : 'false'} aria-controls=${panelId} aria-describedby=${nameId} @click=${() => this.#toggleReceive(account.address)}>
          ${this.t(open ? 'wallet.balances.hideReceive' : 'wallet.balances.receive')}
        </button>
      </div>
      ${reading.status === 'loading' ? html`<p part="balance-loading" class="muted">${this.t('wallet.balances.loading')}</p>` : nothing}
      ${reading.status === 'error' ? html`<p part="balance-error" class="muted">${this.t('wallet.balances.failed')} ${reading.message}</p>` : nothing}
      ${reading.status === 'ready'
        ? html`<ul part="balance-list" class="balance-list" aria-label=${this.t('wallet.balances.of', { account: `${chain} ${shortId(account.address)}` })}>
            ${reading.balances.map((balance) => html`<li part="balance" class="balance">${formatBalance(balance, this.resolvedLocale)}</li>`)}
          </ul>`
        : nothing}
      <div id=${panelId}>
        ${open
          ? html`<latch-wallet-receive part="receive-panel" exportparts="receive-qr, receive-address, receive-copy, receive-error" .address=${account.address} .chain=${chain} locale=${this.resolvedLocale} accent=${this.accent ?? nothing}></latch-wallet-receive>`
          : nothing}
      </div>
    </li>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-balances': LatchWalletBalances;
  }
}
