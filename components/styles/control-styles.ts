/**
 * The look of a card-shaped element with forms: the card (`.base`), headings, `.section`, `.row`,
 * buttons (`.primary`, `.small`, `.button` for links), `.field`s with inputs, selects and
 * textareas, `.check`, `fieldset`, `.hint`, `.field-error`, the `.error` region, `.warning`,
 * `.success`, `.failed`, `.label`, `.muted`, monospace values (`code`, `.mono`, always left to
 * right) and two-column `dl`s. Used by `<latch-wallet>`, `<latch-onramp>` and `<latch-tx-status>`:
 * `static styles = [LatchElement.styles, controlStyles, ownStyles]`.
 * Private tokens only (`--_*`), logical properties only (RTL mirrors).
 */
import { css } from 'lit';

export const controlStyles = css`
  .base {
    display: flex;
    flex-direction: column;
    gap: var(--_space-lg);
    padding: var(--_space-lg);
    background: var(--_color-surface-raised);
    border: var(--_border-width) solid var(--_color-border);
    border-radius: var(--_radius-lg);
  }

  h2,
  h3 {
    margin: 0;
    font-size: var(--_font-size-lg);
    font-weight: var(--_font-weight-bold);
    line-height: 1.25;
  }

  h3 {
    font-size: var(--_font-size-md);
  }

  p {
    margin: 0;
  }

  .section {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    padding-block-start: var(--_space-lg);
    border-block-start: var(--_border-width) solid var(--_color-border);
  }

  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space-sm);
  }

  button,
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-block-size: var(--_control-height);
    padding-block: 0;
    padding-inline: var(--_space-lg);
    font: inherit;
    font-weight: var(--_font-weight-medium);
    color: var(--_color-primary);
    background: var(--_color-surface);
    border: var(--_border-width) solid var(--_color-border-strong);
    border-radius: var(--_radius);
    text-decoration: none;
    cursor: pointer;
    transition:
      background-color var(--_transition-duration) var(--_transition-easing),
      color var(--_transition-duration) var(--_transition-easing);
  }

  button:hover:not(:disabled, [aria-disabled='true']),
  .button:hover {
    background: var(--_color-surface-subtle);
  }

  button.primary {
    color: var(--_color-on-primary);
    background: var(--_color-primary);
    border-color: var(--_color-primary);
  }

  button.primary:hover:not(:disabled, [aria-disabled='true']) {
    background: var(--_color-primary-hover);
  }

  button.small {
    min-block-size: 2rem;
    padding-inline: var(--_space-md);
    font-size: var(--_font-size-sm);
  }

  button:disabled,
  button[aria-disabled='true'] {
    opacity: var(--_disabled-opacity);
    cursor: not-allowed;
  }

  .field {
    display: flex;
    flex-direction: column;
    gap: var(--_space-xs);
  }

  label,
  legend,
  dt {
    font-weight: var(--_font-weight-medium);
  }

  input:not([type='checkbox'], [type='radio']),
  select,
  textarea {
    min-block-size: var(--_control-height);
    padding-block: var(--_space-sm);
    padding-inline: var(--_space-md);
    font: inherit;
    color: var(--_color-on-surface);
    background: var(--_color-surface);
    border: var(--_border-width) solid var(--_color-border-strong);
    border-radius: var(--_radius);
  }

  textarea {
    min-block-size: 5rem;
    resize: vertical;
  }

  input[aria-invalid='true'],
  select[aria-invalid='true'],
  textarea[aria-invalid='true'] {
    border-color: var(--_color-error);
  }

  input[type='checkbox'] {
    inline-size: 1.25rem;
    block-size: 1.25rem;
    margin: 0;
    accent-color: var(--_color-primary);
  }

  .check {
    display: flex;
    align-items: center;
    gap: var(--_space-sm);
    font-weight: var(--_font-weight-normal);
  }

  fieldset {
    display: flex;
    flex-direction: column;
    gap: var(--_space-xs);
    margin: 0;
    padding: var(--_space-sm) var(--_space-md);
    border: var(--_border-width) solid var(--_color-border);
    border-radius: var(--_radius);
  }

  .hint {
    color: var(--_color-muted);
    font-size: var(--_font-size-sm);
  }

  .field-error {
    color: var(--_color-error);
    font-size: var(--_font-size-sm);
  }

  .error:not(:empty) {
    padding: var(--_space-sm) var(--_space-md);
    color: var(--_color-error);
    background: var(--_color-error-surface);
    border-radius: var(--_radius);
  }

  .warning {
    padding: var(--_space-sm) var(--_space-md);
    color: var(--_color-on-surface);
    background: var(--_color-surface-subtle);
    border-inline-start: 4px solid var(--_color-warning);
    border-radius: var(--_radius-sm);
  }

  .success {
    color: var(--_color-success);
    font-weight: var(--_font-weight-medium);
  }

  .failed {
    color: var(--_color-error);
  }

  /* The name before a value on one line ("Status:"). */
  .label {
    font-weight: var(--_font-weight-medium);
  }

  .mono,
  code {
    font-family: var(--_font-family-mono);
    font-size: var(--_font-size-sm);
    overflow-wrap: anywhere;
    /* Addresses, hashes and keys read left to right in every language. */
    direction: ltr;
    unicode-bidi: isolate;
  }

  dl {
    display: grid;
    grid-template-columns: minmax(6rem, max-content) 1fr;
    gap: var(--_space-xs) var(--_space-md);
    margin: 0;
  }

  dd {
    margin: 0;
    min-inline-size: 0;
  }

  ul,
  ol {
    margin: 0;
    padding-inline-start: 0;
    list-style: none;
  }

  .muted {
    color: var(--_color-muted);
  }
`;
