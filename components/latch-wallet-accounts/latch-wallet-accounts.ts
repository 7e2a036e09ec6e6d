import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { WalletAccount } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { copyText } from '../internal/copy-text.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { addressFormatLabel } from '../latch-wallet/address-labels.ts';
import { LatchCopyEvent } from '../latch-wallet/wallet-events.ts';

type ListStatus = 'signed-out' | 'loading' | 'ready' | 'error';

const DEFAULT_PAGE_SIZE = 10;
// One more than the page is asked for, to learn whether another page follows (limit ≤ 100).
const MAX_PAGE_SIZE = 99;

/**
 * @summary The logged-in user's wallet accounts, page by page, each with its chain, wallet name,
 * derivation path and a Copy button. Alone on a page it is a card of its own; `<latch-wallet>`
 * shows it as its account list.
 *
 * @event {LatchCopyEvent} latch-copy - The user copied an address: `detail.address`.
 * @event {LatchErrorEvent} latch-error - Loading a page the user asked for failed: `detail.error` (a LatchError).
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart loading - The loading text.
 * @csspart empty - The "no accounts" text.
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
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletAccounts extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-accounts';

  /** Show only this wallet's accounts. Default: every account of the organization. */
  @property({ attribute: 'wallet-id' }) walletId: string | undefined;

  /** Accounts per page (1–99). */
  @property({ type: Number, attribute: 'page-size' }) pageSize = DEFAULT_PAGE_SIZE;

  @state() private status: ListStatus = 'signed-out';
  @state() private accounts: WalletAccount[] = [];
  @state() private page = 1;
  @state() private hasPrevious = false;
  @state() private hasNext = false;

  /** Wallets seen in the listings: id → name (what export and "Add account" offer). */
  readonly #wallets = new Map<string, string>();
  /** Bumped by each listing, so a slow answer for an older request is dropped. */
  #listing = 0;
  /** The error region shows a refused copy: the next good copy clears it. */
  #copyFailed = false;

  /** The accounts shown now (a read-only copy). */
  get shownAccounts(): readonly WalletAccount[] {
    return [...this.accounts];
  }

  /** The wallets seen so far: id → name. */
  get wallets(): ReadonlyMap<string, string> {
    return new Map(this.#wallets);
  }

  /** Reloads the first page of accounts. */
  reload(): Promise<void> {
    return this.#list('first');
  }

  protected override sessionChanged(session: SigningSession | null, change: SessionChange): void {
    if (change.sameUser) return; // a step-up's fresh login: the same accounts, keep what is shown
    this.#wallets.clear();
    this.accounts = [];
    this.#copyFailed = false;
    if (session) void this.#list('first');
    else this.status = 'signed-out';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (this.hasUpdated && (changed.has('walletId') || changed.has('pageSize')) && this.session) void this.#list('first');
  }

  get #size(): number {
    const n = Math.trunc(Number(this.pageSize));
    return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  }

  async #list(direction: 'first' | 'next' | 'previous', byUser = false): Promise<void> {
    const session = this.session;
    if (!session) return;
    const size = this.#size;
    const ticket = ++this.#listing;
    const generation = this.kitSession.generation;
    const cursor = direction === 'next' ? { after: this.accounts.at(-1)?.walletAccountId } : direction === 'previous' ? { before: this.accounts[0]?.walletAccountId } : {};
    this.status = 'loading';
    // A page the user asked for is announced as it loads (the first load shows its own text).
    if (byUser) this.announce(this.t('wallet.loading'));
    this.showError('');
    try {
      const found = await session.listWalletAccounts({
        ...(this.walletId ? { walletId: this.walletId } : {}),
        includeWalletDetails: true,
        limit: size + 1,
        ...cursor,
      });
      // Another user, or nobody, since we asked: drop it. The same user's fresh login (a
      // step-up's, or a login the page's restore raced) keeps it: no new list follows that.
      if (ticket !== this.#listing || generation !== this.kitSession.generation) return;
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
      this.status = 'ready';
      this.outlet?.accountsShown(this.shownAccounts, this.wallets);
      if (direction !== 'first' || byUser) this.announce(this.t('wallet.pageShown', { page: this.page, count: this.accounts.length }));
    } catch (error) {
      if (ticket !== this.#listing || generation !== this.kitSession.generation) return;
      this.status = 'error';
      this.fail(error, byUser);
    }
  }

  protected override render(): TemplateResult {
    // Inside <latch-wallet> the list is the card's first block, under a heading only screen
    // readers need (the wallet's title says what the card is).
    if (this.outlet) return html`<div class="accounts-area" aria-busy=${this.status === 'loading' ? 'true' : 'false'}>${this.#renderList()}</div>`;
    return this.frame('', 'accounts-title', this.t('wallet.accounts'), html`<div class="accounts-area" aria-busy=${this.status === 'loading' ? 'true' : 'false'}>${this.#renderList()}</div>`);
  }

  #renderList(): TemplateResult {
    const status = this.status;
    const showPager = this.hasNext || this.hasPrevious;
    return html`
      ${this.outlet ? html`<h3 id="accounts-title" class="visually-hidden">${this.t('wallet.accounts')}</h3>` : nothing}
      ${status === 'loading' ? html`<p part="loading" class="muted">${this.t('wallet.loading')}</p>` : nothing}
      ${status === 'error' ? html`<button part="retry" type="button" @click=${this.#onRetry}>${this.t('common.retry')}</button>` : nothing}
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
            <button part="next" type="button" aria-disabled=${this.hasNext && status === 'ready' ? 'false' : 'true'} @click=${this.#onNext}>${this.t('wallet.next')}</button>
          </nav>`
        : nothing}
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

  readonly #onRetry = (): void => {
    void this.#list('first', true);
  };

  // Buttons stay focusable while inert (aria-disabled), so focus stays put during a load.
  readonly #onPrevious = (): void => {
    if (this.hasPrevious && this.status === 'ready') void this.#list('previous', true);
  };

  readonly #onNext = (): void => {
    if (this.hasNext && this.status === 'ready') void this.#list('next', true);
  };

  async #copy(address: string): Promise<void> {
    if (!(await copyText(address))) {
      // No clipboard permission or focus: the address stays selectable on screen.
      this.#copyFailed = true;
      this.showError(this.t('wallet.copyFailed'));
      return;
    }
    if (this.#copyFailed) this.showError('');
    this.#copyFailed = false;
    this.announce(this.t('wallet.copied'));
    this.dispatchEvent(new LatchCopyEvent({ address }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-accounts': LatchWalletAccounts;
  }
}
