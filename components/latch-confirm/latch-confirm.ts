/** `<latch-confirm>`: the confirmation sheet (its contract is the class's JSDoc below). */
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { RequestReview } from '../../src/review/request-review.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { FocusTrapController } from '../internal/focus-trap-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { PageInertController } from '../internal/page-inert-controller.ts';
import { controlStyles } from '../styles/control-styles.ts';
import { LatchConfirmEvent } from './latch-confirm-event.ts';
import { confirmStyles } from './latch-confirm.styles.ts';
import { renderBody, renderContext, renderWarnings } from './render-review.ts';
import './latch-confirm.messages.ts';

/**
 * `<latch-confirm>`: the confirmation sheet. A modal dialog that shows one request that signs,
 * sends or changes the chain (a RequestReview, from any chain's decoder) in the person's
 * language, and waits for their answer: which page asks, which account, which chain, the
 * warnings first, then what the request says. Approve resolves true, from the person only (a
 * pointer, or Enter or Space: a click a page script dispatches is ignored); Reject, Escape and a
 * click on the backdrop resolve false, as does removing the element while it asks.
 *
 * The kit's providers open it through `confirmWithSheet` (components/internal/confirm-with-sheet.ts),
 * which loads this element when the first request arrives; a page may also use it directly:
 *
 *   const approved = await document.querySelector('latch-confirm').ask(review);
 *
 * @summary The sheet a person answers before anything is signed or sent.
 * @event {LatchConfirmEvent} latch-confirm - The person answered: `detail.approved`.
 * @csspart backdrop - The dimmed page behind the sheet.
 * @csspart base - The dialog (also `dialog`).
 * @csspart dialog - The dialog.
 * @csspart header - The title and what the page asks.
 * @csspart title - The question ("Sign this message?").
 * @csspart context - Who asks, the account and the network.
 * @csspart content - The scrolling body: context, warnings, message and sections (a focusable region).
 * @csspart origin - The asking page's origin.
 * @csspart account - The account that would sign.
 * @csspart chain - The network.
 * @csspart warnings - The warnings, above everything else (each a `warning`).
 * @csspart warnings-title - The warnings' heading ("Before you approve").
 * @csspart warning - One warning (its key in `data-warning`).
 * @csspart section - One part of the request (its title key in `data-section`).
 * @csspart section-title - A section's title.
 * @csspart section-heading - What heads a section (a function signature, a primary type).
 * @csspart section-warnings - The warnings of one section.
 * @csspart changes - What a simulated transaction changes for the account (also a `section`).
 * @csspart change-list - The list of changes.
 * @csspart change - One change: an amount or item in or out, or an allowance (its direction in `data-change`).
 * @csspart change-none - The note that the simulation found no change but the network fee.
 * @csspart change-failure - "This will fail", with the chain's reason.
 * @csspart rows - A list of rows.
 * @csspart row - A label and a value (the label's key in `data-label`).
 * @csspart label - A row's label.
 * @csspart value - A row's value.
 * @csspart message - The message's section.
 * @csspart message-text - A message that is text.
 * @csspart message-note - The note that a message is not text.
 * @csspart message-hex - A message that is not text, as hex.
 * @csspart actions - Reject and Approve.
 * @csspart reject - The Reject button.
 * @csspart approve - The Approve button.
 * @csspart announcer - The polite live region.
 * @cssproperty --width - The sheet's width. 32rem
 * @cssproperty --max-height - The sheet's greatest height (its body scrolls).
 */
export class LatchConfirm extends LatchElement {
  static override readonly tag = 'latch-confirm';
  static override styles = [LatchElement.styles, controlStyles, confirmStyles];

  /** The request shown. `ask(review)` sets it. */
  @property({ attribute: false }) review: RequestReview | undefined;

  /** Whether the sheet shows (reflected). `ask()` opens it; an answer closes it. */
  @property({ type: Boolean, reflect: true }) open = false;

  @state() private busy = false;

  readonly #announcer = new AnnouncerController(this);
  // The inert controller first: it must let the page go before the trap gives focus back to it.
  readonly #inert = new PageInertController(this);
  readonly #trap = new FocusTrapController(this, () => this.renderRoot.querySelector('[part~="dialog"]'));
  #answer: ((approved: boolean) => void) | undefined;

  /**
   * Shows `review` and resolves with the person's answer. A second `ask` while one is open
   * answers the first with false (a request is never approved by being replaced).
   */
  async ask(review: RequestReview): Promise<boolean> {
    this.#settle(false);
    const answered = new Promise<boolean>((resolve) => (this.#answer = resolve));
    this.review = review;
    this.busy = false;
    this.open = true;
    await this.updateComplete;
    if (!this.#answer) return answered;
    this.#trap.activate();
    this.#inert.activate();
    const title = this.t(`confirm.title.${review.action}`);
    const count = review.warnings.length;
    const opened = this.t('confirm.opened', { origin: review.origin || this.t('confirm.unknownOrigin'), title });
    this.#announcer.announce(count ? `${opened} ${this.t('confirm.warningCount', { count })}` : opened);
    return answered;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#settle(false);
  }

  /** Closes the sheet and resolves the pending `ask` (once). */
  #settle(approved: boolean): boolean {
    const answer = this.#answer;
    if (!answer) return false;
    this.#answer = undefined;
    this.#inert.deactivate();
    this.#trap.deactivate();
    this.open = false;
    answer(approved);
    return true;
  }

  #respond(approved: boolean): void {
    if (this.busy) return;
    this.busy = true;
    if (this.#settle(approved)) this.dispatchEvent(new LatchConfirmEvent({ approved }));
  }

  // Only the person approves: a page script's click (el.click(), dispatchEvent) is not trusted and
  // does nothing. A pointer, or Enter or Space on the focused button, is.
  readonly #onApprove = (event: Event): void => void (event.isTrusted && this.#respond(true));
  readonly #onReject = (): void => this.#respond(false);

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.open && !event.defaultPrevented) {
      event.preventDefault();
      this.#respond(false);
    }
  };

  readonly #onBackdrop = (event: Event): void => {
    if (event.target === event.currentTarget) this.#respond(false);
  };

  protected override render() {
    const review = this.review;
    if (!review) return html`${this.#announcer.render()}`;
    return html`<div part="backdrop" class="backdrop" @click=${this.#onBackdrop}>
        <div
          part="base dialog"
          class="base dialog"
          role="dialog"
          aria-modal="true"
          aria-labelledby="title"
          aria-describedby=${review.warnings.length ? 'warnings' : nothing}
          tabindex="-1"
          @keydown=${this.#onKeydown}
        >
          <header part="header" class="header">
            <h2 id="title" part="title">${this.t(`confirm.title.${review.action}`)}</h2>
          </header>
          <!-- Focusable and named: a long review scrolls by keyboard too. -->
          <div part="content" class="content" role="region" tabindex="0" aria-labelledby="title">
            ${renderContext(review, this)} ${renderWarnings(review, this)} ${renderBody(review, this)}
          </div>
          <div part="actions" class="actions">
            <button part="reject" type="button" autofocus ?disabled=${this.busy} @click=${this.#onReject}>${this.t('confirm.reject')}</button>
            <button part="approve" class="primary" type="button" ?disabled=${this.busy} @click=${this.#onApprove}>${this.t('confirm.approve')}</button>
          </div>
        </div>
      </div>
      ${this.#announcer.render()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-confirm': LatchConfirm;
  }
}
