import { css } from 'lit';

export const sessionStyles = css`
  .title {
    margin: 0;
    font-weight: var(--_font-weight-bold);
    overflow-wrap: anywhere;
  }

  .details {
    display: grid;
    gap: var(--_space-sm);
    margin: 0;
  }

  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-sm);
  }

  dt {
    color: var(--_color-muted);
    font-size: var(--_font-size-sm);
  }

  dd {
    display: flex;
    align-items: center;
    gap: var(--_space-sm);
    margin: 0;
  }

  .id,
  .time-left {
    font-family: var(--_font-family-mono);
    font-variant-numeric: tabular-nums;
  }

  /* Numbers read left to right even in right-to-left text. */
  .time-left {
    direction: ltr;
    unicode-bidi: isolate;
  }

  .time-left[data-expiring] {
    color: var(--_color-error);
    font-weight: var(--_font-weight-bold);
  }

  .copy {
    min-block-size: 1.5rem;
    padding-block: var(--_space-xs);
    padding-inline: var(--_space-sm);
    font: inherit;
    font-size: var(--_font-size-sm);
    color: var(--_color-primary);
    background: none;
    border: var(--_border-width) solid var(--_color-border-strong);
    border-radius: var(--_radius-sm);
    cursor: pointer;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-sm);
  }

  .button {
    min-block-size: var(--_control-height);
    padding-inline: var(--_space-lg);
    font: inherit;
    font-weight: var(--_font-weight-medium);
    color: var(--_color-on-surface);
    background: var(--_color-surface);
    border: var(--_border-width) solid var(--_color-border-strong);
    border-radius: var(--_radius);
    cursor: pointer;
    transition: background-color var(--_transition-duration) var(--_transition-easing);
  }

  .button:hover:not([aria-disabled='true']) {
    background: var(--_color-surface-subtle);
  }

  .button.primary {
    color: var(--_color-on-primary);
    background: var(--_color-primary);
    border-color: var(--_color-primary);
  }

  .button.primary:hover:not([aria-disabled='true']) {
    background: var(--_color-primary-hover);
  }

  .button[aria-disabled='true'] {
    opacity: var(--_disabled-opacity);
    cursor: progress;
  }

  .empty,
  .status {
    color: var(--_color-muted);
  }

  .status {
    margin: 0;
  }

  .empty:focus {
    outline: none;
  }
`;
