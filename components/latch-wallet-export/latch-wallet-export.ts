import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Activity, WalletAccount } from '../../src/clients/activity-types.ts';
import type { ExportOptions } from '../../src/session/session-export.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import { StepUpController } from '../internal/step-up-controller.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { CopyController } from '../internal/copy-controller.ts';
import { walletsOf } from '../latch-wallet/list-accounts.ts';
import { LatchExportEvent, LatchExportKeyEvent } from '../latch-wallet/wallet-events.ts';
import { accountTarget, keyFormats, keyText, keyView, privateKeyTarget, targetSelect, type ExportWhat, type KeyFormat, type KeyTarget, type ShownKey } from './key-export-view.ts';
import type * as PrivateKeyFormats from '../../src/account/private-key-formats.ts';
import '../latch-wallet/key-io-messages.ts';

type ExportStep = 'idle' | 'confirm' | 'revealing' | 'shown';
type Encoders = typeof PrivateKeyFormats;

/**
 * @summary Reveals a wallet's recovery phrase, one account's private key or an imported private
 * key, behind a warning and a confirmation. The secret is decrypted in this page and lives only
 * in the element: it is forgotten on Hide or Done, on Escape, at logout and when the element
 * leaves the page. A key stays masked until the person shows it, and is offered in the formats
 * that fit it (hexadecimal; a Solana account's base58 secret key as Phantom takes it; WIF). An export a consensus policy holds
 * shows that it waits, and the request's fingerprint for the approver, until it is decided. An
 * export the service holds for a recent login asks "Confirm it's you" (`<latch-step-up>`) and,
 * once confirmed, goes on with the fresh session.
 *
 * @event {LatchExportEvent} latch-export - The user revealed a recovery phrase: `detail.walletId` (never the phrase).
 * @event {LatchExportKeyEvent} latch-export-key - The user exported a key: `detail.address` or `detail.privateKeyId` (never the key).
 * @event {LatchErrorEvent} latch-error - The export failed or was rejected: `detail.error` (a LatchError).
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart export - The export section.
 * @csspart export-what - What to export: the recovery phrase, one account's key, an imported key.
 * @csspart export-wallet - The wallet select.
 * @csspart export-account - The account select (one account's key).
 * @csspart export-private-key - The imported private key select.
 * @csspart export-no-keys - Said when the user has no imported private key to export.
 * @csspart export-start - The "Export…" button.
 * @csspart export-warning - The warning.
 * @csspart export-confirm - The confirmation checkbox.
 * @csspart reveal - The "Reveal recovery phrase" button.
 * @csspart export-pending - While a consensus policy holds the export: what to do, and the request's fingerprint.
 * @csspart export-fingerprint - The held export's fingerprint.
 * @csspart step-up - "Confirm it's you" (`<latch-step-up>`), when the service wants a recent login first.
 * @csspart mnemonic - The revealed recovery phrase (an ordered list of words).
 * @csspart export-format - The exported key's format select (hex, Solana base58, WIF).
 * @csspart exported-key - The exported key, masked until shown.
 * @csspart key-reveal - The "Show key" / "Hide key" toggle.
 * @csspart key-copy - The "Copy key" button.
 * @csspart hide - The "Hide" (phrase) or "Done" (key) button.
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

  /** The accounts whose keys to offer. Unset, the element lists the user's accounts itself. */
  @property({ attribute: false }) accounts: readonly WalletAccount[] | undefined;

  @state() private ownWallets: ReadonlyMap<string, string> = new Map();
  @state() private ownAccounts: readonly WalletAccount[] = [];
  @state() private what: ExportWhat = 'phrase';
  @state() private privateKeys: readonly KeyTarget[] | null = null;
  @state() private targetId = '';
  /** The exported key: only here and, while shown, in the rendered text; never in an attribute, event or log. */
  @state() private key: ShownKey | null = null;
  #encoders: Encoders | null = null;
  readonly #copy = new CopyController<'key'>(this);
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
    this.ownAccounts = [];
    this.privateKeys = null;
    if (session && (!this.wallets || !this.accounts)) void this.#loadOwn(session);
  }

  #loadOwn(session: SigningSession): Promise<void> {
    return this.listOwn(session, { walletId: this.walletId, includeWalletDetails: true }, (found) => {
      this.ownWallets = walletsOf(found);
      this.ownAccounts = found;
    });
  }

  get #targets(): readonly KeyTarget[] {
    if (this.what === 'key') return this.privateKeys ?? [];
    return (this.accounts ?? this.ownAccounts).map((a) => accountTarget(a, this));
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    // Alone on a page, another wallet-id means other accounts to offer: list them again.
    if (this.hasUpdated && changed.has('walletId') && this.session && !this.wallets) void this.#loadOwn(this.session);
    const targets = this.what === 'phrase' ? [] : this.#targets;
    if (targets.length > 0 && !targets.some((t) => t.id === this.targetId)) this.targetId = targets[0]!.id;
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
        ${step === 'idle'
          ? html`<div class="field">
              <label for="export-what">${this.t('wallet.export.what')}</label>
              <select part="export-what" id="export-what" @change=${this.#onWhat}>
                ${(['phrase', 'account', 'key'] as const).map(
                  (what) => html`<option value=${what} ?selected=${what === this.what}>${this.t(what === 'phrase' ? 'wallet.export.whatPhrase' : what === 'account' ? 'wallet.export.whatAccount' : 'wallet.export.whatKey')}</option>`,
                )}
              </select>
            </div>`
          : nothing}
        ${this.what !== 'phrase'
          ? this.#renderKeyChoice(step)
          : wallets.length > 1 && step === 'idle' && !this.walletId
          ? html`<div class="field">
              <label for="export-wallet">${this.t('wallet.export.wallet')}</label>
              <select part="export-wallet" id="export-wallet" @change=${this.#onWallet}>
                ${wallets.map(([id, name]) => html`<option value=${id} ?selected=${id === this.exportWalletId}>${name}</option>`)}
              </select>
            </div>`
          : html`<p class="muted">${this.#wallets.get(this.exportWalletId) ?? this.exportWalletId}</p>`}
        ${step === 'idle' && (this.what === 'phrase' || this.targetId)
          ? html`<div class="row"><button part="export-start" id="export-start" type="button" @click=${this.#onStart}>${this.t('wallet.export.start')}</button></div>`
          : nothing}
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
        ${this.key && this.#encoders // shown while held: forgetting the key is what hides it
          ? keyView(this, this.key, this.#encoders, this.#copy.isCopied('key'), { format: this.#onFormat, toggle: this.#onToggle, copy: this.#onCopy, done: this.#onHide })
          : nothing}
      </div>
    `;
  }

  #renderKeyChoice(step: ExportStep): TemplateResult | typeof nothing {
    const targets = this.#targets;
    if (step !== 'idle') return html`<p class="muted" dir="ltr">${targets.find((t) => t.id === this.targetId)?.label ?? this.targetId}</p>`;
    if (this.what === 'key' && this.privateKeys?.length === 0) return html`<p part="export-no-keys" class="muted">${this.t('wallet.export.noKeys')}</p>`;
    return targets.length > 0 ? targetSelect(this, this.what === 'key' ? 'key' : 'account', targets, this.targetId, this.#onTarget) : nothing;
  }
  #renderConfirm(step: 'confirm' | 'revealing'): TemplateResult {
    const error = this.confirmError;
    return html`
      <p part="export-warning" id="export-warning" class="warning">${this.t(this.what === 'phrase' ? 'wallet.export.warning' : 'wallet.export.keyWarning')}</p>
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
          ${step === 'revealing' ? this.t('wallet.export.revealing') : this.t(this.what === 'phrase' ? 'wallet.export.reveal' : 'wallet.export.revealKey')}
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

  readonly #onWhat = async (event: Event): Promise<void> => {
    this.what = (event.target as HTMLSelectElement).value as ExportWhat;
    this.targetId = '';
    const session = this.session;
    if (this.what !== 'key' || this.privateKeys || !session) return;
    try {
      const { privateKeys } = await session.query('list_private_keys', {});
      if (session === this.session) this.privateKeys = privateKeys.map(privateKeyTarget);
    } catch (error) {
      this.fail(error, false);
    }
  };

  readonly #onTarget = (event: Event): void => {
    this.targetId = (event.target as HTMLSelectElement).value;
  };

  readonly #onFormat = (event: Event): void => {
    if (this.key) this.key = { ...this.key, format: (event.target as HTMLSelectElement).value as KeyFormat };
  };

  readonly #onToggle = (): void => {
    if (!this.key) return;
    this.key = { ...this.key, visible: !this.key.visible };
  };

  readonly #onCopy = async (): Promise<void> => {
    if (this.key && this.#encoders && (await this.#copy.copy(keyText(this.key, this.#encoders), 'key'))) this.announce(this.t('wallet.export.copied'));
  };

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
    const what = this.what;
    const walletId = this.exportWalletId;
    const target = what === 'phrase' ? undefined : this.#targets.find((t) => t.id === this.targetId);
    if (!session || (what === 'phrase' ? !walletId : !target)) return;
    this.step = 'revealing';
    this.announce(this.t('wallet.export.revealing'));
    this.showError('');
    const wait = (this.#wait = new AbortController());
    let used = session;
    try {
      // A consensus policy may hold the export: say so, show what to approve, and wait for it. The
      // service may want a recent login first: after the step-up the fresh session exports.
      const secret = await this.#stepUp.run<string | Uint8Array>(() => {
        used = this.session ?? used;
        if (wait.signal.aborted) throw new LatchError('ERR_NETWORK_ABORTED', 'The export was stopped.');
        const options = {
          ...this.exportOptions,
          signal: wait.signal,
          onApprovalNeeded: (activity: Activity) => {
            this.pending = activity;
            this.announce(this.t('wallet.export.pending'));
          },
        };
        if (what === 'phrase') return used.exportWallet(walletId, undefined, options);
        return what === 'account' ? used.exportWalletAccount(target!.id, options) : used.exportPrivateKey(target!.id, options);
      });
      // The key's formats are encoded in the page: their code loads with the export.
      if (typeof secret !== 'string') this.#encoders = await import('../../src/account/private-key-formats.ts');
      this.pending = null;
      // Hidden, logged out or detached while decrypting: the secret is not shown.
      if (this.step !== 'revealing' || used !== this.session || !this.isConnected) {
        if (typeof secret !== 'string') secret.fill(0);
        if (this.step === 'revealing') this.#forgetPhrase(); // a newer login of the same user: start again
        return;
      }
      if (typeof secret === 'string') this.#mnemonic = secret.split(/\s+/).filter(Boolean);
      else this.key = { bytes: secret, target: target!, format: keyFormats(target!)[0]!, visible: false };
      this.step = 'shown';
      this.announce(this.t(typeof secret === 'string' ? 'wallet.export.shown' : 'wallet.export.keyReady'));
      this.dispatchEvent(typeof secret === 'string' ? new LatchExportEvent({ walletId }) : new LatchExportKeyEvent(what === 'account' ? { address: target!.id } : { privateKeyId: target!.id }));
      await this.updateComplete;
      this.focusInside(typeof secret === 'string' ? '[part="mnemonic"]' : '[part~="key-reveal"]');
    } catch (error) {
      this.pending = null;
      if (wait.signal.aborted) return; // stopped waiting, hidden or gone: nothing failed
      if (this.step === 'revealing') this.step = 'confirm';
      this.fail(error, true);
    }
  };

  readonly #onHide = async (): Promise<void> => {
    const wasShown = this.step === 'shown';
    const wasKey = this.key !== null;
    this.#forgetPhrase();
    if (wasShown) this.announce(this.t(wasKey ? 'wallet.export.keyGone' : 'wallet.export.hidden'));
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
    this.key?.bytes.fill(0);
    this.key = null;
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
