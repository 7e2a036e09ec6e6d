import { css } from 'lit';

export const signupStyles = css`
  .title,
  .result-title {
    margin: 0;
    font-size: var(--_font-size-lg);
    font-weight: var(--_font-weight-bold);
  }

  .result-title:focus {
    outline: none;
  }

  .form {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
  }

  .label {
    font-weight: var(--_font-weight-medium);
  }

  .input {
    min-block-size: var(--_control-height);
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

  .button {
    min-block-size: var(--_control-height);
    padding-inline: var(--_space-lg);
    font: inherit;
    font-weight: var(--_font-weight-medium);
    border: var(--_border-width) solid transparent;
    border-radius: var(--_radius);
    cursor: pointer;
    transition: background-color var(--_transition-duration) var(--_transition-easing);
  }

  .button.primary {
    color: var(--_color-on-primary);
    background: var(--_color-primary);
  }

  .button.primary:hover:not([aria-disabled='true']) {
    background: var(--_color-primary-hover);
  }

  .button[aria-disabled='true'] {
    opacity: var(--_disabled-opacity);
    cursor: progress;
  }

  .link {
    align-self: flex-start;
    min-block-size: 1.5rem;
    padding-block: var(--_space-xs);
    padding-inline: 0;
    font: inherit;
    font-size: var(--_font-size-sm);
    color: var(--_color-primary);
    background: none;
    border: none;
    text-decoration: underline;
    text-underline-offset: 0.2em;
    cursor: pointer;
  }

  .link:disabled {
    opacity: var(--_disabled-opacity);
    cursor: not-allowed;
  }

  .status {
    margin: 0;
    color: var(--_color-muted);
  }

  .result {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
  }

  .addresses {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .address {
    display: grid;
    grid-template-columns: 1fr auto;
    align-items: center;
    gap: var(--_space-xs) var(--_space-sm);
    padding: var(--_space-sm);
    background: var(--_color-surface-subtle);
    border-radius: var(--_radius);
  }

  .chain {
    grid-column: 1 / -1;
    font-size: var(--_font-size-sm);
    font-weight: var(--_font-weight-medium);
    color: var(--_color-muted);
  }

  /* Addresses are left-to-right strings even in right-to-left pages. */
  .address-value {
    font-family: var(--_font-family-mono);
    font-size: var(--_font-size-sm);
    overflow-wrap: anywhere;
    direction: ltr;
    unicode-bidi: isolate;
    text-align: start;
  }

  .copy {
    min-block-size: 1.5rem;
    padding-block: var(--_space-xs);
    padding-inline: var(--_space-sm);
    font: inherit;
    font-size: var(--_font-size-sm);
    color: var(--_color-primary);
    background: var(--_color-surface);
    border: var(--_border-width) solid var(--_color-border-strong);
    border-radius: var(--_radius-sm);
    cursor: pointer;
  }
`;
