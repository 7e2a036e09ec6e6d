import { css } from 'lit';

export const approvalsStyles = css`
  .list {
    display: flex;
    flex-direction: column;
    gap: var(--_space-md);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .item {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    padding: var(--_space-md);
    background: var(--_color-surface-subtle);
    border-radius: var(--_radius-md);
  }

  .item dl {
    margin: 0;
  }

  .fingerprint {
    overflow-wrap: anywhere;
  }
`;
