import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { WalletAccount } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { isLatchError, LatchError } from '../../src/errors/latch-error.ts';
import { toLatchError } from '../../src/kit/to-latch-error.ts';
import { shortId } from '../internal/copy-text.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { LatchSendEvent } from '../latch-wallet/wallet-events.ts';
import { LatchErrorEvent } from '../internal/events.ts';
import { readDraft, type DraftField, type TransactionDraft } from './transaction-draft.ts';
import type { SendRequest as EvmSendRequest } from './confirm-send-request.ts';
import type { SolanaSendRequest } from './confirm-solana-send.ts';
import type { SolSendTransactionParameters } from '../../src/clients/activity-types.ts';

export type { SolanaSendRequest } from './confirm-solana-send.ts';
/** What `send()` takes: an Ethereum transaction, an ERC-20 transfer, or a SOL transfer. */
export type SendRequest = EvmSendRequest | SolanaSendRequest;

/**
 * @summary Sends an Ethereum transaction from one of the user's accounts through the service's
 * send activity (eth_send_transaction), after showing exactly what will be sent: from, to, the
 * amount in ETH and in wei, the call data and the chain. Nothing is sent before the explicit
 * Send. Its status is then followed in a `<latch-tx-status>` (loaded only then).
 *
 * A page may ask for a given send instead of the form: `send(request)` (a transaction, an
 * ERC-20 transfer in the token's units, or a SOL transfer from the user's Solana account through
 * sol_send_transaction) shows it on the confirmation sheet, with the same review as every
 * provider request, and sends it only when the person approves.
 *
 * With `rpc-url` (the EVM chain's endpoint) or `solana-rpc-url`, the chain prices the send before
 * the person is asked: the fee's upper bound is shown in units with its symbol (and sent as the
 * transaction's gas and fees, so it is the most the chain can take), and a balance that cannot
 * cover the amount plus the fee is refused at once (ERR_SEND_INSUFFICIENT_FUNDS), the
 * confirmation never shown. The pricing code loads only then.
 *
 * @event {LatchSendEvent} latch-send - The service took the transaction: `detail.parameters`, `detail.sendTransactionStatusId`.
 * @event {LatchErrorEvent} latch-error - The send failed: `detail.error` (a LatchError).
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart send - The send section.
 * @csspart send-from - The account select.
 * @csspart send-to - The recipient input.
 * @csspart send-value - The amount (ETH) input.
 * @csspart send-data - The call data input.
 * @csspart send-review - The "Review" button.
 * @csspart send-preview - What will be sent.
 * @csspart send-fee - The network fee the chain estimates ("up to"), shown before the person is asked.
 * @csspart send-button - The "Send" button.
 * @csspart send-edit - The "Edit" button.
 * @csspart tx-status - The `<latch-tx-status>` of the sent transaction.
 * @csspart empty - "No Ethereum account to send from."
 * @csspart field-error - A field's validation message.
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletSend extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-send';

  /** The EIP-155 chain id to send on (1 is Ethereum mainnet; 11155111 Sepolia). */
  @property({ type: Number, attribute: 'chain-id' }) chainId = 1;

  /** The EVM chain's JSON-RPC endpoint: the fee and the cover check before asking. */
  @property({ attribute: 'rpc-url' }) rpcUrl: string | undefined;

  /** The Solana cluster's JSON-RPC endpoint, for `send({ solana })`: blockhash, fee, cover check. */
  @property({ attribute: 'solana-rpc-url' }) solanaRpcUrl: string | undefined;

  /** Send only from this wallet's accounts (alone on a page). */
  @property({ attribute: 'wallet-id' }) walletId: string | undefined;

  /** The accounts to send from (Ethereum ones are offered). Unset, the element lists the user's accounts itself. */
  @property({ attribute: false }) accounts: readonly WalletAccount[] | undefined;

  @state() private ownAccounts: readonly WalletAccount[] = [];
  @state() private from = '';
  @state() private draft: TransactionDraft | null = null;
  @state() private sending = false;
  @state() private statusId = '';
  @state() private errors: Partial<Record<DraftField, string>> = {};
  /** The fee the chain estimated for the send being asked ('0.000042 ETH'), or ''. */
  @state() private fee = '';

  get #ethereum(): readonly WalletAccount[] {
    return (this.accounts ?? this.ownAccounts).filter((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM');
  }

  get #solana(): string[] {
    return (this.accounts ?? this.ownAccounts).filter((a) => a.addressFormat === 'ADDRESS_FORMAT_SOLANA').map((a) => a.address);
  }

  protected override sessionChanged(session: SigningSession | null, change: SessionChange): void {
    if (change.sameUser) return; // a step-up's fresh login: the same accounts, keep what is shown
    this.ownAccounts = [];
    this.draft = null;
    this.statusId = '';
    this.fee = '';
    if (session && !this.accounts) void this.#loadOwn(session);
  }

  #loadOwn(session: SigningSession): Promise<void> {
    return this.listOwn(session, { walletId: this.walletId }, (found) => (this.ownAccounts = found));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Alone on a page, another wallet-id means other accounts to offer: list them again.
    if (this.hasUpdated && changed.has('walletId') && this.session && !this.accounts) void this.#loadOwn(this.session);
    if (!this.#ethereum.some((a) => a.address === this.from)) this.from = this.#ethereum[0]?.address ?? '';
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.syncSelect('#send-from', this.from);
  }

  protected override render(): TemplateResult {
    // A Solana send's status shows even where there is no Ethereum account for the form.
    const body = this.statusId ? this.#renderSent() : this.#ethereum.length === 0 ? html`<p part="empty" class="muted">${this.t('wallet.send.noAccount')}</p>` : this.draft ? this.#renderReview(this.draft) : this.#renderForm();
    // The fee while the sheet asks (app-initiated); the form's review lists it itself.
    const fee = this.fee && !this.draft && !this.statusId ? html`<p part="send-fee" class="muted" role="status">${this.t('send.fee', { fee: this.fee })}</p>` : nothing;
    return this.frame('send', 'send-title', this.t('wallet.send.title'), html`${fee}${body}`);
  }

  #field(name: DraftField, part: string, label: string, hint?: string): TemplateResult {
    const error = this.errors[name];
    return html`<div class="field">
      <label for=${`send-${name}`}>${label}</label>
      <input
        part=${part}
        id=${`send-${name}`}
        name=${name}
        type="text"
        autocomplete="off"
        spellcheck="false"
        dir="ltr"
        inputmode=${name === 'value' ? 'decimal' : 'text'}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${hint ? `send-${name}-hint send-${name}-error` : `send-${name}-error`}
      />
      ${hint ? html`<div id=${`send-${name}-hint`} class="hint">${hint}</div>` : nothing}
      <div part="field-error" id=${`send-${name}-error`} class="field-error">${error ?? nothing}</div>
    </div>`;
  }

  #renderForm(): TemplateResult {
    return html`
      <form class="add-form" novalidate @submit=${this.#onReview}>
        <div class="field">
          <label for="send-from">${this.t('wallet.send.from')}</label>
          <select part="send-from" id="send-from" .value=${this.from} @change=${this.#onFrom}>
            ${this.#ethereum.map((a) => html`<option value=${a.address} ?selected=${a.address === this.from}>${shortId(a.address, 8, 6)}</option>`)}
          </select>
        </div>
        ${this.#field('to', 'send-to', this.t('wallet.send.to'))}
        ${this.#field('value', 'send-value', this.t('wallet.send.value'))}
        ${this.#field('data', 'send-data', this.t('wallet.send.data'), this.t('wallet.send.dataHint'))}
        <p class="muted">${this.t('wallet.send.chain')}: <span class="mono">eip155:${this.chainId}</span></p>
        <div class="row"><button part="send-review" type="submit">${this.t('wallet.sign.review')}</button></div>
      </form>
    `;
  }

  #renderReview(draft: TransactionDraft): TemplateResult {
    return html`
      <div part="send-preview" class="preview" role="group" aria-labelledby="send-preview-title">
        <p id="send-preview-title">${this.t('wallet.send.preview')}</p>
        <dl>
          <dt>${this.t('wallet.send.from')}</dt>
          <dd><code data-value="from">${draft.from}</code></dd>
          <dt>${this.t('wallet.send.to')}</dt>
          <dd><code data-value="to">${draft.to}</code></dd>
          <dt>${this.t('wallet.send.value')}</dt>
          <dd data-value="value">${draft.eth} ETH (<span class="mono">${draft.wei}</span> wei)</dd>
          <dt>${this.t('wallet.send.dataLabel')}</dt>
          <dd>${draft.data ? html`<code data-value="data">${draft.data}</code>` : this.t('wallet.send.noData')}</dd>
          <dt>${this.t('wallet.send.chain')}</dt>
          <dd><code data-value="chain">${draft.parameters.caip2}</code></dd>
          ${this.fee ? html`<dt>${this.t('send.feeLabel')}</dt><dd part="send-fee" data-value="fee">${this.t('send.fee', { fee: this.fee })}</dd>` : nothing}
        </dl>
      </div>
      <div class="row">
        <button part="send-button" class="primary" type="button" aria-disabled=${this.sending ? 'true' : 'false'} @click=${this.#onSend}>
          ${this.sending ? this.t('wallet.send.sending') : this.t('wallet.send.send')}
        </button>
        <button part="send-edit" type="button" ?disabled=${this.sending} @click=${this.#onEdit}>${this.t('wallet.sign.edit')}</button>
      </div>
    `;
  }

  #renderSent(): TemplateResult {
    return html`
      <p class="success">${this.t('wallet.send.sent')}</p>
      ${customElements.get('latch-tx-status')
        ? html`<latch-tx-status part="tx-status" .kit=${this.kitSession.kit} status-id=${this.statusId} locale=${this.resolvedLocale}></latch-tx-status>`
        : nothing}
      <div class="row"><button type="button" id="send-again" @click=${this.#onAgain}>${this.t('wallet.send.again')}</button></div>
    `;
  }

  readonly #onFrom = (event: Event): void => {
    this.from = (event.target as HTMLSelectElement).value;
  };

  readonly #onReview = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const draft = readDraft({ from: this.from, to: value('to'), eth: value('value'), data: value('data'), chainId: this.chainId });
    if (Array.isArray(draft)) {
      const messages = { to: 'wallet.send.toInvalid', value: 'wallet.send.valueInvalid', data: 'wallet.send.dataInvalid' } as const;
      this.errors = Object.fromEntries(draft.map((field) => [field, this.t(messages[field])]));
      await this.updateComplete;
      this.focusInside(`#send-${draft[0]}`);
      return;
    }
    this.errors = {};
    this.showError('');
    if (this.rpcUrl) {
      // The chain prices the send before the review asks: short of value + fee, it stops here.
      const session = this.session;
      try {
        const { quoteEvmSend, feeText } = await import('./send-quote.ts');
        const cost = await quoteEvmSend({ rpcUrl: this.rpcUrl, from: draft.from, to: draft.to, value: BigInt(draft.wei), data: draft.data });
        if (session !== this.session) return;
        this.fee = feeText(cost);
        draft.parameters = { ...draft.parameters, gasLimit: String(cost.gas), maxFeePerGas: String(cost.maxFeePerGas), maxPriorityFeePerGas: String(cost.maxPriorityFeePerGas) };
      } catch (error) {
        this.#refuse(error);
        await this.updateComplete;
        this.focusInside('#send-value');
        return;
      }
    } else this.fee = '';
    this.draft = draft;
    await this.updateComplete;
    this.focusInside('[part="send-button"]');
  };

  /** A send refused before asking: said with the amounts when the balance is short, and as latch-error. */
  #refuse(error: unknown): void {
    this.fee = '';
    const short = (error as { shortfall?: { symbol: string; have: string; need: string } } | null)?.shortfall;
    if (!short) return this.fail(error, true);
    this.showError(this.t('send.short', short));
    this.dispatchEvent(new LatchErrorEvent({ error: error as LatchError }));
  }

  readonly #onEdit = async (): Promise<void> => {
    const draft = this.draft;
    this.draft = null;
    await this.updateComplete;
    // The form comes back with what was typed.
    if (draft) {
      for (const [name, value] of [['to', draft.to], ['value', draft.eth], ['data', draft.data]] as const) {
        const input = this.renderRoot.querySelector<HTMLInputElement>(`#send-${name}`);
        if (input) input.value = value;
      }
    }
    this.focusInside('#send-to');
  };

  /**
   * App-initiated: shows `request` on the confirmation sheet (as its RequestReview) and, when the
   * person approves, sends it from the selected account (a SOL transfer: from `solana.from`, or
   * the user's first Solana account). Resolves the send's status id, or null when they reject.
   * ERR_SESSION_MISSING signed out (or no account of the chain), ERR_INPUT_INVALID for a request
   * that is no transaction (the element's own form rules), ERR_NETWORK_FAILED when decimals or a
   * blockhash cannot be read; a failed send is shown in the element (and latch-error) and
   * rejects with its LatchError.
   */
  async send(request: SendRequest): Promise<string | null> {
    const session = this.session;
    const solana = 'solana' in request;
    if (!session || (solana ? !this.#solana.length : !this.from)) throw new LatchError('ERR_SESSION_MISSING', `Log in with ${solana ? 'a Solana' : 'an Ethereum'} account first.`);
    if (this.sending) throw new LatchError('ERR_INPUT_INVALID', 'A send is under way.');
    // The review and the sheet load only when a page asks.
    if (solana) {
      const { confirmSolanaSend } = await import('./confirm-solana-send.ts');
      const parameters = await this.#asking(() => confirmSolanaSend(request, this.#solana, { locale: this.resolvedLocale, rpcUrl: this.solanaRpcUrl, onFee: (fee) => (this.fee = fee) }));
      if (!parameters) return null;
      if (session !== this.session) throw new LatchError('ERR_SESSION_MISSING', 'The session changed while the person read the request.');
      return this.#submit({ sol: parameters }, session, true);
    }
    const { confirmSendRequest } = await import('./confirm-send-request.ts');
    const draft = await this.#asking(() => confirmSendRequest(request, this.from, { chainId: this.chainId, locale: this.resolvedLocale, rpcUrl: this.rpcUrl, onFee: (fee) => (this.fee = fee) }));
    if (!draft) return null;
    if (session !== this.session) throw new LatchError('ERR_SESSION_MISSING', 'The session changed while the person read the request.');
    this.draft = draft;
    return this.#submit({ eth: draft }, session, true);
  }

  /** Runs the pricing and the sheet: a refusal before asking is shown (and latch-error), then thrown; the fee goes with the answer. */
  async #asking<T>(ask: () => Promise<T | null>): Promise<T | null> {
    this.showError('');
    try {
      const answer = await ask();
      if (!answer) this.fee = '';
      return answer;
    } catch (error) {
      if (isLatchError(error, 'ERR_SEND_INSUFFICIENT_FUNDS') || isLatchError(error, 'ERR_SEND_ESTIMATE_FAILED')) this.#refuse(error);
      else this.fee = '';
      throw error;
    }
  }

  readonly #onSend = async (): Promise<void> => {
    const draft = this.draft;
    const session = this.session;
    if (!draft || !session || this.sending) return;
    await this.#submit({ eth: draft }, session);
  };

  /** Sends (Ethereum: the draft; Solana: the parameters) and follows its status: the status id. A failure is shown (and latch-error), then null or, with `rethrow`, thrown. */
  async #submit(send: { eth: TransactionDraft } | { sol: SolSendTransactionParameters }, session: SigningSession, rethrow = false): Promise<string | null> {
    this.sending = true;
    this.announce(this.t('wallet.send.sending'));
    this.showError('');
    // The status element loads only for a page that sends, while the send is under way.
    const status = import('../latch-tx-status/latch-tx-status.ts').then(({ LatchTxStatus }) => LatchTxStatus.define());
    try {
      const id =
        'eth' in send
          ? (await session.submit('eth_send_transaction', send.eth.parameters)).result.ethSendTransactionResult?.sendTransactionStatusId
          : (await session.submit('sol_send_transaction', send.sol)).result.solSendTransactionResult?.sendTransactionStatusId;
      if (typeof id !== 'string') throw new LatchError('ERR_RESPONSE_MALFORMED', 'The send answered no sendTransactionStatusId.');
      await status;
      if (session !== this.session) return null;
      this.statusId = id;
      this.draft = null;
      this.fee = '';
      this.announce(this.t('wallet.send.sent'));
      this.dispatchEvent(new LatchSendEvent({ parameters: 'eth' in send ? send.eth.parameters : send.sol, sendTransactionStatusId: id }));
      await this.updateComplete;
      this.focusInside('#send-again');
      return id;
    } catch (error) {
      this.fail(error, true);
      if (rethrow) throw toLatchError(error);
      return null;
    } finally {
      this.sending = false;
    }
  }

  readonly #onAgain = async (): Promise<void> => {
    this.statusId = '';
    await this.updateComplete;
    this.focusInside('#send-to');
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-send': LatchWalletSend;
  }
}
