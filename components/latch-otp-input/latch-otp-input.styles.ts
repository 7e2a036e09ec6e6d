import { css } from 'lit';

export const otpInputStyles = css`
  :host {
    --box-width: var(--_control-height);
    --box-height: var(--_control-height);
    --gap: var(--_space-sm);
  }

  .base {
    display: flex;
    flex-direction: column;
    align-items: stretch;
    background: var(--_color-surface);
  }

  .label {
    font-weight: var(--_font-weight-medium);
  }

  .description {
    margin-block-start: var(--_space-xs);
    color: var(--_color-muted);
    font-size: var(--_font-size-sm);
  }

  .inputs {
    display: flex;
    gap: var(--gap);
    margin-block-start: var(--_space-sm);
  }

  .box {
    /* Boxes shrink on narrow screens rather than overflow (nine boxes on a phone). */
    flex: 0 1 var(--box-width);
    min-inline-size: 0;
    block-size: var(--box-height);
    padding: 0;
    text-align: center;
    font-family: var(--_font-family-mono);
    font-size: var(--_font-size-xl);
    font-weight: var(--_font-weight-medium);
    color: var(--_color-on-surface);
    background: var(--_color-surface);
    caret-color: var(--_color-primary);
    border: var(--_border-width) solid var(--_color-border-strong);
    border-radius: var(--_radius);
    transition:
      border-color var(--_transition-duration) var(--_transition-easing),
      box-shadow var(--_transition-duration) var(--_transition-easing);
  }

  .box:focus-visible {
    border-color: var(--_color-primary);
  }

  .box[aria-invalid='true'] {
    border-color: var(--_color-error);
  }

  .box:disabled {
    opacity: var(--_disabled-opacity);
    cursor: not-allowed;
  }

  .error {
    color: var(--_color-error);
    font-size: var(--_font-size-sm);
  }

  .error:not(:empty) {
    margin-block-start: var(--_space-sm);
  }

  .resend {
    align-self: flex-start;
    min-block-size: 1.5rem;
    margin-block-start: var(--_space-sm);
    padding-block: var(--_space-xs);
    padding-inline: 0;
    font: inherit;
    font-size: var(--_font-size-sm);
    font-weight: var(--_font-weight-medium);
    color: var(--_color-primary);
    background: none;
    border: none;
    border-radius: var(--_radius-sm);
    text-decoration: underline;
    text-underline-offset: 0.2em;
    cursor: pointer;
  }

  .resend:hover:not([aria-disabled='true'], :disabled) {
    color: var(--_color-primary-hover);
  }

  /* During the cooldown the button stays focusable (aria-disabled), so focus is not lost. */
  .resend[aria-disabled='true'] {
    color: var(--_color-muted);
    text-decoration: none;
    cursor: default;
  }

  .resend:disabled {
    opacity: var(--_disabled-opacity);
    cursor: not-allowed;
  }
`;
