/**
 * The phone field's styles: the country button, the popup with its search and list. Adopted into
 * the drop-in's shadow root by the phone field when its chunk loads.
 */
import { css, type CSSResult } from 'lit';

export const phoneStyles: CSSResult = css`
  [part~='phone'] {
    position: relative;
    flex-direction: row;
    align-items: center;
    gap: var(--_space-xs);
  }

  /* The number reads left to right in every language; on a right-to-left page it keeps to the right. */
  [part~='phone'] > .input {
    flex: 1 1 auto;
    min-inline-size: 0;
    direction: ltr;
  }

  :host([dir='rtl']) [part~='phone'] > .input {
    text-align: right;
  }

  .country {
    display: inline-flex;
    flex: none;
    align-items: center;
    gap: var(--_space-xs);
    min-block-size: var(--_control-height);
    padding-inline: var(--_space-sm);
    font: inherit;
    color: var(--_color-on-surface);
    background: var(--_color-surface);
    border: var(--_border-width) solid var(--_color-border-strong);
    border-radius: var(--_radius);
    cursor: pointer;
    white-space: nowrap;
  }

  .country:hover {
    background: var(--_color-surface-subtle);
  }

  /* A small chevron after the calling code. */
  .country::after {
    content: '';
    border: 0.3em solid transparent;
    border-block-start-color: currentColor;
    margin-block-start: 0.3em;
  }

  .calling-code {
    direction: ltr;
    unicode-bidi: isolate;
    font-variant-numeric: tabular-nums;
  }

  .country-popup {
    position: absolute;
    inset-block-start: 100%;
    inset-inline: 0;
    z-index: 1;
    display: flex;
    flex-direction: column;
    gap: var(--_space-xs);
    padding: var(--_space-sm);
    background: var(--_color-surface-raised);
    border: var(--_border-width) solid var(--_color-border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow-lg);
  }

  .country-list {
    max-block-size: 15rem;
    margin: 0;
    padding: 0;
    overflow-y: auto;
    list-style: none;
  }

  .country-option {
    display: flex;
    align-items: center;
    gap: var(--_space-sm);
    padding-block: var(--_space-xs);
    padding-inline: var(--_space-sm);
    border-radius: var(--_radius-sm);
    cursor: pointer;
  }

  .country-option:hover {
    background: var(--_color-surface-subtle);
  }

  /* The active option (aria-activedescendant): an outline too, so forced colors show it. */
  .country-option[aria-selected='true'] {
    background: var(--_color-surface-subtle);
    outline: var(--_focus-ring-width) solid var(--_color-focus-ring);
    outline-offset: calc(-1 * var(--_focus-ring-width));
  }

  .country-name {
    flex: 1;
  }

  .country-option .calling-code,
  .country-none {
    color: var(--_color-muted);
  }

  .country-none {
    margin: 0;
    font-size: var(--_font-size-sm);
  }

  .country-none:empty {
    display: none;
  }
`;
