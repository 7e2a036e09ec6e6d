import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { activityResult } from '../../src/clients/activity-client.ts';
import type { AppProof, WalletAccountParams } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { addressFormatLabel } from '../latch-wallet/address-labels.ts';
import { listAccounts, walletsOf } from '../latch-wallet/list-accounts.ts';
import { ADDABLE_FORMATS, nextAccount, type AddableFormat } from '../latch-wallet/next-account.ts';
import { LatchAddAccountEvent } from '../latch-wallet/wallet-events.ts';

/** What "Add account" created, and the App Proofs the activity answered with. */
interface AddedAccount {
  account: WalletAccountParams;
  addresses: string[];
  appProofs: AppProof[];
  organizationId: string | undefined;
}

/**
 * @summary Adds the next Ethereum or Solana account to a wallet (after the highest path the
 * wallet has). With `generate-app-proofs`, the enclave's App Proofs of the new addresses are
 * verified in the page and a `<latch-proof-badge>` (loaded only then) shows the outcome;
 * `trusted-root-sha256` and `expected-pcrs` are passed to it (leave the root unset in production).
 *
 * @event {LatchAddAccountEvent} latch-add-account - The user added an account: `detail.walletId`, `detail.account`, `detail.addresses`.
 * @event {LatchErrorEvent} latch-error - Adding failed: `detail.error` (a LatchError).
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart add - The "Add account" section.
 * @csspart add-wallet - The wallet select (when there are several wallets).
 * @csspart add-format - The address format select.
 * @csspart add-submit - The "Add account" button.
 * @csspart add-result - The added account's address (and its App Proofs).
 * @csspart proof-badge - The `<latch-proof-badge>` of the added account's App Proofs.
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletAddAccount extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-add-account';

  /** Add to this wallet. Default: the user chooses among the wallets. */
  @property({ attribute: 'wallet-id' }) walletId: string | undefined;

  /** The wallets to offer: id → name. Unset, the element finds the user's wallets itself. */
  @property({ attribute: false }) wallets: ReadonlyMap<string, string> | undefined;

  /** Asks for App Proofs, verifies them in the page and shows a `<latch-proof-badge>`. */
  @property({ type: Boolean, attribute: 'generate-app-proofs' }) generateAppProofs = false;

  /** Passed to the badge: SHA-256 (hex) of a root to trust instead of AWS Nitro's (tests, the emulator). */
  @property({ attribute: 'trusted-root-sha256' }) trustedRootSha256: string | undefined;

  /** Passed to the badge: PCR values (hex, by index 0..3) to pin; as an attribute, JSON. */
  @property({ attribute: 'expected-pcrs', type: Object }) expectedPcrs: Partial<Record<0 | 1 | 2 | 3, string>> | undefined;

  @state() private ownWallets: ReadonlyMap<string, string> = new Map();
  @state() private addWalletId = '';
  @state() private format: AddableFormat = ADDABLE_FORMATS[0]!;
  @state() private adding = false;
  @state() private added: AddedAccount | null = null;

  get #wallets(): ReadonlyMap<string, string> {
    return this.wallets ?? this.ownWallets;
  }

  protected override sessionChanged(session: SigningSession | null, change: SessionChange): void {
    if (change.sameUser) return; // a step-up's fresh login: the same accounts, keep what is shown
    this.added = null;
    this.ownWallets = new Map();
    if (session && !this.wallets) void this.#loadOwn(session);
  }

  #loadOwn(session: SigningSession): Promise<void> {
    return this.listOwn(session, { walletId: this.walletId, includeWalletDetails: true }, (found) => (this.ownWallets = walletsOf(found)));
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    // Alone on a page, another wallet-id means other accounts to offer: list them again.
    if (this.hasUpdated && changed.has('walletId') && this.session && !this.wallets) void this.#loadOwn(this.session);
    if (!this.addWalletId || !this.#wallets.has(this.addWalletId)) this.addWalletId = this.walletId ?? this.#wallets.keys().next().value ?? '';
  }

  protected override render(): TemplateResult {
    return this.frame('add', 'add-title', this.t('wallet.add.title'), this.#wallets.size > 0 || this.walletId ? this.#renderBody() : nothing);
  }

  #renderBody(): TemplateResult {
    const wallets = [...this.#wallets.entries()];
    return html`
      <form class="add-form" novalidate @submit=${this.#onAdd}>
        ${wallets.length > 1 && !this.walletId
          ? html`<div class="field">
              <label for="add-wallet">${this.t('wallet.add.wallet')}</label>
              <select part="add-wallet" id="add-wallet" ?disabled=${this.adding} @change=${this.#onWallet}>
                ${wallets.map(([id, name]) => html`<option value=${id} ?selected=${id === this.addWalletId}>${name}</option>`)}
              </select>
            </div>`
          : nothing}
        <div class="field">
          <label for="add-format">${this.t('wallet.add.format')}</label>
          <select part="add-format" id="add-format" ?disabled=${this.adding} @change=${this.#onFormat}>
            ${ADDABLE_FORMATS.map((format) => html`<option value=${format} ?selected=${format === this.format}>${addressFormatLabel(format, this)}</option>`)}
          </select>
        </div>
        <div class="row">
          <button part="add-submit" class="primary" type="submit" aria-disabled=${this.adding ? 'true' : 'false'}>
            ${this.adding ? this.t('wallet.add.adding') : this.t('wallet.add.submit')}
          </button>
        </div>
      </form>
      ${this.added ? this.#renderAdded(this.added) : nothing}
    `;
  }

  #renderAdded(added: AddedAccount): TemplateResult {
    return html`<div part="add-result" class="result">
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
              .kit=${this.kitSession.kit}
              .proofs=${added.appProofs}
              .expectedAddresses=${added.addresses}
              organization-id=${added.organizationId ?? nothing}
              trusted-root-sha256=${this.trustedRootSha256 || nothing}
              .expectedPcrs=${this.expectedPcrs}
              locale=${this.resolvedLocale}
            ></latch-proof-badge>
          </div>`
        : nothing}
    </div>`;
  }

  readonly #onWallet = (event: Event): void => {
    this.addWalletId = (event.target as HTMLSelectElement).value;
  };

  readonly #onFormat = (event: Event): void => {
    this.format = (event.target as HTMLSelectElement).value as AddableFormat;
  };

  readonly #onAdd = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const session = this.session;
    const walletId = this.walletId || this.addWalletId;
    if (!session || !walletId || this.adding) return;
    const withProofs = this.generateAppProofs;
    this.adding = true;
    this.announce(this.t('wallet.add.adding'));
    this.added = null;
    this.showError('');
    // The badge (and, through it, the verifier) loads only for a page that asks for proofs,
    // while the account is being made.
    const badge = withProofs ? import('../latch-proof-badge/latch-proof-badge.ts').then(({ LatchProofBadge }) => LatchProofBadge.define()) : undefined;
    try {
      const account = nextAccount(this.format, await listAccounts(session, { walletId }));
      const activity = await session.submit('create_wallet_accounts', { walletId, accounts: [account] }, withProofs ? { generateAppProofs: true } : {});
      const { addresses } = activityResult(activity);
      if (badge) await badge;
      if (session !== this.session) return;
      this.added = { account, addresses, appProofs: Array.isArray(activity.appProofs) ? activity.appProofs : [], organizationId: session.summary?.organizationId };
      this.dispatchEvent(new LatchAddAccountEvent({ walletId, account, addresses }));
      // Inside <latch-wallet> the list shows the new account before "Account added." is said.
      await this.outlet?.accountsChanged();
      this.announce(this.t('wallet.add.added'));
    } catch (error) {
      this.fail(error, true);
    } finally {
      this.adding = false;
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-add-account': LatchWalletAddAccount;
  }
}
