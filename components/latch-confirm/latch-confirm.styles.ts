/** `<latch-confirm>`: a modal sheet; the actions stay in view while a long review scrolls. */
import { css } from 'lit';

export const confirmStyles = css`
  :host {
    --width: 32rem;
    --max-height: min(44rem, calc(100dvh - 2 * var(--_space-lg)));
  }

  :host(:not([open])) .backdrop {
    display: none;
  }

  .backdrop {
    position: fixed;
    inset: 0;
    z-index: var(--_z-index-modal);
    display: grid;
    place-items: center;
    padding: var(--_space-lg);
    background: var(--_color-backdrop);
  }

  .dialog {
    display: flex;
    flex-direction: column;
    inline-size: min(100%, var(--width));
    max-block-size: var(--max-height);
    padding: 0;
    overflow: hidden;
    box-shadow: var(--_shadow-lg);
  }

  .dialog:focus {
    outline: none;
  }

  .header {
    padding: var(--_space-lg) var(--_space-lg) 0;
  }

  .content:focus-visible {
    outline: var(--_focus-ring-width) solid var(--_color-focus-ring);
    outline-offset: -2px;
  }

  .content {
    display: flex;
    flex-direction: column;
    gap: var(--_space-md);
    padding: var(--_space-lg);
    overflow-y: auto;
  }

  .rows {
    display: grid;
    gap: var(--_space-xs);
    margin: 0;
  }

  .rows .row {
    display: grid;
    grid-template-columns: minmax(7rem, 35%) 1fr;
    gap: var(--_space-sm);
    align-items: baseline;
  }

  dt {
    color: var(--_color-muted);
    font-size: var(--_font-size-sm);
    overflow-wrap: anywhere;
  }

  dd {
    margin: 0;
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }

  .mono {
    font-family: var(--_font-family-mono);
    font-size: var(--_font-size-sm);
    word-break: break-all;
  }

  .message {
    display: block;
    margin: 0;
    padding: var(--_space-sm);
    white-space: pre-wrap;
    background: var(--_color-surface-subtle);
    border-radius: var(--_radius-sm);
  }

  .warnings,
  .section-warnings {
    margin: 0;
    padding: var(--_space-sm) var(--_space-md);
    color: var(--_color-error);
    background: var(--_color-error-surface);
    border: var(--_border-width) solid var(--_color-error);
    border-radius: var(--_radius);
  }

  .warnings ul,
  .section-warnings {
    margin: 0;
    padding-inline-start: var(--_space-lg);
  }

  .warnings h3 {
    margin-block-end: var(--_space-xs);
  }

  .actions {
    display: flex;
    justify-content: flex-end;
    gap: var(--_space-sm);
    padding: var(--_space-md) var(--_space-lg);
    border-block-start: var(--_border-width) solid var(--_color-border);
  }
`;
