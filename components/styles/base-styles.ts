/**
 * What every element shares: host defaults, focus ring, visually hidden
 * text. Layout uses logical properties only (margin-inline, padding-inline, inset-inline,
 * text-align: start), so `dir="rtl"` mirrors everything without extra rules.
 */
import { css } from 'lit';

export const baseStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    color-scheme: var(--_color-scheme);
    color: var(--_color-on-surface);
    font-family: var(--_font-family);
    font-size: var(--_font-size-md);
    font-weight: var(--_font-weight-normal);
    line-height: var(--_line-height);
    text-align: start;
  }

  :host([hidden]) {
    display: none !important;
  }

  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  :focus-visible {
    outline: var(--_focus-ring-width) solid var(--_color-focus-ring);
    outline-offset: var(--_focus-ring-offset);
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;
