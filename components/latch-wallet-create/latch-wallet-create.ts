import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { activityResult } from '../../src/clients/activity-client.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { addressFormatLabel } from '../latch-wallet/address-labels.ts';
import { ADDABLE_FORMATS, nextAccount, type AddableFormat } from '../latch-wallet/next-account.ts';
import { LatchCreateWalletEvent } from '../latch-wallet/wallet-events.ts';

/** A wallet this element created. */
interface CreatedWallet {
  walletId: string;
  walletName: string;
  format: AddableFormat;
  addresses: string[];
}

// The service's limit on a wallet name (it refuses longer ones); checked here to say so first.
const MAX_NAME = 256;

/**
 * @summary Creates a wallet (a new recovery phrase, made in the enclave) with a name and its
 * first Ethereum or Solana account. The service has no operation to rename a wallet, so this
 * element offers none.
 *
 * @event {LatchCreateWalletEvent} latch-create-wallet - The user created a wallet: `detail.walletId`, `detail.walletName`, `detail.addresses`.
 * @event {LatchErrorEvent} latch-error - Creating failed: `detail.error` (a LatchError).
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart create - The section.
 * @csspart create-name - The wallet name input.
 * @csspart create-format - The first account's address format.
 * @csspart create-submit - The "Create wallet" button.
 * @csspart create-result - The new wallet and its first address.
 * @csspart field-error - The name's validation message.
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletCreate extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-create';

  @state() private format: AddableFormat = ADDABLE_FORMATS[0]!;
  @state() private creating = false;
  @state() private created: CreatedWallet | null = null;
  @state() private nameError: string | undefined;

  protected override sessionChanged(_session: SigningSession | null, change: SessionChange): void {
    if (change.sameUser) return; // a step-up's fresh login: the same accounts, keep what is shown
    this.created = null;
    this.nameError = undefined;
  }

  protected override render(): TemplateResult {
    return this.frame('create', 'create-title', this.t('wallet.create.title'), this.#renderForm());
  }

  #renderForm(): TemplateResult {
    const created = this.created;
    return html`
      <form class="add-form" novalidate @submit=${this.#onCreate}>
        <div class="field">
          <label for="create-name">${this.t('wallet.create.name')}</label>
          <input
            part="create-name"
            id="create-name"
            name="name"
            type="text"
            autocomplete="off"
            maxlength=${MAX_NAME}
            aria-invalid=${this.nameError ? 'true' : 'false'}
            aria-describedby="create-name-error"
          />
          <div part="field-error" id="create-name-error" class="field-error">${this.nameError ?? nothing}</div>
        </div>
        <div class="field">
          <label for="create-format">${this.t('wallet.create.format')}</label>
          <select part="create-format" id="create-format" ?disabled=${this.creating} @change=${this.#onFormat}>
            ${ADDABLE_FORMATS.map((format) => html`<option value=${format} ?selected=${format === this.format}>${addressFormatLabel(format, this)}</option>`)}
          </select>
        </div>
        <div class="row">
          <button part="create-submit" class="primary" type="submit" aria-disabled=${this.creating ? 'true' : 'false'}>
            ${this.creating ? this.t('wallet.create.creating') : this.t('wallet.create.submit')}
          </button>
        </div>
      </form>
      ${created
        ? html`<div part="create-result" class="result">
            <p class="success" id="created-title">${this.t('wallet.create.done', { name: created.walletName })}</p>
            <dl aria-labelledby="created-title">
              ${created.addresses.map((address) => html`<dt>${addressFormatLabel(created.format, this)}</dt><dd><code>${address}</code></dd>`)}
            </dl>
          </div>`
        : nothing}
    `;
  }

  readonly #onFormat = (event: Event): void => {
    this.format = (event.target as HTMLSelectElement).value as AddableFormat;
  };

  readonly #onCreate = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const session = this.session;
    if (!session || this.creating) return;
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('name') as HTMLInputElement;
    const walletName = input.value.trim();
    if (!walletName) {
      this.nameError = this.t('wallet.create.nameMissing');
      await this.updateComplete;
      this.focusInside('#create-name');
      return;
    }
    this.nameError = undefined;
    const format = this.format;
    this.creating = true;
    this.announce(this.t('wallet.create.creating'));
    this.created = null;
    this.showError('');
    try {
      // A new wallet has no accounts: its first is index 0 of the chosen chain.
      const activity = await session.submit('create_wallet', { walletName, accounts: [nextAccount(format, [])] });
      const { walletId, addresses } = activityResult(activity);
      if (session !== this.session) return;
      this.created = { walletId, walletName, format, addresses };
      input.value = '';
      this.dispatchEvent(new LatchCreateWalletEvent({ walletId, walletName, addresses }));
      // Inside <latch-wallet> the list (and the export and add selects) show the new wallet first.
      await this.outlet?.accountsChanged();
      this.announce(this.t('wallet.create.done', { name: walletName }));
    } catch (error) {
      this.fail(error, true);
    } finally {
      this.creating = false;
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-create': LatchWalletCreate;
  }
}
