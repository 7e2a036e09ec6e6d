/**
 * The card of the elements that show one thing for the logged-in user (`<latch-wallet>`,
 * `<latch-approvals>`, `<latch-onramp>`, `<latch-tx-status>`): a section labelled by its
 * title, the `header` slot around that title, the assertive error region, the body, the
 * `footer` slot and the polite announcer. One template, so that their parts, slots and live
 * regions stay the same in each (a wallet section alone on a page draws its own, smaller frame:
 * wallet-section-element.ts).
 */
import { html, type TemplateResult } from 'lit';

export interface Card {
  /** The heading's text (an h2, replaceable through the `header` slot). */
  title: string;
  /** The error region's text: empty when there is none. */
  error: string;
  body: TemplateResult;
  /** The element's AnnouncerController.render(). */
  announcer: TemplateResult;
}

export function renderCard({ title, error, body, announcer }: Card): TemplateResult {
  return html`
    <section part="base" class="base" aria-labelledby="title">
      <div part="header" class="header" id="title">
        <slot name="header"><h2 part="title">${title}</h2></slot>
      </div>
      <div part="error" class="error" aria-live="assertive" aria-atomic="true">${error}</div>
      ${body}
      <div part="footer" class="footer"><slot name="footer"></slot></div>
      ${announcer}
    </section>
  `;
}
