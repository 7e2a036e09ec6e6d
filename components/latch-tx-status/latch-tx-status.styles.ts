import { css } from 'lit';

export const txStatusStyles = css`
  h4 {
    margin: 0;
    font-size: var(--_font-size-sm);
    font-weight: var(--_font-weight-bold);
  }

  .revert-chain {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    counter-reset: step;
  }

  .revert-entry {
    padding: var(--_space-sm) var(--_space-md);
    background: var(--_color-surface-subtle);
    border-inline-start: 4px solid var(--_color-error);
    border-radius: var(--_radius-sm);
  }

  pre {
    margin: 0;
    white-space: pre-wrap;
  }

  .logs {
    display: flex;
    flex-direction: column;
    gap: var(--_space-xs);
    padding: var(--_space-sm) var(--_space-md);
    background: var(--_color-surface-subtle);
    border-radius: var(--_radius-sm);
  }
`;
