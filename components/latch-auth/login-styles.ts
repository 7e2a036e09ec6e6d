/**
 * The styles the login elements share (`<latch-auth>`, `<latch-oauth-button>`,
 * `<latch-passkey-button>`): buttons, labelled fields and their error messages.
 */
import { css } from 'lit';

/** The look every Latchkey login button shares (OAuth, passkey, the drop-in's submit). */
export const buttonStyles = css`
  .button {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: var(--_space-sm);
    inline-size: 100%;
    min-block-size: var(--_control-height);
    padding-block: var(--_space-xs);
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

  .button:hover:not(:disabled, [aria-disabled='true']) {
    background: var(--_color-surface-subtle);
  }

  .button.primary {
    color: var(--_color-on-primary);
    background: var(--_color-primary);
    border-color: var(--_color-primary);
  }

  .button.primary:hover:not(:disabled, [aria-disabled='true']) {
    background: var(--_color-primary-hover);
  }

  .button:disabled {
    opacity: var(--_disabled-opacity);
    cursor: not-allowed;
  }

  /* Not ready yet (an OAuth attempt being prepared) or busy: not dimmed, it only takes a moment. */
  .button[aria-disabled='true'],
  .button[aria-busy='true'] {
    cursor: progress;
  }

  /* Busy: a spinner after the label; the button keeps its size and its focus. */
  .button[aria-busy='true']::after {
    content: '';
    inline-size: 1em;
    block-size: 1em;
    border: 2px solid currentColor;
    border-inline-end-color: transparent;
    border-radius: 50%;
    animation: latch-spin 0.8s linear infinite;
  }

  @keyframes latch-spin {
    to {
      transform: rotate(1turn);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .button[aria-busy='true']::after {
      animation-duration: 3s;
    }
  }

  .error {
    color: var(--_color-error);
    font-size: var(--_font-size-sm);
  }

  .error:not(:empty) {
    margin-block-start: var(--_space-xs);
  }
`;

/** A label above an input, with an error under it. */
export const fieldStyles = css`
  .label {
    font-weight: var(--_font-weight-medium);
  }

  .input {
    min-block-size: var(--_control-height);
    margin-block: var(--_space-xs);
    padding-inline: var(--_space-md);
    font: inherit;
    color: var(--_color-on-surface);
    background: var(--_color-surface);
    border: var(--_border-width) solid var(--_color-border-strong);
    border-radius: var(--_radius);
  }

  .input:focus-visible {
    border-color: var(--_color-primary);
  }

  .input[aria-invalid='true'] {
    border-color: var(--_color-error);
  }

  .input:disabled {
    opacity: var(--_disabled-opacity);
  }

  .input + .error:empty {
    margin-block-end: var(--_space-xs);
  }
`;
