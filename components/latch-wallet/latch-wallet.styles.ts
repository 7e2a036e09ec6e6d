import { css } from 'lit';

export const walletStyles = css`
  /* <latch-wallet>'s sections are elements of their own, laid out as the card's blocks. */
  .sections {
    display: flex;
    flex-direction: column;
    gap: var(--_space-lg);
  }

  /* The rarer tools, one step away: a disclosure whose summary is a full-width, keyboard-reachable row. */
  .more {
    border-block-start: var(--_border-width) solid var(--_color-border);
    padding-block-start: var(--_space-md);
  }

  .more > summary {
    cursor: pointer;
    font-weight: var(--_font-weight-medium);
    padding-block: var(--_space-xs);
    border-radius: var(--_radius);
  }

  .more > summary:focus-visible {
    outline: var(--_focus-ring-width) solid var(--_color-focus-ring);
    outline-offset: 2px;
  }

  .more[open] > .sections {
    margin-block-start: var(--_space-md);
  }

  /* A wrapper that only listens (Escape in the export section): no box of its own. */
  .section-body {
    display: contents;
  }

  .accounts-area {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
  }

  .accounts {
    display: flex;
    flex-direction: column;
  }

  .account {
    display: flex;
    align-items: center;
    gap: var(--_space-md);
    padding-block: var(--_space-sm);
    border-block-end: var(--_border-width) solid var(--_color-border);
  }

  .account:last-child {
    border-block-end: none;
  }

  .account-text {
    display: flex;
    flex: 1;
    flex-direction: column;
    min-inline-size: 0;
  }

  .format {
    font-weight: var(--_font-weight-medium);
  }

  .meta {
    font-size: var(--_font-size-sm);
  }

  .pagination {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-sm);
  }

  .preview {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    padding: var(--_space-md);
    background: var(--_color-surface-subtle);
    border-radius: var(--_radius);
  }

  .message-text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .mnemonic {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
    gap: var(--_space-xs) var(--_space-md);
    padding: var(--_space-md);
    list-style: decimal inside;
    background: var(--_color-surface-subtle);
    border-radius: var(--_radius);
  }

  .mnemonic:focus-visible {
    outline: var(--_focus-ring-width) solid var(--_color-focus-ring);
  }

  .add-form {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
  }

  .result {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
  }

  /* A held export's fingerprint is one long token: let it wrap in a narrow card. */
  [part~='export-fingerprint'] {
    overflow-wrap: anywhere;
  }
`;
