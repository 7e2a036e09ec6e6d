/**
 * WalletSectionElement: the base of the wallet's parts that are also elements of their own
 * (`<latch-wallet-accounts>`, `<latch-wallet-sign>`, `<latch-wallet-export>`,
 * `<latch-wallet-import>`, `<latch-wallet-add-account>`, `<latch-wallet-create>`). Each works
 * alone on a page (its own card, error region, announcer and "log in" prompt) or inside
 * `<latch-wallet>`, which sets `outlet`: then the section draws no card and sends its news and
 * failures to the wallet's one polite and one assertive region, so a screen reader hears one
 * voice per card instead of one per section.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { toLatchError } from '../../src/kit/to-latch-error.ts';
import type { WalletAccount } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { controlStyles } from '../styles/control-styles.ts';
import { walletStyles } from '../latch-wallet/latch-wallet.styles.ts';
import { AnnouncerController } from './announcer-controller.ts';
import { LatchErrorEvent } from './events.ts';
import { KitSessionController, type SessionChange } from './kit-session-controller.ts';
import { LatchElement } from './latch-element.ts';
import { LatchKitAwareElement } from './latch-kit-aware-element.ts';
import { listAccounts } from '../latch-wallet/list-accounts.ts';
import '../latch-wallet/wallet-messages.ts';

/** Where a section inside `<latch-wallet>` sends what it would otherwise show itself. */
export interface WalletOutlet {
  /** Says `message` in the wallet's polite live region. */
  announce(message: string): void;
  /** Shows `message` in the wallet's assertive error region ('' clears it). */
  showError(message: string): void;
  /** The section changed the accounts (added, imported, created): the wallet lists them again. */
  accountsChanged(): Promise<void>;
  /** The account list shows a new page: the wallet hands its accounts and wallets to the other sections. */
  accountsShown(accounts: readonly WalletAccount[], wallets: ReadonlyMap<string, string>): void;
}

export class WalletSectionElement extends LatchKitAwareElement {
  static override styles = [LatchElement.styles, controlStyles, walletStyles];

  /** Set by `<latch-wallet>`: the section then reports through it and draws no card of its own. */
  @property({ attribute: false }) outlet: WalletOutlet | undefined;

  /** The message in this section's own error region (alone on a page). */
  @state() private ownError = '';

  readonly #announcer = new AnnouncerController(this);
  protected readonly kitSession = new KitSessionController(this, (session, change) => {
    this.session = session;
    this.sessionChanged(session, change);
  });

  /** The logged-in session, or null; sections never hold a key, they call it. */
  protected session: SigningSession | null = null;

  /**
   * Runs (during an update) when the session becomes another one or none. The same user's new
   * session (`change.sameUser`: a step-up's fresh login) is already in `session`; sections keep
   * what they show then.
   */
  protected sessionChanged(_session: SigningSession | null, _change: SessionChange): void {}

  protected announce(message: string): void {
    if (this.outlet) this.outlet.announce(message);
    else this.#announcer.announce(message);
  }

  /** Shows a message in the error region ('' clears it). */
  protected showError(message: string): void {
    if (this.outlet) this.outlet.showError(message);
    else this.ownError = message;
  }

  /**
   * Alone on a page, a section lists the user's accounts itself (inside `<latch-wallet>` the card
   * hands them over). `keep` gets them only while the section's user is still `session`'s (a
   * fresh login of the same user meanwhile keeps them: no new list follows it); a failure shows in
   * the section, unreported (nobody asked).
   */
  protected async listOwn(session: SigningSession, options: Parameters<typeof listAccounts>[1], keep: (accounts: WalletAccount[]) => void): Promise<void> {
    const generation = this.kitSession.generation;
    try {
      const found = await listAccounts(session, options);
      if (generation === this.kitSession.generation) keep(found);
    } catch (error) {
      this.fail(error, false);
    }
  }

  /**
   * Shows a failure, translated by its code; a user action's failure is also reported as
   * `latch-error` (an aborted wait is the user's own doing, not a failure to report).
   */
  protected fail(error: unknown, byUser: boolean): void {
    const latch = toLatchError(error);
    this.showError(this.errorText(latch));
    if (byUser && latch.code !== 'ERR_NETWORK_ABORTED') this.dispatchEvent(new LatchErrorEvent({ error: latch }));
  }

  /**
   * Shows `value` as the chosen option of the select `selector`, after the render: a `.value`
   * binding on a select is set before its options are, so when the options change with it (other
   * accounts listed) the browser finds no such option yet and would show none chosen.
   */
  protected syncSelect(selector: string, value: string): void {
    const select = this.renderRoot.querySelector<HTMLSelectElement>(selector);
    if (select && value && select.value !== value) select.value = value;
  }

  protected focusInside(selector: string): void {
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  /**
   * The section's frame: inside `<latch-wallet>` a plain section (part `part`) under an h3,
   * alone a card (parts `base` and `part`) under an h2, with its own error region, "log in"
   * prompt and announcer. The heading is always there, so `aria-labelledby` always resolves.
   */
  protected frame(part: string, titleId: string, title: string, body: TemplateResult | typeof nothing, onSubmit?: (event: SubmitEvent) => void): TemplateResult {
    const alone = !this.outlet;
    const content = html`
      ${alone ? html`<h2 id=${titleId} part="title">${title}</h2>` : html`<h3 id=${titleId}>${title}</h3>`}
      ${alone ? html`<div part="error" class="error" aria-live="assertive" aria-atomic="true">${this.ownError}</div>` : nothing}
      ${alone && !this.session
        ? html`<p part=${this.kitSession.restoring ? 'loading' : 'signed-out'} class="muted">${this.t(this.kitSession.restoring ? 'wallet.loading' : 'wallet.signedOut')}</p>`
        : body}
      ${alone ? this.#announcer.render() : nothing}
    `;
    const parts = alone ? `base ${part}`.trim() : part;
    const cls = alone ? 'base' : 'section';
    // A form section (import) is the form itself, as it was inside <latch-wallet>.
    return onSubmit
      ? html`<form part=${parts} class=${cls} aria-labelledby=${titleId} novalidate @submit=${onSubmit}>${content}</form>`
      : html`<section part=${parts} class=${cls} aria-labelledby=${titleId}>${content}</section>`;
  }
}
