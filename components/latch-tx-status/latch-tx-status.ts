import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { RevertEntry, SendTransactionError, SendTransactionStatus } from '../../src/clients/activity-types.ts';
import { isFinalSendStatus, sendTransactionStatus } from '../../src/session/session-status.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { LatchErrorEvent } from '../internal/events.ts';
import { KitSessionController } from '../internal/kit-session-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import { PollController } from '../internal/poll-controller.ts';
import { renderCard } from '../internal/render-card.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { controlStyles } from '../styles/control-styles.ts';
import { txStatusStyles } from './latch-tx-status.styles.ts';
import { LatchTxStatusEvent } from './tx-status-events.ts';
import './tx-status-messages.ts';

const POLL_INTERVAL_MS = 2000;
const MAX_POLLS = 30;

const KNOWN_STATUSES = ['INCLUDED', 'CONFIRMED', 'COMPLETED', 'FAILED'] as const;
const KINDS = ['custom', 'native', 'unknown'] as const;

/** JSON shown indented when it parses, as given when it does not. */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The revert chain, from whichever place the service put it. */
const revertChainOf = (error: SendTransactionError | undefined): RevertEntry[] => error?.revertChain ?? error?.eth?.revertChain ?? [];

/**
 * @summary The status of a transaction sent through the wallet (eth_send_transaction,
 * sol_send_transaction): polled until it is final, with the transaction hash or signature, and
 * why it failed, readably: each step of an EVM revert chain (contract, kind, message, and the
 * custom error's name and parameters, the built-in error's reason or panic code, or the unknown
 * error's selector and data), or a Solana error (source, RPC code and message, transaction
 * error, program logs).
 *
 * Polling starts when the element is on the page with a `status-id` and a session, reads at
 * once, then pauses `poll-interval` ms, growing by half each time (up to 15 s), for at most
 * `max-polls` reads; it stops at a final status (INCLUDED, CONFIRMED, COMPLETED, FAILED, or any
 * status carrying an error) and when the element leaves the page (it resumes when it comes back).
 * A new `status-id` starts over.
 *
 * The element works with a kit like `<latch-wallet>` (`kit`, or `proxy-url` + `config-id`, or
 * the page's `configure()` kit) and never fetches by itself.
 *
 * @slot header - Replaces the heading ("Transaction").
 * @slot footer - Under the status, e.g. a link to a block explorer.
 *
 * @event {LatchTxStatusEvent} latch-tx-status - The status changed (the first reading included): `detail.status`, `detail.final`.
 * @event {LatchErrorEvent} latch-error - "Check now" failed: `detail.error`. Failures of automatic reads are shown, not dispatched.
 *
 * @csspart base - The card.
 * @csspart header - The heading area.
 * @csspart title - The default heading.
 * @csspart message - "Log in…", "No transaction…" or "Checking…".
 * @csspart error - A failure to read the status, an assertive live region.
 * @csspart status - The status (`data-status` holds the raw value).
 * @csspart details - The hash / signature / error list.
 * @csspart tx-hash - The Ethereum transaction hash.
 * @csspart signature - The Solana signature.
 * @csspart block - The block (Ethereum) or slot (Solana) that included it, when the service says.
 * @csspart tx-error - The broadcast or confirmation error.
 * @csspart error-message - The error's summary (`error.message`).
 * @csspart revert-chain - The revert chain (an ordered list).
 * @csspart revert-entry - One step of the revert chain (`data-kind`: custom, native or unknown).
 * @csspart solana-error - The Solana error's fields.
 * @csspart logs - The Solana program logs.
 * @csspart check - The "Check now" button (when polling ran out before a final status).
 * @csspart footer - The footer.
 * @csspart announcer - The visually hidden polite live region (status changes).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchTxStatus extends LatchKitAwareElement {
  static override readonly tag = 'latch-tx-status';
  static override styles = [LatchElement.styles, controlStyles, txStatusStyles];

  /** The `sendTransactionStatusId` a send returned. */
  @property({ attribute: 'status-id' }) statusId = '';

  /** Milliseconds before the second read; later pauses grow by half each time (up to 15 s). */
  @property({ type: Number, attribute: 'poll-interval' }) pollInterval = POLL_INTERVAL_MS;

  /** The most reads before the element stops and offers "Check now". */
  @property({ type: Number, attribute: 'max-polls' }) maxPolls = MAX_POLLS;

  @state() private signedIn = false;
  @state() private current: SendTransactionStatus | null = null;
  @state() private failure: unknown;
  @state() private exhausted = false;

  readonly #announcer = new AnnouncerController(this);
  readonly #kit = new KitSessionController(this, (session) => this.#onSession(session));
  // Stops when the element leaves the page; connectedCallback resumes an unfinished status.
  readonly #poller = new PollController<SendTransactionStatus>(this, { intervalMs: POLL_INTERVAL_MS, maxPolls: MAX_POLLS });
  #session: SigningSession | null = null;
  /** The status id `current` belongs to. */
  #shownId = '';

  /** The latest status read (a copy), or null before the first answer. */
  get status(): SendTransactionStatus | null {
    return this.current ? structuredClone(this.current) : null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated && this.#session && !(this.current && isFinalSendStatus(this.current))) this.#poll();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('statusId') && this.hasUpdated && this.#session) this.#poll();
  }

  #onSession(session: SigningSession | null): void {
    this.#session = session;
    this.signedIn = session !== null;
    this.#poller.stop();
    if (session) this.#poll();
    else this.#reset();
  }

  #reset(): void {
    this.current = null;
    this.#shownId = '';
    this.failure = undefined;
    this.exhausted = false;
  }

  #poll(byUser = false): void {
    this.#poller.stop();
    const session = this.#session;
    const statusId = (this.statusId ?? '').trim();
    if (statusId !== this.#shownId) this.#reset();
    if (!session || !statusId || !this.isConnected) return;
    this.exhausted = false;
    this.#poller.start({
      read: (signal) => sendTransactionStatus(session, statusId, signal ? { signal } : {}),
      isFinal: isFinalSendStatus,
      intervalMs: this.pollInterval,
      maxPolls: this.maxPolls,
      onValue: (status) => this.#onStatus(statusId, status),
      onExhausted: () => (this.exhausted = true),
      onError: (latch) => {
        this.failure = latch;
        this.exhausted = true;
        if (byUser) this.dispatchEvent(new LatchErrorEvent({ error: latch }));
      },
    });
  }

  #onStatus(statusId: string, status: SendTransactionStatus): void {
    const before = this.current;
    const changed = !before || this.#shownId !== statusId || JSON.stringify(before) !== JSON.stringify(status);
    this.#shownId = statusId;
    this.current = status;
    this.failure = undefined;
    if (!changed) return;
    const final = isFinalSendStatus(status);
    if (!before || before.txStatus !== status.txStatus) this.#announcer.announce(this.t('tx.statusAnnounce', { status: this.#statusText(status.txStatus) }));
    this.dispatchEvent(new LatchTxStatusEvent({ statusId, status: structuredClone(status), final }));
  }

  #statusText(txStatus: string): string {
    return (KNOWN_STATUSES as readonly string[]).includes(txStatus) ? this.t(`tx.status.${txStatus}` as MessageKey) : this.t('tx.status.other', { status: txStatus });
  }

  readonly #onCheck = (): void => {
    this.failure = undefined;
    // The button goes while it reads: say so (the status that comes back is announced if it changed).
    this.#announcer.announce(this.t('tx.checking'));
    this.#poll(true);
  };

  // ---- rendering -----------------------------------------------------------------------------

  protected override render(): TemplateResult {
    return renderCard({
      title: this.t('tx.title'),
      error: this.failure === undefined ? '' : this.errorText(this.failure),
      body: this.#renderBody(),
      announcer: this.#announcer.render(),
    });
  }

  #renderBody(): TemplateResult {
    if (!this.signedIn) return html`<p part="message" class="muted">${this.#kit.restoring ? this.t('common.loading') : this.t('tx.signedOut')}</p>`;
    if (!(this.statusId ?? '').trim()) return html`<p part="message" class="muted">${this.t('tx.noId')}</p>`;
    const status = this.current;
    const check = this.exhausted && !(status && isFinalSendStatus(status));
    return html`
      ${status ? this.#renderStatus(status) : this.failure === undefined ? html`<p part="message" class="muted">${this.t('tx.checking')}</p>` : nothing}
      ${check
        ? html`<div class="row">
            ${status ? html`<p class="muted">${this.t('tx.stillPending')}</p>` : nothing}
            <button part="check" type="button" @click=${this.#onCheck}>${this.t('tx.checkNow')}</button>
          </div>`
        : nothing}
    `;
  }

  #renderStatus(status: SendTransactionStatus): TemplateResult {
    const failed = status.txStatus === 'FAILED' || status.error !== undefined || Boolean(status.txError);
    const chain = revertChainOf(status.error);
    const solana = status.error?.solana;
    return html`
      <p class="status-line">
        <span class="label">${this.t('tx.statusLabel')}:</span>
        <strong part="status" data-status=${status.txStatus} class=${failed ? 'failed' : isFinalSendStatus(status) ? 'success' : ''}>${this.#statusText(status.txStatus)}</strong>
      </p>
      ${status.eth?.txHash || status.solana?.signature || status.txError
        ? html`<dl part="details">
            ${status.eth?.txHash ? html`<dt>${this.t('tx.txHash')}</dt><dd><code part="tx-hash">${status.eth.txHash}</code></dd>` : nothing}
            ${status.solana?.signature ? html`<dt>${this.t('tx.signature')}</dt><dd><code part="signature">${status.solana.signature}</code></dd>` : nothing}
            ${status.eth?.blockNumber ? html`<dt>${this.t('tx.block')}</dt><dd><code part="block">${status.eth.blockNumber}</code></dd>` : nothing}
            ${status.solana?.slot ? html`<dt>${this.t('tx.slot')}</dt><dd><code part="block">${status.solana.slot}</code></dd>` : nothing}
            ${status.txError ? html`<dt>${this.t('tx.txError')}</dt><dd part="tx-error">${status.txError}</dd>` : nothing}
          </dl>`
        : nothing}
      ${status.error?.message && status.error.message !== status.txError ? html`<p part="error-message">${status.error.message}</p>` : nothing}
      ${chain.length > 0 ? this.#renderRevertChain(chain) : nothing}
      ${solana ? this.#renderSolana(solana) : nothing}
    `;
  }

  #renderRevertChain(chain: RevertEntry[]): TemplateResult {
    return html`
      <section class="section" aria-labelledby="revert-title">
        <h3 id="revert-title">${this.t('tx.revertTitle')}</h3>
        <ol part="revert-chain" class="revert-chain" aria-labelledby="revert-title">
          ${chain.map((entry, i) => this.#renderRevertEntry(entry, i, chain.length))}
        </ol>
      </section>
    `;
  }

  #renderRevertEntry(entry: RevertEntry, index: number, count: number): TemplateResult {
    const kind = (KINDS as readonly string[]).includes(entry.errorType ?? '') ? (entry.errorType as (typeof KINDS)[number]) : undefined;
    const row = (label: string, value: TemplateResult | string | undefined) => (value === undefined || value === '' ? nothing : html`<dt>${label}</dt><dd>${value}</dd>`);
    return html`
      <li part="revert-entry" class="revert-entry" data-kind=${entry.errorType ?? ''} aria-label=${this.t('tx.revertStep', { position: index + 1, count })}>
        <dl>
          ${row(this.t('tx.revertAddress'), entry.address ? html`<code>${entry.address}</code>` : undefined)}
          ${row(this.t('tx.revertType'), kind ? this.t(`tx.kind.${kind}`) : entry.errorType)}
          ${row(this.t('tx.revertMessage'), entry.displayMessage)}
          ${entry.native
            ? html`${row(this.t('tx.nativeType'), entry.native.nativeType)}${row(this.t('tx.nativeMessage'), entry.native.message)}${row(
                this.t('tx.panicCode'),
                entry.native.panicCode ? html`<code>${entry.native.panicCode}</code>` : undefined,
              )}`
            : nothing}
          ${entry.custom
            ? html`${row(this.t('tx.customName'), html`<code>${entry.custom.errorName}</code>`)}${row(
                this.t('tx.customParams'),
                entry.custom.paramsJson ? html`<pre class="mono" data-value="params">${prettyJson(entry.custom.paramsJson)}</pre>` : undefined,
              )}`
            : nothing}
          ${entry.unknown
            ? html`${row(this.t('tx.unknownSelector'), html`<code>${entry.unknown.selector}</code>`)}${row(
                this.t('tx.unknownData'),
                entry.unknown.data ? html`<code>${entry.unknown.data}</code>` : undefined,
              )}`
            : nothing}
        </dl>
      </li>
    `;
  }

  #renderSolana(solana: NonNullable<SendTransactionError['solana']>): TemplateResult {
    const inner = solana.innerInstructionsJson && solana.innerInstructionsJson !== '[]' ? prettyJson(solana.innerInstructionsJson) : '';
    return html`
      <section class="section" aria-labelledby="solana-title">
        <h3 id="solana-title">${this.t('tx.solanaTitle')}</h3>
        <dl part="solana-error">
          ${solana.source ? html`<dt>${this.t('tx.solanaSource')}</dt><dd>${solana.source}</dd>` : nothing}
          ${solana.rpcCode !== undefined ? html`<dt>${this.t('tx.solanaRpcCode')}</dt><dd><code>${solana.rpcCode}</code></dd>` : nothing}
          ${solana.rpcMessage ? html`<dt>${this.t('tx.solanaRpcMessage')}</dt><dd>${solana.rpcMessage}</dd>` : nothing}
          ${solana.transactionErrorJson
            ? html`<dt>${this.t('tx.solanaTxError')}</dt><dd><pre class="mono" data-value="transaction-error">${prettyJson(solana.transactionErrorJson)}</pre></dd>`
            : nothing}
          ${solana.unitsConsumed ? html`<dt>${this.t('tx.solanaUnits')}</dt><dd>${solana.unitsConsumed}</dd>` : nothing}
          ${inner ? html`<dt>${this.t('tx.solanaInner')}</dt><dd><pre class="mono">${inner}</pre></dd>` : nothing}
        </dl>
        ${solana.logs && solana.logs.length > 0
          ? html`<h4 id="logs-title">${this.t('tx.solanaLogs')}</h4>
              <ol part="logs" class="logs" aria-labelledby="logs-title">
                ${solana.logs.map((line) => html`<li><code>${line}</code></li>`)}
              </ol>`
          : nothing}
      </section>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-tx-status': LatchTxStatus;
  }
}
