import { css, html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { recentSends, type RecentSend } from '../../src/account/recent-sends.ts';
import { formatAmount } from '../../src/account/wallet-balances.ts';
import { shortId } from '../internal/copy-text.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import './activity-messages.ts';

/**
 * @summary The user's recent sends, newest first, each with where it stands: pending, waiting
 * for approval, rejected, or (once the service handed it to the chain) the chain's own status,
 * included in a block or failed. Read from the service's list_activities (send activities only)
 * and get_send_transaction_status. A Refresh button reads them again, as `refresh()` does;
 * `<latch-wallet>` calls it after a send.
 *
 * @event {LatchErrorEvent} latch-error - A refresh the user asked for failed: `detail.error`.
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart loading - The "Restoring…" text (alone on a page).
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 * @csspart activity - The section.
 * @csspart activity-refresh - The "Refresh activity" button.
 * @csspart activity-loading - "Reading recent activity…".
 * @csspart activity-empty - "Nothing sent yet."
 * @csspart activity-list - The list of sends.
 * @csspart activity-item - One send.
 * @csspart activity-what - What was sent, to whom.
 * @csspart activity-when - When it was asked for.
 * @csspart activity-status - Where it stands (its `data-state` is the state: PENDING, INCLUDED, FAILED…).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletActivity extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-activity';
  static override styles = [
    ...WalletSectionElement.styles,
    css`
      .activity-head {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: var(--_space-sm);
      }
      .activity-list {
        display: flex;
        flex-direction: column;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .activity-item {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        gap: var(--_space-xs) var(--_space-md);
        padding-block: var(--_space-sm);
        border-block-end: var(--_border-width) solid var(--_color-border);
      }
      .activity-item:last-child {
        border-block-end: none;
      }
      .activity-text {
        display: flex;
        flex-direction: column;
        min-inline-size: 0;
        overflow-wrap: anywhere;
      }
      [part~='activity-when'] {
        font-size: var(--_font-size-sm);
      }
      [part~='activity-status'] {
        font-weight: var(--_font-weight-medium);
      }
      [data-state='FAILED'],
      [data-state='REJECTED'] {
        color: var(--_color-danger, inherit);
      }
    `,
  ];

  @state() private sends: readonly RecentSend[] | null = null;
  @state() private failed = false;

  #ticket = 0;
  #reading: Promise<void> = Promise.resolve();

  /** Reads the recent sends again; `byUser` says the outcome in the live region. */
  refresh(byUser = false): Promise<void> {
    this.#reading = this.#read(byUser);
    return this.#reading;
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.#reading;
    return (await super.getUpdateComplete()) && done;
  }

  protected override sessionChanged(session: SigningSession | null, change: SessionChange): void {
    if (change.sameUser) return;
    this.sends = null;
    this.failed = false;
    if (session) void this.refresh();
  }

  async #read(byUser: boolean): Promise<void> {
    const session = this.session;
    if (!session) return;
    const ticket = ++this.#ticket;
    const generation = this.kitSession.generation;
    if (byUser) this.announce(this.t('wallet.activity.loading'));
    try {
      const sends = await recentSends(session, { limit: 5 });
      if (ticket !== this.#ticket || generation !== this.kitSession.generation) return;
      this.sends = sends;
      this.failed = false;
      if (byUser) {
        this.showError('');
        this.announce(sends.length ? sends.map((send) => this.#describe(send)).join('. ') : this.t('wallet.activity.empty'));
      }
    } catch (error) {
      if (ticket !== this.#ticket || generation !== this.kitSession.generation) return;
      this.failed = true;
      this.fail(error, byUser);
    }
  }

  #what(send: RecentSend): string {
    if (send.chain === 'solana') return this.t('wallet.activity.sentSol', { from: shortId(send.from) });
    if (send.call || send.wei === undefined) return this.t('wallet.activity.call', { to: shortId(send.to ?? '') });
    return this.t('wallet.activity.sentEth', { amount: `${formatAmount(send.wei, 18, this.resolvedLocale)} ETH`, to: shortId(send.to ?? '') });
  }

  #describe(send: RecentSend): string {
    return `${this.#what(send)}: ${this.t(`wallet.activity.status.${send.state}`)}`;
  }

  readonly #onRefresh = (): void => {
    void this.refresh(true);
  };

  protected override render(): TemplateResult {
    const dates = new Intl.DateTimeFormat(this.resolvedLocale, { dateStyle: 'medium', timeStyle: 'short' });
    const sends = this.sends;
    const body = html`
      <div class="activity-head">
        ${this.outlet ? html`<h3 id="activity-title">${this.t('wallet.activity.title')}</h3>` : html`<span></span>`}
        <button part="activity-refresh" class="small" type="button" @click=${this.#onRefresh}>${this.t('wallet.activity.refresh')}</button>
      </div>
      ${sends === null && !this.failed ? html`<p part="activity-loading" class="muted">${this.t('wallet.activity.loading')}</p>` : nothing}
      ${sends === null && this.failed ? html`<p class="muted">${this.t('wallet.activity.failed')}</p>` : nothing}
      ${sends?.length === 0 ? html`<p part="activity-empty" class="muted">${this.t('wallet.activity.empty')}</p>` : nothing}
      ${sends?.length
        ? html`<ul part="activity-list" class="activity-list" aria-labelledby="activity-title">
            ${sends.map(
              (send) => html`<li part="activity-item" class="activity-item">
                <span class="activity-text">
                  <span part="activity-what">${this.#what(send)}</span>
                  ${send.createdAtMs ? html`<time part="activity-when" class="muted" datetime=${new Date(send.createdAtMs).toISOString()}>${dates.format(send.createdAtMs)}</time>` : nothing}
                </span>
                <span part="activity-status" data-state=${send.state}>${this.t(`wallet.activity.status.${send.state}`)}</span>
              </li>`,
            )}
          </ul>`
        : nothing}
    `;
    if (this.outlet) return html`<section part="activity" class="section" aria-labelledby="activity-title">${body}</section>`;
    return this.frame('activity', 'activity-title', this.t('wallet.activity.title'), body);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-activity': LatchWalletActivity;
  }
}
