import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Activity } from '../../src/clients/activity-types.ts';
import type { ExportOptions } from '../../src/session/session-export.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import { StepUpController } from '../internal/step-up-controller.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { walletsOf } from '../latch-wallet/list-accounts.ts';
import { LatchExportEvent } from '../latch-wallet/wallet-events.ts';

type ExportStep = 'idle' | 'confirm' | 'revealing' | 'shown';

/**
 * @summary Reveals a wallet's recovery phrase behind a warning and a confirmation. The phrase is
 * decrypted in this page and lives only in the rendered list: it is hidden again on Hide, on
 * Escape, at logout and when the element leaves the page. An export a consensus policy holds
 * shows that it waits, and the request's fingerprint for the approver, until it is decided. An
 * export the service holds for a recent login asks "Confirm it's you" (`<latch-step-up>`) and,
 * once confirmed, goes on with the fresh session.
 *
 * @event {LatchExportEvent} latch-export - The user revealed a recovery phrase: `detail.walletId` (never the phrase).
 * @event {LatchErrorEvent} latch-error - The export failed or was rejected: `detail.error` (a LatchError).
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart export - The export section.
 * @csspart export-wallet - The wallet select.
 * @csspart export-start - The "Export…" button.
 * @csspart export-warning - The warning.
 * @csspart export-confirm - The confirmation checkbox.
 * @csspart reveal - The "Reveal recovery phrase" button.
 * @csspart export-pending - While a consensus policy holds the export: what to do, and the request's fingerprint.
 * @csspart export-fingerprint - The held export's fingerprint.
 * @csspart step-up - "Confirm it's you" (`<latch-step-up>`), when the service wants a recent login first.
 * @csspart mnemonic - The revealed recovery phrase (an ordered list of words).
 * @csspart hide - The "Hide" button.
 * @csspart field-error - The confirmation's validation message.
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletExport extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-export';

  /** Export only this wallet. Default: the user chooses among the wallets. */
  @property({ attribute: 'wallet-id' }) walletId: string | undefined;

  /** The wallets to offer: id → name. Unset, the element finds the user's wallets itself. */
  @property({ attribute: false }) wallets: ReadonlyMap<string, string> | undefined;

  /**
   * Passed to the session's `exportWallet` with this element's own `signal` and
   * `onApprovalNeeded` (a later option, such as a step-up check, needs no change here).
   */
  @property({ attribute: false }) exportOptions: Omit<ExportOptions, 'signal' | 'onApprovalNeeded'> | undefined;

  @state() private ownWallets: ReadonlyMap<string, string> = new Map();
  @state() private exportWalletId = '';
  @state() private step: ExportStep = 'idle';
  @state() private confirmed = false;
  @state() private confirmError: string | undefined;
  /** The export activity a consensus policy holds, while the element waits for its approval. */
  @state() private pending: Activity | null = null;
  #wait: AbortController | null = null;
  readonly #stepUp = new StepUpController(this, () => (this.outlet ? 4 : 3));
  /** The revealed phrase: only in this field and the rendered text, never in an attribute, event or log. */
  #mnemonic: string[] | null = null;

  get #wallets(): ReadonlyMap<string, string> {
    return this.wallets ?? this.ownWallets;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The phrase leaves with the element: coming back shows the warning again.
    this.#forgetPhrase();
  }

  protected override sessionChanged(session: SigningSession | null, change: SessionChange): void {
    // The fresh login a step-up makes replaces the session mid-export: the same user's goes on.
    if (change.sameUser && (this.#stepUp.open || this.step === 'revealing')) return;
    this.#forgetPhrase();
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
    if (!this.exportWalletId || !this.#wallets.has(this.exportWalletId)) this.exportWalletId = this.walletId ?? this.#wallets.keys().next().value ?? '';
  }

  protected override render(): TemplateResult {
    return this.frame('export', 'export-title', this.t('wallet.export.title'), this.#wallets.size > 0 || this.walletId ? this.#renderBody() : nothing);
  }

  #renderBody(): TemplateResult {
    const step = this.step;
    const wallets = [...this.#wallets.entries()];
    return html`
      <div class="section-body" @keydown=${this.#onKeydown}>
        ${wallets.length > 1 && step === 'idle' && !this.walletId
          ? html`<div class="field">
              <label for="export-wallet">${this.t('wallet.export.wallet')}</label>
              <select part="export-wallet" id="export-wallet" @change=${this.#onWallet}>
                ${wallets.map(([id, name]) => html`<option value=${id} ?selected=${id === this.exportWalletId}>${name}</option>`)}
              </select>
            </div>`
          : html`<p class="muted">${this.#wallets.get(this.exportWalletId) ?? this.exportWalletId}</p>`}
        ${step === 'idle' ? html`<div class="row"><button part="export-start" id="export-start" type="button" @click=${this.#onStart}>${this.t('wallet.export.start')}</button></div>` : nothing}
        ${step === 'confirm' || step === 'revealing' ? this.#renderConfirm(step) : nothing}
        ${step === 'shown' && this.#mnemonic
          ? html`
              <p id="phrase-title">${this.t('wallet.export.phrase')}</p>
              <ol part="mnemonic" class="mnemonic" aria-labelledby="phrase-title" tabindex="-1">
                ${this.#mnemonic.map((word) => html`<li><span class="mono">${word}</span></li>`)}
              </ol>
              <div class="row"><button part="hide" class="primary" type="button" @click=${this.#onHide}>${this.t('wallet.export.hide')}</button></div>
            `
          : nothing}
      </div>
    `;
  }

  #renderConfirm(step: 'confirm' | 'revealing'): TemplateResult {
    const error = this.confirmError;
    return html`
      <p part="export-warning" id="export-warning" class="warning">${this.t('wallet.export.warning')}</p>
      <label class="check">
        <input
          part="export-confirm"
          id="export-confirm"
          type="checkbox"
          .checked=${this.confirmed}
          aria-describedby="export-warning export-confirm-error"
          aria-invalid=${error ? 'true' : 'false'}
          ?disabled=${step === 'revealing'}
          @change=${this.#onConfirmChange}
        />
        ${this.t('wallet.export.confirm')}
      </label>
      <div part="field-error" id="export-confirm-error" class="field-error">${error ?? nothing}</div>
      <div class="row">
        <button part="reveal" class="primary" type="button" aria-disabled=${this.confirmed && step === 'confirm' ? 'false' : 'true'} @click=${this.#onReveal}>
          ${step === 'revealing' ? this.t('wallet.export.revealing') : this.t('wallet.export.reveal')}
        </button>
        <button type="button" ?disabled=${step === 'revealing' && !this.pending} @click=${this.#onHide}>
          ${this.pending ? this.t('wallet.export.stopWaiting') : this.t('common.cancel')}
        </button>
      </div>
      ${this.pending
        ? html`<div part="export-pending" class="warning">
            <p>${this.t('wallet.export.pending')}</p>
            <p>${this.t('wallet.export.fingerprint')}: <code part="export-fingerprint" class="mono">${this.pending.fingerprint}</code></p>
          </div>`
        : nothing}
      ${this.#stepUp.render()}
    `;
  }

  readonly #onWallet = (event: Event): void => {
    this.exportWalletId = (event.target as HTMLSelectElement).value;
  };

  readonly #onStart = async (): Promise<void> => {
    this.step = 'confirm';
    this.confirmed = false;
    await this.updateComplete;
    this.focusInside('#export-confirm');
  };

  readonly #onConfirmChange = (event: Event): void => {
    this.confirmed = (event.target as HTMLInputElement).checked;
    if (this.confirmed) this.confirmError = undefined;
  };

  readonly #onReveal = async (): Promise<void> => {
    if (this.step !== 'confirm') return;
    if (!this.confirmed) {
      this.confirmError = this.t('wallet.export.confirmFirst');
      this.focusInside('#export-confirm');
      return;
    }
    const session = this.session;
    const walletId = this.exportWalletId;
    if (!session || !walletId) return;
    this.step = 'revealing';
    this.announce(this.t('wallet.export.revealing'));
    this.showError('');
    const wait = (this.#wait = new AbortController());
    let used = session;
    try {
      // A consensus policy may hold the export: say so, show what to approve, and wait for it. The
      // service may want a recent login first: after the step-up the fresh session exports.
      const phrase = await this.#stepUp.run(() => {
        used = this.session ?? used;
        if (wait.signal.aborted) throw new LatchError('ERR_NETWORK_ABORTED', 'The export was stopped.');
        return used.exportWallet(walletId, undefined, {
          ...this.exportOptions,
          signal: wait.signal,
          onApprovalNeeded: (activity) => {
            this.pending = activity;
            this.announce(this.t('wallet.export.pending'));
          },
        });
      });
      this.pending = null;
      // Hidden, logged out or detached while decrypting: the phrase is not shown.
      if (this.step !== 'revealing' || used !== this.session || !this.isConnected) {
        if (this.step === 'revealing') this.#forgetPhrase(); // a newer login of the same user: start again
        return;
      }
      this.#mnemonic = phrase.split(/\s+/).filter(Boolean);
      this.step = 'shown';
      this.announce(this.t('wallet.export.shown'));
      this.dispatchEvent(new LatchExportEvent({ walletId }));
      await this.updateComplete;
      this.focusInside('[part="mnemonic"]');
    } catch (error) {
      this.pending = null;
      if (wait.signal.aborted) return; // stopped waiting, hidden or gone: nothing failed
      if (this.step === 'revealing') this.step = 'confirm';
      this.fail(error, true);
    }
  };

  readonly #onHide = async (): Promise<void> => {
    const wasShown = this.step === 'shown';
    this.#forgetPhrase();
    if (wasShown) this.announce(this.t('wallet.export.hidden'));
    await this.updateComplete;
    this.focusInside('#export-start');
  };

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && (this.step === 'shown' || this.step === 'confirm')) {
      event.preventDefault();
      void this.#onHide();
    }
  };

  #forgetPhrase(): void {
    this.#wait?.abort();
    this.#wait = null;
    this.pending = null;
    if (this.#mnemonic) this.#mnemonic.fill('');
    this.#mnemonic = null;
    this.step = 'idle';
    this.confirmed = false;
    this.confirmError = undefined;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-export': LatchWalletExport;
  }
}
